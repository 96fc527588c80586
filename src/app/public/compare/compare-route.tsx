/**
 * /confronta?build={slug}&build={slug}[&build={slug}]: 2 or 3 public builds side by side, as a
 * server-rendered document with no script (decision 017). Never indexed; whatever the query holds, the
 * page answers: what cannot be compared is left out and counted.
 */
import { AFFILIATE_LINK_REL, EXTERNAL_LINK_REL, isAmazonLink } from '../../../common/amazon-hosts';
import { categoryLabel } from '../../../common/catalog';
import type { ReactNode } from 'react';
import { data as answer } from 'react-router';
import { compareQuery, comparePageKey, MAX_COMPARED, MIN_COMPARED, requestedSlugs } from '../../../common/compare-query';
import { PAGE_KEY_HEADER } from '../../../common/page-key';
import { paths } from '../../../common/paths';
import { AFFILIATE_DISCLOSURE } from '../../../common/price-freshness';
import { compareChart } from './compare-chart';
import { type ComparedBuildData, type ComparePageData, type CompareRow, toComparePage } from './compare-text';
import { BuyAll, PriceTotal } from '../builds/buy-all';
import { CompareChart } from './compare-chart-figure';
import { CompareWith } from '../../components/compare-with';
import { PriceNote } from '../builds/component-list';
import { ExternalIcon } from '../../components/icons';
import type { ComponentData } from '../builds/build-page-text';
import { breadcrumbListJsonLd } from '../../structured-data';
import { pageMeta, siteFromMatches } from '../../seo';
import type { Route } from './+types/compare-route';

/**
 * Public builds left out, by their titles (the author's words, as their pages show them): a slug is a
 * visitor's text until the database has named its build, so unknown ones are only counted.
 */
const quotedTitles = (builds: readonly { title: string }[]) => builds.map((build) => `«${build.title}»`).join(', ');

/**
 * How many builds asked for could not be shown. Counted, never named: a link would otherwise write its
 * own words on our page.
 */
function leftOutNotice(count: number): string {
  return count === 1 ? '1 build non trovata o non pubblicata, lasciata fuori.' : `${count} build non trovate o non pubblicate, lasciate fuori.`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const requested = requestedSlugs(new URL(request.url).searchParams);
  const comparison = await context.services.compare.compare(requested);
  const enough = comparison.compared.length >= MIN_COMPARED;
  const single = comparison.compared.length === 1 ? comparison.compared[0]!.build : null;
  const notices: string[] = [];
  if (comparison.leftOut.length > 0) notices.push(leftOutNotice(comparison.leftOut.length));
  if (comparison.overLimit.length > 0) {
    notices.push(`Si possono confrontare al massimo ${MAX_COMPARED} build: sono state confrontate le prime ${MAX_COMPARED}, lasciate fuori ${quotedTitles(comparison.overLimit)}.`);
  }
  // The key of what this page shows: the public builds asked for, and how many others (common/page-key.ts).
  const shown = [...comparison.compared.map((entry) => entry.build.slug), ...comparison.overLimit.map((build) => build.slug)];
  const pageKey = comparePageKey(paths.compare(), shown, comparison.leftOut.length);
  const page = {
    comparison: enough ? toComparePage(comparison) : null,
    chart: enough ? compareChart(comparison.compared.map((entry) => ({ label: entry.build.title, points: entry.totals }))) : null,
    notices,
    /** The one build asked for that can be shown, to compare with another. */
    single: single ? { slug: single.slug, title: single.title } : null,
    candidates: single ? await context.services.compare.candidatesFor(single) : [],
    /** The page's own query in its one spelling: the builds shown, in order. */
    selfQuery: compareQuery(comparison.compared.map((entry) => entry.build.slug)),
    // The time of rendering decides which prices are shown as current (as on the build page).
    renderedAt: Date.now(),
  };
  return answer(page, { headers: { [PAGE_KEY_HEADER]: pageKey } });
}

/** Past this many characters a title is cut in search results and tabs: longer names fall back to a count. */
const COMPARISON_TITLE_MAX = 60;

/** "Confronto: A e B", or "Confronto di 3 build" when the names would not fit a title. */
function comparisonTitle(titles: string[]): string {
  const named = `Confronto: ${titles.slice(0, -1).join(', ')} e ${titles.at(-1)}`;
  return named.length <= COMPARISON_TITLE_MAX ? named : `Confronto di ${titles.length} build`;
}

