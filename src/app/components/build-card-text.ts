/**
 * A build card's text (the home's lists, the search results), formatted on the server by those pages'
 * loaders like every public page's text (decision 017): the card only places it.
 */
import { formatPrice, formatQuantity } from '../../common/format';
import type { BuildSummary } from '../../modules/builds';

export interface BuildCardData extends BuildSummary {
  totalText: string;
  /** '1 componente', '8 componenti'. */
  componentsText: string;
}

export function toBuildCard(build: BuildSummary): BuildCardData {
  return { ...build, totalText: formatPrice(build.total_price), componentsText: formatQuantity(build.component_count, 'componente', 'componenti') };
}
