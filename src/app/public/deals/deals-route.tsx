/**
 * /offerte?tipo=…&categoria=…: the parts of the builds at a new 30-day low (decision 046), a document
 * rendered on the server like the other public pages (decision 017): no script needed, the filters are a
 * GET form. Canonical on /offerte; a filtered page is noindex, follow (decision 038's rule for lists). The
 * only JSON-LD is the breadcrumb trail: a "was" price has no Offer markup that validators read correctly.
 */
import { DEALS_PATH, parseDealsFilter } from '../../../common/deals-query';
import { paths } from '../../../common/paths';
import { AFFILIATE_DISCLOSURE } from '../../../common/price-freshness';
import { breadcrumbListJsonLd } from '../../structured-data';
import { pageMeta, siteFromMatches } from '../../seo';
import { DealCard } from './deal-card';
import { categoryOptions, checkedText, DEALS_TEXT, dealsHeading, emptyText, toDealCard, typeOptions } from './deals-text';
import type { Route } from './+types/deals-route';

/** Deals one page shows, biggest drops first: a document stays light on a phone; the filters reach the rest. */
const PAGE_LIMIT = 60;

export async function loader({ request, context }: Route.LoaderArgs) {
  const filter = parseDealsFilter(new URL(request.url).searchParams);
  const current = await context.services.deals.current(filter);
  return { filter, deals: current.deals.slice(0, PAGE_LIMIT).map(toDealCard), total: current.deals.length, checkedAt: current.checkedAt };
}

export function meta({ matches, data }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const filter = data?.filter ?? { type: null, category: null };
  const filtered = filter.type !== null || filter.category !== null;
  return [
    ...pageMeta(site, {
      title: `${dealsHeading(filter)} | ${site.siteName}`,
      description: DEALS_TEXT.description,
      path: DEALS_PATH,
      robots: filtered ? 'noindex, follow' : undefined,
    }),
    { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: `${site.siteName}: offerte`, href: paths.dealsFeed() },
    { 'script:ld+json': breadcrumbListJsonLd([{ name: site.siteName, path: paths.home() }, { name: 'Offerte', path: DEALS_PATH }], site.publicBaseUrl) },
  ];
}

const selectClass =
  'mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-violet-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';

export default function DealsPage({ loaderData }: Route.ComponentProps) {
  const { filter, deals, total, checkedAt } = loaderData;
  const filtered = filter.type !== null || filter.category !== null;
  return (
    <main className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">{dealsHeading(filter)}</h1>
      <p className="mt-3 max-w-3xl text-slate-700 dark:text-slate-300">{DEALS_TEXT.intro}</p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{AFFILIATE_DISCLOSURE}</p>

      <form method="get" action={DEALS_PATH} aria-label={DEALS_TEXT.filtersLabel} className="mt-6 flex flex-wrap items-end gap-4">
        <div className="min-w-40 flex-1 sm:flex-none">
          <label htmlFor="deals-type" className="text-sm font-semibold">
            {DEALS_TEXT.typeLabel}
          </label>
          <select id="deals-type" name="tipo" defaultValue={filter.type ?? ''} className={selectClass}>
            <option value="">{DEALS_TEXT.anyType}</option>
            {typeOptions().map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-40 flex-1 sm:flex-none">
          <label htmlFor="deals-category" className="text-sm font-semibold">
            {DEALS_TEXT.categoryLabel}
          </label>
          <select id="deals-category" name="categoria" defaultValue={filter.category ?? ''} className={selectClass}>
            <option value="">{DEALS_TEXT.anyCategory}</option>
            {categoryOptions().map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded-xl bg-violet-700 px-5 py-2 font-semibold text-white hover:bg-violet-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 dark:bg-violet-400 dark:text-slate-950">
          {DEALS_TEXT.apply}
        </button>
        {filtered && (
          <a href={paths.deals()} className="py-2 text-sm font-medium text-violet-800 underline dark:text-violet-300">
            {DEALS_TEXT.reset}
          </a>
        )}
      </form>

      {deals.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 p-6 dark:border-slate-700" data-testid="no-deals">
          <h2 className="text-xl font-bold">{DEALS_TEXT.emptyTitle}</h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{emptyText(filter, checkedAt)}</p>
        </div>
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-600 dark:text-slate-400" data-testid="deals-checked">
            {`${checkedText(checkedAt)}${total > deals.length ? ` Le ${deals.length} offerte con lo sconto maggiore su ${total}: filtra per tipo o categoria per vedere le altre.` : ''}`}
          </p>
          <ul className="mt-4 grid gap-4 md:grid-cols-2" aria-label="Offerte">
            {deals.map((deal) => (
              <DealCard key={deal.asin} deal={deal} />
            ))}
          </ul>
        </>
      )}
      <p className="mt-8 text-sm">
        <a href={`${paths.dealsFeed()}`} type="application/rss+xml" className="text-violet-800 underline dark:text-violet-300">
          {DEALS_TEXT.feed}
        </a>
      </p>
    </main>
  );
}

