/**
 * Expectations shared by the public-page browser tests, derived from the demo content (seed-data.ts)
 * and the spec's Italian texts. Formatting is recomputed here with Intl, independently of src/common.
 */
import { expect } from 'vitest';
import { demoBuilds, type SeedBuild } from '../../src/db/seed-data';

export const SPEC_TEXT = {
  heroTitle: 'Assembla il tuo PC perfetto',
  buildsHeading: 'Le Mie Build',
  noBuilds: 'Nessuna build disponibile al momento.',
  reasons: ['FPS garantiti', 'Prezzi aggiornati', 'Consigli da esperti'],
  disclosure: 'In qualità di Affiliato Amazon io ricevo un guadagno dagli acquisti idonei.',
  disclaimer: "I prezzi e la disponibilità possono variare. Il prezzo applicato è quello indicato su Amazon al momento dell'acquisto.",
  backLink: 'Torna alle build',
  buyAll: 'Compra Tutto su Amazon',
  replaced: 'SOSTITUITO',
  replacedDefaultReason: 'Prodotto originale non disponibile',
  buildNotFound: 'Build non trovata',
  buildMissing: 'La build richiesta non esiste.',
  pageNotFound: 'Pagina non trovata',
  notFoundCode: '104',
} as const;

export const DEFAULT_AUTHOR = 'Redazione Build PC';
export const DEFAULT_TAG = 'buildpc-21';
export const SITE_NAME = 'Build PC';
export const AFFILIATE_REL = 'sponsored nofollow noopener';
/** Public display order of component types (product spec, "Entities and their fields"). */
export const TYPE_ORDER = ['CPU', 'Motherboard', 'RAM', 'GPU', 'Storage', 'PSU', 'Cooler', 'Case'] as const;
export const ITALIAN_MONTHS = [
  'gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno',
  'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre',
];

export const published = demoBuilds.filter((build) => build.status === 'published');
export const drafts = demoBuilds.filter((build) => build.status === 'draft');

/** Budget chips of the home page: id, label and inclusive bounds in euro. */
export const BUDGETS = {
  'fino-800': { label: 'Fino a 800 €', max: 800 },
  '800-1500': { label: '800 – 1.500 €', min: 800, max: 1500 },
  '1500-2500': { label: '1.500 – 2.500 €', min: 1500, max: 2500 },
  'oltre-2500': { label: 'Oltre 2.500 €', min: 2500 },
} as const satisfies Record<string, { label: string; min?: number; max?: number }>;

/** Titles the grid should show for a filter, newest first (the seed's publishedDaysAgo ascending). */
export function expectedTitles(filter: { category?: string; budget?: keyof typeof BUDGETS } = {}): string[] {
  const range: { min?: number; max?: number } = filter.budget ? BUDGETS[filter.budget] : {};
  return published
    .filter((build) => !filter.category || build.category === filter.category)
    .filter((build) => (range.min === undefined || build.budget >= range.min) && (range.max === undefined || build.budget <= range.max))
    .sort((a, b) => (a.publishedDaysAgo ?? 0) - (b.publishedDaysAgo ?? 0))
    .map((build) => build.title);
}

export function seedBuild(title: string): SeedBuild {
  const build = demoBuilds.find((candidate) => candidate.title === title);
  if (!build) throw new Error(`no demo build titled ${title}`);
  return build;
}

/** Normalises the no-break spaces Intl puts in prices, so '189,90 €' can be written plainly. */
export const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ').trim();

export const euro = (value: number) => plain(new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' }).format(value));

export const italianDate = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Rome' }).format(new Date(iso));

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

export interface PublishedSummary {
  id: number;
  slug: string;
  title: string;
  category: string;
  budget: number;
  published_at: string;
  total_price: number;
}

/** The published builds as the public API lists them (no visit is counted by the list). */
export async function listPublished(baseUrl: string): Promise<PublishedSummary[]> {
  const response = await fetch(`${baseUrl}/api/builds`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { builds: PublishedSummary[] }).builds;
}

/**
 * Asserts no page error and no console error happened, except the browser's own "Failed to load
 * resource ... 404" line for documents that are expected to answer 404.
 */
export function expectNoErrors(errors: string[], expected404Urls: string[] = []) {
  const unexpected = errors.filter(
    (error) => !expected404Urls.some((url) => error === `console.error: Failed to load resource: the server responded with a status of 404 (Not Found) (${url})`),
  );
  expect(unexpected).toEqual([]);
}
