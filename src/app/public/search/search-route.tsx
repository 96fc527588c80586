/**
 * /cerca?q=…&pagina=…: the site search's results (decision 033), a document rendered on the
 * server like the home (decision 017): the home's cards with the matched words in <mark>, pagination,
 * and "Nessun risultato" with suggestions. Without q, only the form. Not for search engines (noindex,
 * follow): its pages are endless variations of the builds' own pages.
 */
import { data, redirect } from 'react-router';
import { BUILD_CATEGORIES, categoryLabel } from '../../../common/catalog';
import { canonicalHomeQuery } from '../../../common/home-query';
import { highlightSegments, queryWords } from '../../../common/italian-search-text';
import { paths } from '../../../common/paths';
import { canonicalSearchQuery, MAX_QUERY_LENGTH, parseSearchQuery, SEARCH_PAGE_SIZE, type SearchPageQuery } from '../../../common/search-query';
import { BuildCard } from '../../components/build-card';
import { CompareForm } from '../../components/compare-form';
import { SearchForm } from '../../components/search-form';
import { Pagination } from '../../components/pagination';
import { toBuildCard } from '../../components/build-card-text';
import { breadcrumbListJsonLd } from '../../structured-data';
import { pageMeta, siteFromMatches } from '../../seo';
import type { Route } from './+types/search-route';

interface Suggestion {
  word: string;
  total: number;
  totalCapped: boolean;
}

/** "12 build trovate", or past the rank limit "più di 200 build trovate". */
function foundText(total: number, capped: boolean): string {
  if (capped) return `Più di ${total} build trovate`;
  return total === 1 ? '1 build trovata' : `${total} build trovate`;
}

/** Words of a search that found nothing, tried one by one for the suggestions. */
const SUGGESTED_WORDS = 3;

function searchUrl(query: SearchPageQuery): string {
  return `/cerca${canonicalSearchQuery(query)}`;
}

