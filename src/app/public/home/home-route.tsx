import type { ReactNode } from 'react';
import { redirect } from 'react-router';
import { BUDGET_RANGES, findBudgetRange } from '../../../common/budget-ranges';
import { BUILD_CATEGORIES, categoryLabel } from '../../../common/catalog';
import { feedPath, feedTitle } from '../../../common/feed-query';
import { homeListCanonical, homeListDescription, homeListHeading, homeListName, homeListTitle, isIndexedHomeList } from '../../../common/home-list';
import { paths } from '../../../common/paths';
import { breadcrumbListJsonLd, homePageJsonLd } from '../../structured-data';
import { canonicalHomeQuery, HOME_PAGE_SIZE, HOME_QUERY_PARAMS, type HomeQuery, LEGACY_CATEGORY_PARAM, parseHomeQuery } from '../../../common/home-query';
import { BuildCard } from '../../components/build-card';
import { CompareForm } from '../../components/compare-form';
import { GaugeIcon, ChatIcon, TagIcon } from '../../components/icons';
import { Pagination } from '../../components/pagination';
import { PAGE_HOOKS } from '../../page-script/hooks';
import { toBuildCard } from '../../components/build-card-text';
import { pageMeta, siteFromMatches } from '../../seo';
import type { Route } from './+types/home-route';

/** The home page's URL for a query, in its one canonical spelling (common/home-query.ts). */
function homeUrl(query: HomeQuery): string {
  return `/${canonicalHomeQuery(query)}`;
}

/** The same query with ?category= read as ?categoria= (which wins when a link has both). */
function fromLegacyLink(search: URLSearchParams): HomeQuery {
  const renamed = new URLSearchParams(search);
  if (!renamed.has(HOME_QUERY_PARAMS.category)) renamed.set(HOME_QUERY_PARAMS.category, search.get(LEGACY_CATEGORY_PARAM) ?? '');
  return parseHomeQuery(renamed);
}

/**
 * One page of 12 builds, filtered. An old ?category= link moves permanently (301) to its canonical URL;
 * a page past the last one sends the visitor to the last page of that filter (302: it becomes a real page
 * once enough builds are published); unknown filter values read as no filter.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  if (search.has(LEGACY_CATEGORY_PARAM)) throw redirect(homeUrl(fromLegacyLink(search)), 301);
  const query = parseHomeQuery(search);
  const budget = findBudgetRange(query.budget);
  const { builds, total } = await context.services.builds.listPublishedPage({
    category: query.category,
    minBudget: budget?.min,
    maxBudget: budget?.max,
    page: query.page,
    pageSize: HOME_PAGE_SIZE,
  });
  const pageCount = Math.max(1, Math.ceil(total / HOME_PAGE_SIZE));
  if (query.page > pageCount) throw redirect(homeUrl({ ...query, page: pageCount }), 302);
  return { builds: builds.map(toBuildCard), query, total, pageCount, author: context.config.siteAuthor };
}

export function meta({ matches, data }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const query = data?.query ?? { category: null, budget: null, page: 1 };
  // One rule for every filter and page (common/home-list.ts, decision 038): the canonical is the
  // category's first page or the home; only that page itself, with builds in it, is indexed.
  const indexed = data ? isIndexedHomeList(query, data.total) : false;
  const tags = pageMeta(site, {
    title: homeListTitle(query, site.siteName),
    description: homeListDescription(query),
    path: homeUrl(homeListCanonical(query)),
    robots: indexed ? undefined : 'noindex, follow',
  });
  // A category's page also offers that category's feed (the site's is in every page's head: root.tsx).
  const category = data?.query.category ?? null;
  if (category) tags.push({ tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: feedTitle(site.siteName, category), href: feedPath(category) });
  const name = homeListName(query);
  const jsonLd = name
    ? [breadcrumbListJsonLd([{ name: site.siteName, path: paths.home() }, { name, path: homeUrl({ ...query, page: 1 }) }], site.publicBaseUrl)]
    : query.page === 1
      ? homePageJsonLd(site, paths.search())
      : [];
  return [...tags, ...jsonLd.map((item) => ({ 'script:ld+json': item }))];
}

/** A filter chip: a plain link to the first page of the other filter, back at the grid. */
function Chip({ query, active, children }: { query: HomeQuery; active: boolean; children: string }) {
  return (
    <a
      href={`${homeUrl(query)}#builds`}
      aria-current={active ? 'true' : undefined}
      className={`shrink-0 whitespace-nowrap rounded-full border px-4 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 ${
        active
          ? 'border-violet-700 bg-violet-700 text-white dark:border-violet-400 dark:bg-violet-400 dark:text-slate-950'
          : 'border-slate-300 text-slate-700 hover:border-violet-500 hover:text-violet-700 dark:border-slate-700 dark:text-slate-200 dark:hover:text-violet-300'
      }`}
    >
      {children}
    </a>
  );
}

