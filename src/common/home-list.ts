/**
 * What a page of the home's build list is called, and whether search engines index it (decision 038).
 *
 * The rule: a list page's canonical URL is its category's first page, without budget or page (the home
 * when no category is chosen). A page is indexed only when it is that page itself and lists at least one
 * build; every other list page (a budget, a category with a budget, any page past the first, an empty
 * category) is `noindex, follow`. The sitemap lists exactly the indexed ones (modules/seo). Every filtered
 * page still names what it lists in its title, description and H1, for the visitor who lands on it.
 */
import { findBudgetRange } from './budget-ranges';
import { categoryLabel } from './catalog';
import type { HomeQuery } from './home-query';

/** The spec's hero title of the home (product spec, "Screens and routes"). */
export const HOME_HEADING = 'Assembla il tuo PC perfetto';

/** What a filtered list shows: "Build PC gaming", "Build PC fino a 800 €", "Build PC gaming fino a 800 €"; null unfiltered. */
export function homeListName(query: Pick<HomeQuery, 'category' | 'budget'>): string | null {
  const budget = findBudgetRange(query.budget);
  if (!query.category && !budget) return null;
  return ['Build PC', query.category ? categoryLabel(query.category).toLowerCase() : null, budget?.phrase].filter(Boolean).join(' ');
}

/** The page's H1: the list's name on a filtered page, the spec's hero title on the home. */
export function homeListHeading(query: HomeQuery): string {
  return homeListName(query) ?? HOME_HEADING;
}

const pageSuffix = (page: number) => (page > 1 ? ` (pagina ${page})` : '');

export function homeListTitle(query: HomeQuery, siteName: string): string {
  const name = homeListName(query);
  if (!name) return `${siteName}: guide per assemblare il tuo PC perfetto${pageSuffix(query.page)}`;
  return `${name}${pageSuffix(query.page)} | ${siteName}`;
}

export function homeListDescription(query: HomeQuery): string {
  const name = homeListName(query);
  if (!name) {
    return 'Configurazioni PC complete per gaming, editing, ufficio e workstation: componenti scelti, prezzi aggiornati e link per comprare tutto su Amazon.';
  }
  return `${name}: configurazioni complete con componenti scelti, prezzi aggiornati e link per comprare tutto su Amazon.`;
}

/** The list page a search engine should show for this one: its category's first page, or the home. */
export function homeListCanonical(query: HomeQuery): HomeQuery {
  return { category: query.category, budget: null, page: 1 };
}

/** Whether this list page is indexed: it is its own canonical page and lists at least one build (or is the home). */
export function isIndexedHomeList(query: HomeQuery, total: number): boolean {
  const canonical = homeListCanonical(query);
  const isCanonical = query.budget === canonical.budget && query.page === canonical.page;
  return isCanonical && (query.category === null || total > 0);
}