const emptyPage = (query: SearchPageQuery, error: string | null = null) => ({
  query,
  error,
  results: [],
  total: 0,
  totalCapped: false,
  pageCount: 1,
  suggestions: [] as Suggestion[],
  corrected: null as string | null,
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseSearchQuery(new URL(request.url).searchParams);
  if (query.q.length > MAX_QUERY_LENGTH) {
    return data(emptyPage({ q: query.q.slice(0, MAX_QUERY_LENGTH), page: 1 }, `Ricerca troppo lunga: al massimo ${MAX_QUERY_LENGTH} caratteri. Prova con meno parole.`), { status: 400 });
  }
  if (!query.q) return emptyPage(query);
  const { search } = context.services;
  let result = await search.search({ q: query.q, limit: SEARCH_PAGE_SIZE, offset: (query.page - 1) * SEARCH_PAGE_SIZE });
  // Nothing found: maybe a misspelling. The corrected search's first page is shown under "Forse cercavi"
  // (decision 041); its further pages are the corrected search's own.
  let corrected = result.total === 0 ? await search.correct(query.q) : null;
  if (corrected !== null) {
    const correctedResult = await search.search({ q: corrected, limit: SEARCH_PAGE_SIZE, offset: 0 });
    if (correctedResult.total > 0) result = correctedResult;
    else corrected = null;
  }
  const pageCount = Math.max(1, Math.ceil(result.total / SEARCH_PAGE_SIZE));
  if (corrected === null && query.page > pageCount) throw redirect(searchUrl({ ...query, page: pageCount }), 302);
  const results = result.builds.map((build) => ({
    card: toBuildCard(build),
    highlight: {
      title: highlightSegments(build.title, result.terms, result.prefixes),
      description: highlightSegments(build.description, result.terms, result.prefixes),
    },
  }));
  // Nothing for all the words together, and no correction: how many builds each of the first words finds alone.
  const suggestions: Suggestion[] = [];
  const words = queryWords(query.q);
  if (result.total === 0 && words.length > 1) {
    for (const word of words.slice(0, SUGGESTED_WORDS)) {
      const alone = await search.search({ q: word, limit: 1, offset: 0 });
      if (alone.total > 0) suggestions.push({ word, total: alone.total, totalCapped: alone.totalCapped });
    }
  }
  return { query, error: null, results, total: result.total, totalCapped: result.totalCapped, pageCount, suggestions, corrected };
}

export function meta({ matches, data: loaded }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const q = loaded?.query.q ?? '';
  const page = loaded?.query.page ?? 1;
  const title = q ? `Risultati per «${q}»${page > 1 ? ` (pagina ${page})` : ''} | ${site.siteName}` : `Cerca | ${site.siteName}`;
  return [
    ...pageMeta(site, {
      title,
      description: 'Cerca tra le build: titolo, descrizione, articolo e componenti.',
      path: loaded ? searchUrl(loaded.query) : '/cerca',
    }),
    { name: 'robots', content: 'noindex, follow' },
    // The trail names the search, never the visitor's words.
    { 'script:ld+json': breadcrumbListJsonLd([{ name: site.siteName, path: paths.home() }, { name: 'Cerca', path: paths.search() }], site.publicBaseUrl) },
  ];
}

function SearchPageForm({ q }: { q: string }) {
  return (
    <SearchForm
      id="search-page-q"
      ariaLabel="Affina la ricerca"
      placeholder="Per esempio: rtx 5070 editing"
      defaultValue={q}
      className="mt-6 flex max-w-xl"
      inputClassName="w-full min-w-0 rounded-l-xl border border-r-0 border-slate-300 bg-white px-4 py-3 text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-violet-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      buttonClassName="inline-flex items-center gap-2 rounded-r-xl bg-violet-700 px-5 font-semibold text-white hover:bg-violet-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 dark:bg-violet-400 dark:text-slate-950"
      buttonLabel="Cerca"
    />
  );
}

/**
 * The search found nothing, its misspelt words corrected does: "Forse cercavi" with a link to the corrected
 * search, whose results the page shows below.
 */
function Correction({ q, corrected }: { q: string; corrected: string }) {
  return (
    <div className="mb-8 rounded-2xl border border-violet-200 bg-violet-50 p-5 wrap-anywhere dark:border-violet-900 dark:bg-violet-950/40" data-testid="did-you-mean">
      <p className="text-lg font-semibold">
        Forse cercavi{' '}
        <a href={paths.search(corrected)} className="text-violet-800 underline dark:text-violet-300">
          «{corrected}»
        </a>
        ?
      </p>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{`Nessun risultato per «${q}»: ti mostriamo i risultati per «${corrected}».`}</p>
    </div>
  );
}

/** What to try when nothing matched: each word alone, the categories, fewer or other words. */
function NoResults({ suggestions }: { suggestions: Suggestion[] }) {
  return (
    <div className="mt-8 rounded-2xl border border-dashed border-slate-300 p-6 dark:border-slate-700" data-testid="no-results">
      <h2 className="text-xl font-bold">Nessun risultato</h2>
      <p className="mt-2 text-slate-600 dark:text-slate-300">Prova con parole diverse o meno parole.</p>
      {suggestions.length > 0 && (
        <>
          <h3 className="mt-6 font-semibold">Cerca una parola sola</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {suggestions.map(({ word, total, totalCapped }) => (
              <li key={word}>
                <a href={paths.search(word)} className="inline-block max-w-full rounded-full border wrap-anywhere border-slate-300 px-4 py-1.5 text-sm font-medium hover:border-violet-500 hover:text-violet-700 dark:border-slate-700 dark:hover:text-violet-300">
                  {`${word} (${totalCapped ? `più di ${total} build` : total === 1 ? '1 build' : `${total} build`})`}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 className="mt-6 font-semibold">Oppure sfoglia una categoria</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {BUILD_CATEGORIES.map((category) => (
          <li key={category}>
            <a
              href={`/${canonicalHomeQuery({ category, budget: null, page: 1 })}#builds`}
              className="inline-block rounded-full border border-slate-300 px-4 py-1.5 text-sm font-medium hover:border-violet-500 hover:text-violet-700 dark:border-slate-700 dark:hover:text-violet-300"
            >
              {categoryLabel(category)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, error, results, total, totalCapped, pageCount, suggestions, corrected } = loaderData;
  // The pages of what is shown: the corrected search's when the page shows it.
  const shown = corrected === null ? query : { q: corrected, page: 1 };
  return (
    <main className="mx-auto max-w-6xl px-4 py-12">
      {/* A long query is one unbroken word at worst: it wraps anywhere rather than widen the page. */}
      <h1 className="text-3xl font-extrabold tracking-tight wrap-anywhere">{query.q ? `Risultati per «${query.q}»` : 'Cerca tra le build'}</h1>
      <SearchPageForm q={query.q} />
      {error && (
        <p role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-red-800 dark:bg-red-950/50 dark:text-red-200">
          {error}
        </p>
      )}
      {query.q && !error && (
        <section aria-labelledby="results-heading" className="mt-10">
          <h2 id="results-heading" className="sr-only">
            Risultati
          </h2>
          {corrected !== null && <Correction q={query.q} corrected={corrected} />}
          {total === 0 ? (
            <NoResults suggestions={suggestions} />
          ) : (
            <>
              <p className="mb-6 text-slate-600 dark:text-slate-300" data-testid="results-count">
                {foundText(total, totalCapped)}
              </p>
              {totalCapped && (
                <p className="-mt-4 mb-6 text-sm text-slate-600 dark:text-slate-300" data-testid="results-capped">
                  {`Ti mostriamo le ${total} più recenti, dalla più pertinente: aggiungi una parola per restringere la ricerca.`}
                </p>
              )}
              <CompareForm>
                <ul className="relative grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="build-grid">
                  {results.map(({ card, highlight }, index) => (
                    <BuildCard key={card.id} build={card} index={index} highlight={highlight} compare />
                  ))}
                </ul>
              </CompareForm>
              <Pagination page={shown.page} pageCount={pageCount} href={(page) => searchUrl({ ...shown, page })} />
            </>
          )}
        </section>
      )}
    </main>
  );
}