/** The loader's page key goes out with the document, for the page cache to read (and remove). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const titles = data?.comparison?.builds.map((build) => build.page.title) ?? [];
  const named = titles.length > 0 ? comparisonTitle(titles) : null;
  const path = paths.compare(data?.selfQuery ?? '');
  const crumbs = [
    { name: site.siteName, path: paths.home() },
    { name: 'Confronta le build', path: paths.compare() },
    ...(named ? [{ name: named, path }] : []),
  ];
  return [
    ...pageMeta(site, {
      title: `${named ?? 'Confronta le build'} | ${site.siteName}`,
      description: 'Build a confronto: componenti riga per riga, prezzi totali, consumo stimato e compatibilità.',
      path,
    }),
    // A comparison is any pair of builds: not a page for search results, but its links are worth following.
    { name: 'robots', content: 'noindex, follow' },
    { 'script:ld+json': breadcrumbListJsonLd(crumbs, site.publicBaseUrl) },
  ];
}

function PartCell({ parts, now }: { parts: ComponentData[]; now: number }) {
  if (parts.length === 0) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">Nessun componente di questo tipo</span>
      </>
    );
  }
  return (
    <ul className="space-y-3">
      {parts.map((part) => {
        const affiliate = part.amazon_link !== null && isAmazonLink(part.amazon_link);
        return (
          <li key={part.id} data-testid="compare-part">
            <p className="font-semibold wrap-anywhere">{part.name}</p>
            <p className="font-bold">{part.priceText}</p>
            <PriceNote component={part} now={now} />
            {part.amazon_link && (
              <a
                href={part.amazon_link}
                target="_blank"
                rel={affiliate ? AFFILIATE_LINK_REL : EXTERNAL_LINK_REL}
                className="mt-1 inline-flex min-h-6 items-center gap-1 text-sm font-semibold text-violet-700 hover:underline dark:text-violet-300"
              >
                {affiliate ? 'Vedi su Amazon' : 'Vedi il prodotto'} <ExternalIcon width={14} height={14} />
                <span className="sr-only">
                  {`${part.name} ${affiliate ? '(link affiliato, si apre in una nuova scheda)' : '(sito esterno, si apre in una nuova scheda)'}`}
                </span>
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function DifferenceMark({ same }: { same: boolean }) {
  return same ? (
    <span className="mt-1 block text-xs font-medium text-slate-600 dark:text-slate-400">Uguale</span>
  ) : (
    <span className="mt-1 inline-block rounded bg-amber-200 px-1.5 py-0.5 text-xs font-bold text-amber-950">Diverso</span>
  );
}

const CELL = 'border-t border-slate-200 p-3 align-top dark:border-slate-800';
const ROW_HEAD = `${CELL} w-32 text-left text-sm font-bold`;

function PartRow({ row, now }: { row: CompareRow; now: number }) {
  return (
    <tr data-testid="compare-row" data-type={row.type} data-same={row.same ? 'true' : 'false'} className={row.same ? undefined : 'bg-amber-50 dark:bg-amber-950/30'}>
      <th scope="row" className={ROW_HEAD}>
        {`${row.type} `}
        <DifferenceMark same={row.same} />
      </th>
      {row.cells.map((parts, index) => (
        <td key={index} className={CELL}>
          <PartCell parts={parts} now={now} />
        </td>
      ))}
    </tr>
  );
}

function CompatibilityCell({ build }: { build: ComparedBuildData }) {
  const { counts, issues } = build.compatibility;
  return (
    <>
      <p>
        {`Superati: ${counts.ok} · Da verificare: ${counts.warning} · Errori: ${counts.error}`}
        {counts.unknown > 0 && ` · Non verificati: ${counts.unknown}`}
      </p>
      {issues.length > 0 && (
        <ul className="mt-2 space-y-1 text-amber-900 wrap-anywhere dark:text-amber-200">
          {issues.map((issue) => (
            <li key={issue.label} data-status={issue.status}>
              <strong>{issue.label}</strong> — {issue.message}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * A row of what each build is as a whole (total, power, compatibility, purchase): its heading, then one cell
 * a build in the columns' order. `marked` flags the cheapest build's cell (data-cheapest) for the style.
 */
