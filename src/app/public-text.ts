/**
 * Prices, dates and counts of the public pages, formatted on the server by the route loaders: the page
 * components only place text. Public pages are rendered on the server only (decision 017), so no
 * formatting code (Intl, whose first formatter costs a phone 15 to 60 ms) ever runs in the browser.
 */
import { formatCount, formatDate, formatDateTime, formatPrice } from '../common/format';
import type { BuildPublic, BuildSummary, ComponentPublic } from '../modules/builds/builds.types';

export interface BuildCardData extends BuildSummary {
  totalText: string;
}

export function toBuildCard(build: BuildSummary): BuildCardData {
  return { ...build, totalText: formatPrice(build.total_price) };
}

export interface ComponentData extends ComponentPublic {
  priceText: string;
  /** '' when the price has no date. */
  priceUpdatedText: string;
}

/** The build page's data: the public build without its Markdown source (the page shows content_html). */
export interface BuildPageData extends Omit<BuildPublic, 'content' | 'components'> {
  components: ComponentData[];
  totalText: string;
  pricesUpdatedText: string;
  publishedText: string;
  viewsText: string;
}

export function toBuildPage({ content: _markdown, components, ...build }: BuildPublic): BuildPageData {
  return {
    ...build,
    components: components.map((component) => ({
      ...component,
      priceText: formatPrice(component.price),
      priceUpdatedText: formatDateTime(component.price_updated_at),
    })),
    totalText: formatPrice(build.total_price),
    pricesUpdatedText: formatDateTime(build.prices_updated_at),
    publishedText: formatDate(build.published_at),
    viewsText: formatCount(build.views),
  };
}
