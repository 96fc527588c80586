import { Link, useNavigation } from 'react-router';
import { BUDGET_RANGES, findBudgetRange } from '../../common/budget-ranges';
import { BUILD_CATEGORIES, categoryLabel, isBuildCategory } from '../../common/catalog';
import { BuildCard } from '../components/build-card';
import { GaugeIcon, ChatIcon, TagIcon } from '../components/icons';
import { Spinner } from '../components/spinner';
import { toBuildCard } from '../public-text';
import { pageMeta, siteFromMatches } from '../seo';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const category = isBuildCategory(search.get('category')) ? (search.get('category') as string) : null;
  const budget = findBudgetRange(search.get('budget')) ?? null;
  const builds = await context.services.builds.listPublished({
    category: category ?? undefined,
    minBudget: budget?.min,
    maxBudget: budget?.max,
  });
  return { builds: builds.map(toBuildCard), category, budget: budget?.id ?? null, author: context.config.siteAuthor };
}

export function meta({ matches, data }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  // Canonical URL: the known filters only, so tracking or junk parameters never create duplicates.
  const filterPath = filterUrl({ category: data?.category ?? null, budget: data?.budget ?? null }, {}).replace('#builds', '');
  return pageMeta(site, {
    title: `${site.siteName}: guide per assemblare il tuo PC perfetto`,
    description:
      'Configurazioni PC complete per gaming, editing, ufficio e workstation: componenti scelti, prezzi aggiornati e link per comprare tutto su Amazon.',
    path: filterPath,
  });
}

/** URL of the home with one filter changed; the other stays as it is. */
function filterUrl(current: { category: string | null; budget: string | null }, change: Partial<{ category: string | null; budget: string | null }>) {
  const next = { ...current, ...change };
  const params = new URLSearchParams();
  if (next.category) params.set('category', next.category);
  if (next.budget) params.set('budget', next.budget);
  const query = params.toString();
  return `/${query ? `?${query}` : ''}#builds`;
}

function Chip({ to, active, children }: { to: string; active: boolean; children: string }) {
  return (
    <Link
      to={to}
      preventScrollReset
      aria-current={active ? 'true' : undefined}
      className={`rounded-full border px-4 py-1.5 text-sm font-medium transition ${
        active
          ? 'border-violet-700 bg-violet-700 text-white dark:border-violet-400 dark:bg-violet-400 dark:text-slate-950'
          : 'border-slate-300 text-slate-700 hover:border-violet-500 hover:text-violet-700 dark:border-slate-700 dark:text-slate-200 dark:hover:text-violet-300'
      }`}
    >
      {children}
    </Link>
  );
}

const REASONS = [
  { icon: GaugeIcon, title: 'FPS garantiti', text: 'Ogni configurazione è pensata per un obiettivo preciso: risoluzione, giochi e frame rate che puoi aspettarti davvero.' },
  { icon: TagIcon, title: 'Prezzi aggiornati', text: 'Prezzi controllati con la data di rilevazione e un link per mettere tutta la build nel carrello Amazon.' },
  { icon: ChatIcon, title: 'Consigli da esperti', text: 'Ogni build è spiegata componente per componente: perché è stato scelto e come aggiornarla in futuro.' },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { builds, category, budget, author } = loaderData;
  const navigation = useNavigation();
  const loadingBuilds = navigation.state === 'loading' && navigation.location.pathname === '/';
  const filters = { category, budget };

  return (
    <main>
      <section className="bg-gradient-to-br from-violet-700 via-indigo-900 to-indigo-950 text-white">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:py-28">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">Assembla il tuo PC perfetto</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-violet-100">
            Configurazioni complete per ogni budget e ogni uso, con prezzi aggiornati e guide passo passo.
          </p>
          <p className="mt-4 text-sm text-violet-200">
            A cura di <span className="font-semibold text-white">{author}</span>
          </p>
          <a href="#builds" className="mt-8 inline-block rounded-xl bg-white px-6 py-3 font-semibold text-indigo-950 shadow hover:bg-violet-50">
            Scopri le build
          </a>
        </div>
      </section>

      <section id="builds" aria-labelledby="builds-heading" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16">
        <h2 id="builds-heading" className="text-3xl font-extrabold tracking-tight">
          Le Mie Build
        </h2>
        <div className="mt-6 space-y-3" role="group" aria-label="Filtri">
          <div className="flex flex-wrap gap-2" role="group" aria-label="Categoria">
            <Chip to={filterUrl(filters, { category: null })} active={!category}>
              Tutte
            </Chip>
            {BUILD_CATEGORIES.map((value) => (
              <Chip key={value} to={filterUrl(filters, { category: value })} active={category === value}>
                {categoryLabel(value)}
              </Chip>
            ))}
          </div>
          <div className="flex flex-wrap gap-2" role="group" aria-label="Budget">
            <Chip to={filterUrl(filters, { budget: null })} active={!budget}>
              Qualsiasi budget
            </Chip>
            {BUDGET_RANGES.map((range) => (
              <Chip key={range.id} to={filterUrl(filters, { budget: range.id })} active={budget === range.id}>
                {range.label}
              </Chip>
            ))}
          </div>
        </div>

        <div className="mt-8">
          {loadingBuilds ? (
            <Spinner label="Caricamento delle build..." />
          ) : builds.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 py-16 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
              Nessuna build disponibile al momento.
            </p>
          ) : (
            <ul className="relative grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="build-grid">
              {builds.map((build, index) => (
                <BuildCard key={build.id} build={build} index={index} />
              ))}
            </ul>
          )}
        </div>
      </section>

      <section aria-labelledby="why-heading" className="bg-slate-50 dark:bg-slate-900/50">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="why-heading" className="text-center text-3xl font-extrabold tracking-tight">
            Perché scegliere le mie build
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {REASONS.map(({ icon: ReasonIcon, title, text }) => (
              <li key={title} className="rounded-2xl bg-white p-6 shadow-sm dark:bg-slate-900">
                <span className="inline-flex rounded-xl bg-violet-100 p-3 text-violet-700 dark:bg-violet-900/60 dark:text-violet-200">
                  <ReasonIcon width={24} height={24} />
                </span>
                <h3 className="mt-4 text-lg font-bold">{title}</h3>
                <p className="mt-2 text-slate-600 dark:text-slate-300">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16">
        <div className="rounded-3xl bg-gradient-to-br from-violet-700 to-indigo-950 px-6 py-12 text-center text-white">
          <h2 className="text-3xl font-extrabold">Pronto ad assemblare il tuo PC?</h2>
          <p className="mx-auto mt-4 max-w-xl text-violet-100">Scegli la build adatta a te e metti tutti i componenti nel carrello con un clic.</p>
          <a href="#builds" className="mt-8 inline-block rounded-xl bg-white px-6 py-3 font-semibold text-indigo-950 hover:bg-violet-50">
            Scegli la tua build
          </a>
        </div>
      </section>
    </main>
  );
}
