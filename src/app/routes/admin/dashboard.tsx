/** /admin: stats, recent builds, price management and quick actions (spec section 2). */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatCount, formatDate, formatDateTime } from '../../../common/format';
import { paths } from '../../../common/paths';
import { api, errorMessage } from '../../admin/api-client';
import { StatusBadge } from '../../admin/status-badge';
import { AdminSpinner, adminMeta, buttonClass, cardClass, Notice, secondaryButtonClass } from '../../admin/ui';
import { siteFromMatches } from '../../seo';
import type { Route } from './+types/dashboard';

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta('Dashboard', siteFromMatches(matches).siteName);
}

interface Stats {
  total: number;
  published: number;
  drafts: number;
  totalViews: number;
}

interface BuildRow {
  id: number;
  title: string;
  status: string;
  views: number;
  created_at: string;
}

interface TierStat {
  tier: string | null;
  total: number;
  with_asin: number;
  with_price: number;
  stale: number;
}

interface LastRun {
  job: string;
  trigger: string;
  status: string;
  started_at: string;
  finished_at: string | null;
  total: number;
  updated: number;
  unavailable: number;
  failed: number;
}

interface PriceStats {
  componentStats: TierStat[];
  cacheStats: { total_cached: number; valid_cache: number };
  retailer?: { configured: boolean; missing: string | null; lastRun: LastRun | null };
}

interface TierUpdateResponse {
  message?: string;
  summary?: { total?: number; updated?: number; unchanged?: number; unavailable?: number; failed?: number };
}

const RECENT_COUNT = 5;

function tierLabel(tier: string | null): string {
  if (tier === 'A') return 'Alta Priorità';
  if (tier === 'B') return 'Media Priorità';
  return 'Bassa Priorità';
}

type NoticeState = { tone: 'success' | 'error'; title: string; lines?: string[] } | null;

