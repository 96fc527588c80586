import { data, isRouteErrorResponse } from 'react-router';
import { isBuildCategory } from '../../../common/catalog';
import { isAppError } from '../../../common/errors';
import { homeListName } from '../../../common/home-list';
import { canonicalHomeQuery } from '../../../common/home-query';
import { paths } from '../../../common/paths';
import { PAGE_KEY_HEADER } from '../../../common/page-key';
import { parsePersonalization, personalizationKeyPart, personalizedPageKey } from '../../../common/personalization-query';
import { AFFILIATE_DISCLOSURE } from '../../../common/price-freshness';
import { buildPageJsonLd } from '../../structured-data';
import { PriceAlertSection } from '../alerts/alert-forms';
import { BuildSummary } from './build-summary';
import { CategoryBadge } from '../../components/category-badge';
import { CompareWith } from '../../components/compare-with';
import { CompatibilitySection } from './compatibility-section';
import { ComponentList } from './component-list';
import { PersonalizeJumpLink, PersonalizeSection, VariantNoticeBox } from '../personalization/personalize-section';
import { ArrowLeftIcon, CalendarIcon, EyeIcon } from '../../components/icons';
import { ShareLinks } from './share-links';
import { toBuildPage } from './build-page-text';
import { priceChart } from './total-price-chart';
import { coverPreview, pageMeta, siteFromMatches, toAbsoluteUrl } from '../../seo';
import { PriceHistoryChart } from './price-history-chart';
import type { Route } from './+types/build-route';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  try {
    // The chart reads the history the JSON API answers (/api/builds/{slug}/price-history).
    const [published, history] = await Promise.all([
      context.services.builds.getPublished(params.slug, parsePersonalization(new URL(request.url).searchParams)),
      context.services.pricing.priceHistoryOfPublished(params.slug),
    ]);
    const build = toBuildPage(published);
    // "Confronta con…": the nearest other builds (one bounded query).
    const compareCandidates = await context.services.compare.candidatesFor(published);
    // The time of rendering decides which prices are shown as current (the page cache keeps a page a minute at most).
    // The alerts watch the author's build: offered only with mail configured, and not on a personalised
    // variant, whose total and parts are not the ones an alert would compare.
    const alertForms = context.services.alerts.isEnabled() && !build.personalization;
    // The key of what this page shows: the choices the build accepted and how many were ignored, never
    // the link's own text (common/page-key.ts).
    const applied = { query: published.personalization?.query ?? '', ignoredCount: published.personalization?.ignored ?? 0 };
    const pageKey = personalizedPageKey(paths.build(published.slug), personalizationKeyPart(applied));
    return data(
      { build, priceChart: priceChart(history.total), renderedAt: Date.now(), siteAuthor: context.config.siteAuthor, alertForms, compareCandidates },
      { headers: { [PAGE_KEY_HEADER]: pageKey } },
    );
  } catch (error) {
    if (isAppError(error, 'NOT_FOUND')) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
}