/**
 * A row of chips: wraps on wider screens; on a phone one line that scrolls sideways (a thin scrollbar
 * shows there is more), edge to edge, with room for the focus outline. The page script centres the
 * chosen chip in it.
 */
function ChipRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="group"
      aria-label={label}
      data-enhance={PAGE_HOOKS.chipRow}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 py-1 [scrollbar-width:thin] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0"
    >
      {children}
    </div>
  );
}

const REASONS = [
  { icon: GaugeIcon, title: 'FPS garantiti', text: 'Ogni configurazione è pensata per un obiettivo preciso: risoluzione, giochi e frame rate che puoi aspettarti davvero.' },
  { icon: TagIcon, title: 'Prezzi aggiornati', text: 'Prezzi controllati con la data di rilevazione e un link per mettere tutta la build nel carrello Amazon.' },
  { icon: ChatIcon, title: 'Consigli da esperti', text: 'Ogni build è spiegata componente per componente: perché è stato scelto e come aggiornarla in futuro.' },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { builds, query, pageCount, author } = loaderData;
  const firstPage = { ...query, page: 1 };

  return (
    <main>
      <section className="bg-gradient-to-br from-violet-700 via-indigo-900 to-indigo-950 text-white">
        <div className="mx-auto max-w-6xl px-4 py-20 text-center sm:py-28">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">{homeListHeading(query)}</h1>
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
        <div className="mt-6 space-y-2" role="group" aria-label="Filtri">
          <ChipRow label="Categoria">
            <Chip query={{ ...firstPage, category: null }} active={!query.category}>
              Tutte
            </Chip>
            {BUILD_CATEGORIES.map((value) => (
              <Chip key={value} query={{ ...firstPage, category: value }} active={query.category === value}>
                {categoryLabel(value)}
              </Chip>
            ))}
          </ChipRow>
          <ChipRow label="Budget">
            <Chip query={{ ...firstPage, budget: null }} active={!query.budget}>
              Qualsiasi budget
            </Chip>
            {BUDGET_RANGES.map((range) => (
              <Chip key={range.id} query={{ ...firstPage, budget: range.id }} active={query.budget === range.id}>
                {range.label}
              </Chip>
            ))}
          </ChipRow>
        </div>

        <div className="mt-8">
          {builds.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 py-16 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">
              Nessuna build disponibile al momento.
            </p>
          ) : (
            <CompareForm>
              <ul className="relative grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="build-grid">
                {builds.map((build, index) => (
                  <BuildCard key={build.id} build={build} index={index} compare />
                ))}
              </ul>
            </CompareForm>
          )}
          <Pagination page={query.page} pageCount={pageCount} href={(page) => `${homeUrl({ ...query, page })}#builds`} />
        </div>
      </section>

      <section aria-labelledby="why-heading" className="below-fold bg-slate-50 dark:bg-slate-900/50">
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

      <section className="below-fold mx-auto max-w-6xl px-4 py-16">
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
