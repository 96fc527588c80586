/** The deals page's Italian text and the shaping of a deal for it (decision 046). */
import { BUILD_CATEGORIES, type BuildCategory, categoryLabel, EDITOR_COMPONENT_TYPES } from '../../../common/catalog';
import type { DealsFilter } from '../../../common/deals-query';
import { formatDateTime, formatPrice } from '../../../common/format';
import type { Deal } from '../../../modules/deals/deals.schema';

export const DEALS_TEXT = {
  title: 'Offerte sui componenti delle build',
  intro:
    'I componenti delle nostre build al prezzo più basso degli ultimi 30 giorni. Ogni sconto è calcolato sul prezzo più basso che abbiamo rilevato su Amazon nei 30 giorni precedenti, mai sui prezzi barrati del negozio.',
  description: 'I componenti delle build al prezzo più basso degli ultimi 30 giorni: prezzo di oggi, minimo dei 30 giorni precedenti e build in cui si trovano.',
  filtersLabel: 'Filtra le offerte',
  typeLabel: 'Tipo di componente',
  categoryLabel: 'Categoria della build',
  anyType: 'Tutti i tipi',
  anyCategory: 'Tutte le categorie',
  apply: 'Filtra',
  reset: 'Mostra tutte',
  feed: 'Feed RSS delle offerte',
  emptyTitle: 'Nessuna offerta in questo momento',
  inBuilds: (count: number) => (count === 1 ? 'Nella build' : 'Nelle build'),
} as const;

export function typeOptions(): { value: string; label: string }[] {
  return EDITOR_COMPONENT_TYPES.map((type) => ({ value: type.toLowerCase(), label: type === 'Other' ? 'Altro' : type }));
}

export function categoryOptions(): { value: BuildCategory; label: string }[] {
  return BUILD_CATEGORIES.map((category) => ({ value: category, label: categoryLabel(category) }));
}

function percentText(value: number): string {
  return `${value.toLocaleString('it-IT', { maximumFractionDigits: 2 })} %`;
}

/** "Prezzi controllati il 29/11/2026, 11:05", or that they were never checked. */
export function checkedText(checkedAt: string | null): string {
  return checkedAt ? `Prezzi controllati il ${formatDateTime(checkedAt)}.` : 'I prezzi non sono ancora stati controllati.';
}

export function emptyText(filter: DealsFilter, checkedAt: string | null): string {
  const filtered = filter.type !== null || filter.category !== null;
  return `${filtered ? 'Nessun componente di questo tipo o categoria è ora al prezzo più basso degli ultimi 30 giorni.' : 'Nessun componente delle build è ora al prezzo più basso degli ultimi 30 giorni.'} ${checkedText(checkedAt)}`;
}

/** The heading of a filtered page: 'Offerte: GPU', 'Offerte: GPU per build gaming'. */
export function dealsHeading(filter: DealsFilter): string {
  if (filter.type === null && filter.category === null) return DEALS_TEXT.title;
  const type = typeOptions().find((option) => option.value === filter.type)?.label;
  const category = filter.category ? `build ${categoryLabel(filter.category).toLowerCase()}` : null;
  return `Offerte: ${[type, category && (type ? `per ${category}` : category)].filter(Boolean).join(' ')}`;
}

export interface DealCardText {
  asin: string;
  name: string;
  type: string;
  price: string;
  priceDate: string;
  previousLow: string;
  drop: string;
  imageUrl: string | null;
  builds: { slug: string; title: string }[];
}

export function toDealCard(deal: Deal): DealCardText {
  return {
    asin: deal.asin,
    name: deal.name,
    type: deal.type,
    price: formatPrice(deal.price),
    priceDate: formatDateTime(deal.price_updated_at),
    previousLow: formatPrice(deal.previous_low_30d),
    drop: `−${percentText(deal.drop_percent)}`,
    imageUrl: deal.image_url,
    builds: deal.builds,
  };
}