export default function AdminDashboard() {
  const [stats, setStats] = useState<Stats | null>(null);
  const [recent, setRecent] = useState<BuildRow[] | null>(null);
  const [prices, setPrices] = useState<PriceStats | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [running, setRunning] = useState<'A' | 'B' | 'assign' | null>(null);
  const [notice, setNotice] = useState<NoticeState>(null);

  const loadPrices = useCallback(async () => {
    try {
      setPrices(await api.get<PriceStats>('/admin/prices/stats'));
    } catch (error) {
      setLoadError(errorMessage(error, 'Errore nel caricamento delle statistiche dei prezzi'));
    }
  }, []);

  useEffect(() => {
    let active = true;
    api
      .get<{ stats: Stats }>('/admin/stats')
      .then((body) => active && setStats(body.stats))
      .catch((error) => active && setLoadError(errorMessage(error, 'Errore nel caricamento delle statistiche')));
    api
      .get<{ builds: BuildRow[] }>('/admin/builds')
      .then((body) => active && setRecent((body.builds ?? []).slice(0, RECENT_COUNT)))
      .catch((error) => active && setLoadError(errorMessage(error, 'Errore nel caricamento delle build')));
    void loadPrices();
    return () => {
      active = false;
    };
  }, [loadPrices]);

  async function updateTier(tier: 'A' | 'B') {
    setRunning(tier);
    setNotice(null);
    try {
      const body = await api.post<TierUpdateResponse>(`/admin/prices/update-tier/${tier}`);
      const s = body.summary ?? {};
      setNotice({
        tone: 'success',
        title: 'Aggiornamento prezzi completato!',
        lines: [
          `Componenti controllati: ${formatCount(s.total)}`,
          `Aggiornati: ${formatCount(s.updated)}`,
          `Invariati: ${formatCount(s.unchanged)}`,
          `Non disponibili: ${formatCount(s.unavailable)}`,
          `Errori: ${formatCount(s.failed)}`,
        ],
      });
      await loadPrices();
    } catch (error) {
      setNotice({ tone: 'error', title: errorMessage(error, "Errore nell'aggiornamento dei prezzi") });
    } finally {
      setRunning(null);
    }
  }

  async function assignTiers() {
    setRunning('assign');
    setNotice(null);
    try {
      const body = await api.post<{ assigned: number }>('/admin/components/assign-tiers');
      setNotice({ tone: 'success', title: `Tier assegnati automaticamente: ${formatCount(body.assigned)} componenti aggiornati.` });
      await loadPrices();
    } catch (error) {
      setNotice({ tone: 'error', title: errorMessage(error, "Errore nell'assegnazione automatica dei tier") });
    } finally {
      setRunning(null);
    }
  }

  const cards = [
    { key: 'total', label: 'Build totali', value: stats?.total },
    { key: 'published', label: 'Pubblicate', value: stats?.published },
    { key: 'drafts', label: 'Bozze', value: stats?.drafts },
    { key: 'totalViews', label: 'Visualizzazioni totali', value: stats?.totalViews },
  ] as const;

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      {loadError && <Notice tone="error">{loadError}</Notice>}

      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="sr-only">
          Statistiche
        </h2>
        {stats ? (
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {cards.map((card) => (
              <div key={card.key} className={cardClass} data-testid={`stat-${card.key}`}>
                <dt className="text-sm font-medium text-slate-700 dark:text-slate-300">{card.label}</dt>
                <dd className="mt-2 text-3xl font-bold" data-testid="stat-value">
                  {formatCount(card.value)}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          !loadError && <AdminSpinner label="Caricamento statistiche..." />
        )}
      </section>

      <div className="grid gap-8 xl:grid-cols-2">
        <section aria-labelledby="recent-heading" className={cardClass}>
          <div className="flex items-center justify-between gap-4">
            <h2 id="recent-heading" className="text-lg font-semibold">
              Build recenti
            </h2>
            <Link to={paths.admin.builds()} className="text-sm font-semibold text-violet-800 underline dark:text-violet-300">
              Vedi tutte
            </Link>
          </div>
          {recent === null ? (
            <AdminSpinner label="Caricamento build..." />
          ) : recent.length === 0 ? (
            <p className="mt-4 text-slate-700 dark:text-slate-300">Nessuna build ancora.</p>
          ) : (
            <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-800" data-testid="recent-builds">
              {recent.map((build) => (
                <li key={build.id} className="flex items-center justify-between gap-4 py-3">
                  <div className="min-w-0">
                    <Link to={paths.admin.editBuild(build.id)} className="font-medium text-violet-800 hover:underline dark:text-violet-300">
                      {build.title}
                    </Link>
                    <p className="text-sm text-slate-700 dark:text-slate-300">
                      <time dateTime={build.created_at}>{formatDate(build.created_at)}</time> · {formatCount(build.views)} visualizzazioni
                    </p>
                  </div>
                  <StatusBadge status={build.status} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="quick-heading" className={cardClass}>
          <h2 id="quick-heading" className="text-lg font-semibold">
            Azioni rapide
          </h2>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Link to={paths.admin.newBuild()} className={buttonClass}>
              Nuova Build
            </Link>
            <a href={paths.sitemap()} className={secondaryButtonClass}>
              Sitemap
            </a>
            <a href={paths.home()} className={secondaryButtonClass}>
              Anteprima sito
            </a>
          </div>
        </section>
      </div>

      <section aria-labelledby="prices-heading" className={cardClass} data-testid="price-management">
        <h2 id="prices-heading" className="text-lg font-semibold">
          Gestione prezzi
        </h2>
        {notice && (
          <div className="mt-4">
            <Notice tone={notice.tone} onDismiss={() => setNotice(null)} testId="price-notice">
              <p className="font-semibold">{notice.title}</p>
              {notice.lines && (
                <ul className="mt-1 list-disc pl-5">
                  {notice.lines.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
            </Notice>
          </div>
        )}
        {prices === null ? (
          <AdminSpinner label="Caricamento statistiche prezzi..." />
        ) : (
          <>
            {prices.retailer && !prices.retailer.configured && (
              <p className="mt-4 rounded-lg border border-yellow-400 bg-yellow-50 px-4 py-3 text-sm text-yellow-900 dark:border-yellow-700 dark:bg-yellow-950 dark:text-yellow-100" data-testid="retailer-missing">
                {prices.retailer.missing ?? 'Amazon non configurato'}
              </p>
            )}
            <div className="mt-4 grid gap-4 md:grid-cols-3">
              {prices.componentStats.map((stat) => (
                <div key={stat.tier ?? 'C'} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid={`tier-${stat.tier ?? 'C'}`}>
                  <h3 className="font-semibold">
                    {tierLabel(stat.tier)} <span className="text-sm font-normal text-slate-700 dark:text-slate-300">(Tier {stat.tier ?? 'C'})</span>
                  </h3>
                  <dl className="mt-2 space-y-1 text-sm">
                    <div className="flex justify-between gap-2">
                      <dt>Componenti</dt>
                      <dd className="font-semibold">{formatCount(stat.total)}</dd>
                    </div>
                    <div className="flex justify-between gap-2">
                      <dt>Con prezzo</dt>
                      <dd className="font-semibold">{formatCount(stat.with_price)}</dd>
                    </div>
                    <div className="flex justify-between gap-2">
                      <dt>Prezzi da aggiornare</dt>
                      <dd className="font-semibold">{formatCount(stat.stale)}</dd>
                    </div>
                  </dl>
                </div>
              ))}
            </div>
            <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="inline">Prodotti in cache: </dt>
                <dd className="inline font-semibold">{formatCount(prices.cacheStats.total_cached)}</dd>
              </div>
              <div>
                <dt className="inline">Cache valida: </dt>
                <dd className="inline font-semibold">{formatCount(prices.cacheStats.valid_cache)}</dd>
              </div>
              <div>
                <dt className="inline">Amazon: </dt>
                <dd className="inline font-semibold">{prices.retailer?.configured ? 'Configurato' : 'Non configurato'}</dd>
              </div>
              <div>
                <dt className="inline">Ultimo aggiornamento: </dt>
                <dd className="inline font-semibold" data-testid="last-run">
                  {prices.retailer?.lastRun
                    ? `${formatDateTime(prices.retailer.lastRun.started_at)} (${prices.retailer.lastRun.job}, ${prices.retailer.lastRun.status}: ${formatCount(prices.retailer.lastRun.updated)} aggiornati, ${formatCount(prices.retailer.lastRun.failed)} errori)`
                    : 'Nessuno'}
                </dd>
              </div>
            </dl>
          </>
        )}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <button type="button" className={buttonClass} disabled={running !== null} onClick={() => void updateTier('A')}>
            {running === 'A' ? 'Aggiornamento in corso...' : 'Aggiorna Tier A'}
          </button>
          <button type="button" className={buttonClass} disabled={running !== null} onClick={() => void updateTier('B')}>
            {running === 'B' ? 'Aggiornamento in corso...' : 'Aggiorna Tier B'}
          </button>
          <button type="button" className={secondaryButtonClass} disabled={running !== null} onClick={() => void assignTiers()}>
            {running === 'assign' ? 'Assegnazione in corso...' : 'Assegnazione automatica tier'}
          </button>
        </div>
      </section>
    </div>
  );
}