/** The loader's page key goes out with the document, for the page cache to read (and remove). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!loaderData) return [{ title: `Build non trovata | ${site.siteName}` }, { name: 'robots', content: 'noindex' }];
  const { build, siteAuthor } = loaderData;
  const path = paths.build(build.slug);
  // The cover's JPEG rendition (or the site's card) for previews, and the same image for the Article.
  const image = coverPreview(build.featured_image, `Copertina della build «${build.title}»`);
  const tags = pageMeta(site, {
    title: `${build.meta_title} | ${site.siteName}`,
    description: build.meta_description,
    path,
    image,
    type: 'article',
    publishedTime: build.published_at,
    modifiedTime: build.updated_at,
  });
  // Home › the build's category list (an indexed page, decision 038) › the build.
  const category = isBuildCategory(build.category) ? { category: build.category, budget: null, page: 1 } : null;
  const breadcrumbs = [
    { name: site.siteName, path: paths.home() },
    ...(category ? [{ name: homeListName(category)!, path: `/${canonicalHomeQuery(category)}` }] : []),
    { name: build.title, path },
  ];
  const jsonLd = buildPageJsonLd(
    build,
    {
      siteName: site.siteName,
      siteAuthor,
      publicBaseUrl: site.publicBaseUrl,
      pageUrl: toAbsoluteUrl(path, site.publicBaseUrl),
      imageUrl: toAbsoluteUrl(image.path, site.publicBaseUrl),
    },
    breadcrumbs,
  );
  // A personalised page is the author's article with a visitor's choices: never indexed, and its
  // canonical (pageMeta's, from `path`) stays the author's build.
  const robots = build.personalization ? [{ name: 'robots', content: 'noindex' }] : [];
  return [...tags, ...robots, ...jsonLd.map((item) => ({ 'script:ld+json': item }))];
}

export default function BuildPage({ loaderData, matches }: Route.ComponentProps) {
  const { build, priceChart: chart, renderedAt, alertForms, compareCandidates } = loaderData;
  const site = siteFromMatches(matches);
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <a href={paths.builds()} className="inline-flex items-center gap-2 font-medium text-violet-700 hover:underline dark:text-violet-300">
        <ArrowLeftIcon /> Torna alle build
      </a>
      {build.featured_image && (
        <img
          src={build.featured_image}
          alt={build.title}
          width={1280}
          height={720}
          fetchPriority="high"
          className="mt-6 aspect-video w-full rounded-2xl object-cover shadow"
        />
      )}
      <header className="mt-6">
        {build.category && <CategoryBadge category={build.category} />}
        <h1 className="mt-3 text-3xl font-extrabold leading-tight tracking-tight sm:text-4xl">{build.title}</h1>
        <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{build.description}</p>
        <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-slate-600 dark:text-slate-400">
          {build.published_at && (
            <span className="inline-flex items-center gap-1">
              <CalendarIcon width={16} height={16} /> <time dateTime={build.published_at}>{build.publishedText}</time>
            </span>
          )}
          <span className="inline-flex items-center gap-1">
            <EyeIcon width={16} height={16} /> {build.viewsText}
          </span>
        </div>
        <div className="mt-4">
          <ShareLinks pageUrl={toAbsoluteUrl(build.personalize.selfPath, site.publicBaseUrl)} title={build.title} />
        </div>
        <PersonalizeJumpLink data={build.personalize} />
      </header>
      {build.personalize.variant && <VariantNoticeBox notice={build.personalize.variant} />}
      <BuildSummary build={build} now={renderedAt} disclosure={AFFILIATE_DISCLOSURE} />
      <article className="article below-fold mt-10" dangerouslySetInnerHTML={{ __html: build.content_html }} />
      <ComponentList build={build} now={renderedAt} disclosure={AFFILIATE_DISCLOSURE} stockAlerts={alertForms} />
      {alertForms && <PriceAlertSection buildSlug={build.slug} totalEuro={build.total_price} />}
      <PersonalizeSection data={build.personalize} now={renderedAt} />
      <CompatibilitySection compatibility={build.compatibility} />
      {chart && (
        <section aria-label="Storico dei prezzi" className="below-fold mt-8 rounded-2xl border border-slate-200 p-5 sm:p-6 dark:border-slate-800">
          <PriceHistoryChart chart={chart} />
        </section>
      )}
      <CompareWith slug={build.slug} candidates={compareCandidates} />
    </main>
  );
}

const BUILD_ERRORS = {
  missing: 'La build richiesta non esiste.',
  loadFailed: 'Errore nel caricamento della build',
} as const;

/**
 * The message under 'Build non trovata' (product spec, "Screens and routes" and "Error catalogue"). The page
 * is rendered on the server only (decision 017), so the error is the loader's: for a missing build, the
 * server's message or that it does not exist; for any other failure (the database unreachable, a bug), that
 * loading failed rather than that the build does not exist.
 */
function buildErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error) && error.status === 404) {
    const data: unknown = error.data;
    if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string' && data.message) return data.message;
    return BUILD_ERRORS.missing;
  }
  return BUILD_ERRORS.loadFailed;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-extrabold">Build non trovata</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300" data-testid="build-error-message">
        {buildErrorMessage(error)}
      </p>
      <a href={paths.home()} className="mt-8 inline-block rounded-xl bg-violet-700 px-6 py-3 font-semibold text-white hover:bg-violet-600">
        Torna alla home
      </a>
    </main>
  );
}
