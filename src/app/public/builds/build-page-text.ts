/**
 * The build page's prices, dates and counts, formatted on the server by its loader (the comparison shows
 * each build the same way): the page components only place text. Public pages are rendered on the server
 * only (decision 017), so no formatting code (Intl, whose first formatter costs a phone 15 to 60 ms) ever
 * runs in the browser. The build cards' text is beside the card (components/build-card-text.ts).
 */
import { formatDate, formatDateTime, formatPrice, formatQuantity } from '../../../common/format';
import { centsToEuro, euroToCents } from '../../../common/money';
import type { BuildComponentPublic, BuildPublic } from '../../../modules/builds';
import { type PersonalizePageData, toPersonalizePage } from '../personalization/personalization-text';

export interface ComponentData extends BuildComponentPublic {
  priceText: string;
  /** '' when the price has no date. */
  priceUpdatedText: string;
  /** The lowest observed price of the last 30 days, or null without observations. */
  lowestPrice30dText: string | null;
}

/** The build page's data: the public build without its Markdown source (the page shows content_html). */
export interface BuildPageData extends Omit<BuildPublic, 'content' | 'components'> {
  components: ComponentData[];
  totalText: string;
  /** What "Compra Tutto su Amazon" adds when it leaves components out (null when it adds them all). */
  cartTotal: { text: string; count: number } | null;
  pricesUpdatedText: string;
  publishedText: string;
  /** '1 visualizzazione', '1.234 visualizzazioni'. */
  viewsText: string;
  /** The "Personalizza" section and, on a personalised page, its notice. */
  personalize: PersonalizePageData;
}

/** The total of the components the cart link adds: the build's total minus what it leaves out. */
function cartTotalOf(build: Pick<BuildPublic, 'cart_url' | 'cart_excluded' | 'components'>): BuildPageData['cartTotal'] {
  if (!build.cart_url || build.cart_excluded.length === 0) return null;
  const excluded = new Set(build.cart_excluded.map((item) => item.id));
  const inCart = build.components.filter((component) => !excluded.has(component.id));
  const cents = inCart.reduce((sum, component) => sum + (component.price === null ? 0 : euroToCents(component.price)), 0);
  return { text: formatPrice(centsToEuro(cents)), count: inCart.length };
}

export function toBuildPage(published: BuildPublic): BuildPageData {
  const { content: _markdown, components, ...build } = published;
  return {
    ...build,
    components: components.map((component) => ({
      ...component,
      priceText: formatPrice(component.price),
      priceUpdatedText: formatDateTime(component.price_updated_at),
      lowestPrice30dText: component.lowest_price_30d === null ? null : formatPrice(component.lowest_price_30d),
    })),
    totalText: formatPrice(build.total_price),
    cartTotal: cartTotalOf({ ...build, components }),
    pricesUpdatedText: formatDateTime(build.prices_updated_at),
    publishedText: formatDate(build.published_at),
    viewsText: formatQuantity(build.views, 'visualizzazione', 'visualizzazioni'),
    personalize: toPersonalizePage(published),
  };
}