function BuildsRow({ testId, heading, builds, marked, children }: { testId: string; heading: string; builds: ComparedBuildData[]; marked?: (build: ComparedBuildData) => boolean; children: (build: ComparedBuildData) => ReactNode }) {
  return (
    <tr data-testid={testId}>
      <th scope="row" className={ROW_HEAD}>
        {heading}
      </th>
      {builds.map((build) => (
        <td key={build.page.slug} className={CELL} data-cheapest={marked?.(build) ? 'true' : undefined}>
          {children(build)}
        </td>
      ))}
    </tr>
  );
}

function CompareTable({ data, now }: { data: ComparePageData; now: number }) {
  const { builds, rows } = data;
  return (
    // The table scrolls inside its own box on a phone, the page does not: the box is the containing block of
    // the screen-reader-only labels (absolutely positioned), which would otherwise widen the page. The
    // author's words (titles, part names) may break anywhere, so one long word does not size a column.
    <div className="relative mt-8 overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800" data-testid="compare-scroll">
      <table className="w-full min-w-[40rem] border-collapse text-sm" data-testid="compare-table">
        <caption className="sr-only">Componenti, prezzi e compatibilità delle build a confronto; le righe diverse sono segnate «Diverso»</caption>
        <thead>
          <tr>
            <td className="p-3" />
            {builds.map(({ page }) => (
              <th key={page.slug} scope="col" className="p-3 text-left align-top" data-testid="compare-build">
                <a href={paths.build(page.slug)} className="text-base font-bold text-violet-700 wrap-anywhere hover:underline dark:text-violet-300">
                  {page.title}
                </a>
                {page.category && <span className="block text-xs font-medium text-slate-600 dark:text-slate-400">{categoryLabel(page.category)}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <PartRow key={row.type} row={row} now={now} />
          ))}
          <BuildsRow testId="compare-totals" heading="Totale" builds={builds} marked={(build) => build.cheapest}>
            {(build) => (
              <>
                {build.cheapest && <p className="mb-2 inline-block rounded bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100">La più economica</p>}
                <PriceTotal build={build.page} now={now} testId="compare-total" />
              </>
            )}
          </BuildsRow>
          <BuildsRow testId="compare-power" heading="Consumo stimato" builds={builds}>
            {(build) => build.compatibility.wattsText}
          </BuildsRow>
          <BuildsRow testId="compare-compatibility" heading="Compatibilità" builds={builds}>
            {(build) => <CompatibilityCell build={build} />}
          </BuildsRow>
          <BuildsRow testId="compare-buy" heading="Acquisto" builds={builds}>
            {({ page }) => (
              <>
                <BuyAll build={page} disclosure={AFFILIATE_DISCLOSURE} />
                <p className="mt-3 text-center">
                  <a href={paths.build(page.slug)} className="inline-flex min-h-6 items-center font-semibold text-violet-700 hover:underline dark:text-violet-300">
                    Vai alla build<span className="sr-only"> {page.title}</span>
                  </a>
                </p>
              </>
            )}
          </BuildsRow>
        </tbody>
      </table>
    </div>
  );
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { comparison, chart, notices, single, candidates, renderedAt } = loaderData;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">{comparison ? 'Confronto tra build' : 'Confronta le build'}</h1>
      {notices.map((notice) => (
        <p key={notice} role="note" className="mt-4 rounded-lg bg-amber-100 px-3 py-2 text-sm text-amber-950 dark:bg-amber-900/40 dark:text-amber-100" data-testid="compare-notice">
          {notice}
        </p>
      ))}
      {comparison ? (
        <>
          <CompareTable data={comparison} now={renderedAt} />
          {chart && (
            <section aria-label="Storico dei prezzi" className="mt-8 rounded-2xl border border-slate-200 p-5 sm:p-6 dark:border-slate-800">
              <CompareChart chart={chart} />
            </section>
          )}
        </>
      ) : (
        <div data-testid="compare-pick">
          <p className="mt-4 text-slate-700 dark:text-slate-300">
            {`Scegli almeno ${MIN_COMPARED} build da confrontare (al massimo ${MAX_COMPARED}).`}
            {single && ` Hai scelto «${single.title}»: scegline un'altra qui sotto.`}
          </p>
          {single && <CompareWith slug={single.slug} candidates={candidates} />}
          <a href={paths.builds()} className="mt-6 inline-block rounded-xl bg-violet-700 px-6 py-3 font-semibold text-white hover:bg-violet-600">
            Scegli le build dalla home
          </a>
        </div>
      )}
    </main>
  );
}
