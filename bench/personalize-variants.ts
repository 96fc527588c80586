/**
 * The personalised variants of a build (decision 030) that bench/personalize.ts and bench/lighthouse.ts
 * measure, found through the public API of a running server so that they hold whatever the demo content
 * becomes: the published build with the most alternatives on offer, two visitor swaps and one owned part,
 * and a budget that makes the fit swap parts. Also the 10 × 5 sample build published through the admin API.
 *
 * Every request sends the bench's bot User-Agent (getJson): no view, no click or choice is counted.
 */
import { personalizationQuery } from '../src/common/personalization-query';
import { SAMPLE_BUILD } from './fit-sample-build';
import { ADMIN, BENCH_USER_AGENT, getJson } from './start-site';
import type { BuildPersonalization } from '../src/modules/builds';

/** The few fields of GET /api/builds/{slug} the benches read. */
export interface PublicAlternative {
  asin: string;
  name: string;
  price: number | null;
}
export interface PublicComponent {
  id: number;
  type: string;
  name: string;
  price: number | null;
  alternatives: PublicAlternative[];
  swapped_from: { asin: string | null; name: string; price: number | null } | null;
  owned: boolean;
}
export interface PublicBuild {
  slug: string;
  title: string;
  total_price: number;
  components: PublicComponent[];
  personalization: BuildPersonalization | null;
}

export const readBuild = async (url: string, slug: string, query = ''): Promise<PublicBuild> =>
  (await getJson(`${url}/api/builds/${encodeURIComponent(slug)}${query ? `?${query}` : ''}`)).build as PublicBuild;

export const offeredAlternatives = (build: PublicBuild) => build.components.reduce((sum, component) => sum + component.alternatives.length, 0);

/** The published build with the most alternatives on offer (then the most components): the richest "Personalizza" section. */
export async function buildWithMostAlternatives(url: string, slugs: string[]): Promise<PublicBuild> {
  let best: PublicBuild | null = null;
  for (const slug of slugs) {
    const build = await readBuild(url, slug);
    const better =
      !best ||
      offeredAlternatives(build) > offeredAlternatives(best) ||
      (offeredAlternatives(build) === offeredAlternatives(best) && build.components.length > best.components.length);
    if (better) best = build;
  }
  if (!best || offeredAlternatives(best) === 0) throw new Error('no published build offers alternatives: the demo content has none to personalise');
  return best;
}

/** The query's parts, as personalizationQuery spells them. */
export interface VariantParts {
  choices: { componentId: number; asin: string }[];
  owned: number[];
  budgetCents: number | null;
}

/**
 * Two visitor swaps (the first two components with alternatives, each to its first alternative in the
 * author's order) and one owned part (the last component left untouched, usually the case).
 */
export function swapsAndOwned(build: PublicBuild): VariantParts {
  const swappable = build.components.filter((component) => component.alternatives.length > 0).slice(0, 2);
  if (swappable.length < 2) throw new Error(`${build.slug}: fewer than two components with alternatives`);
  const owned = [...build.components].reverse().find((component) => !swappable.includes(component));
  if (!owned) throw new Error(`${build.slug}: no component left to own`);
  return { choices: swappable.map((component) => ({ componentId: component.id, asin: component.alternatives[0]!.asin })), owned: [owned.id], budgetCents: null };
}

export const queryOf = (parts: VariantParts) => personalizationQuery(parts);

export interface BudgetVariant {
  parts: VariantParts;
  query: string;
  /** Parts the fit swapped (on top of the visitor's own swaps). */
  fitSwaps: number;
  total: number;
  met: boolean;
  /** API requests the search took. */
  probes: number;
}

const MAX_PROBES = 400;

/**
 * The highest budget (whole euro, scanned down from the variant's total in steps of about 0.5 %) at which
 * the fit meets the budget with at least `minSwaps` swaps of its own. The fit takes the fewest swaps that
 * fit, so the first budget found needs `minSwaps` or a little more; `maxSwaps` stops the scan past it.
 */
export async function findBudget(url: string, slug: string, base: VariantParts, minSwaps: number, maxSwaps: number): Promise<BudgetVariant> {
  const start = await readBuild(url, slug, queryOf(base));
  const step = Math.max(1, Math.round(start.total_price * 0.005));
  let probes = 1;
  for (let euro = Math.floor(start.total_price) - 1; euro >= 1 && probes < MAX_PROBES; euro -= step) {
    const parts = { ...base, budgetCents: euro * 100 };
    const query = queryOf(parts);
    const build = await readBuild(url, slug, query);
    probes += 1;
    const fitSwaps = build.personalization?.choices.filter((choice) => choice.by === 'budget').length ?? 0;
    const met = build.personalization?.budget_met === true;
    if (met && fitSwaps >= minSwaps && fitSwaps <= maxSwaps) return { parts, query, fitSwaps, total: build.total_price, met, probes };
    if (fitSwaps > maxSwaps || !met) break;
  }
  throw new Error(`${slug}: no budget found at which the fit swaps ${minSwaps} to ${maxSwaps} parts and meets it (${probes} budgets tried)`);
}

// ---------------------------------------------------------------------------------------------------
// The 10 × 5 sample build, published through the admin API (README: "Sign in ... through the API").

async function adminRequest(url: string, token: string, method: string, path: string, body: unknown): Promise<any> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'User-Agent': BENCH_USER_AGENT, Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (response.status !== 200 && response.status !== 201) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Ten alphanumerics, unique per component and alternative, recognisable as the bench's. */
const sampleAsin = (component: number, alternative: number | null) =>
  `B0BNC${String(component).padStart(2, '0')}${alternative === null ? '000' : `A${alternative}0`}`;

export const SAMPLE_TITLE = 'Bench personalizzazione: 10 componenti con 5 alternative ciascuno';

/**
 * Signs in as the bench admin, publishes SAMPLE_BUILD (10 components at the author's prices) and adds 5
 * product alternatives per component with the author's manual prices, priorities 1 to 5 in order.
 * Returns the build as the public API shows it.
 */
export async function publishSampleBuild(url: string): Promise<PublicBuild> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'User-Agent': BENCH_USER_AGENT },
    body: JSON.stringify(ADMIN),
  });
  if (login.status !== 200) throw new Error(`POST /api/auth/login answered ${login.status}: ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const components = SAMPLE_BUILD.map(([type, name, euro], index) => {
    const asin = sampleAsin(index, null);
    return { type, name, price: euro, asin, amazon_link: `https://www.amazon.it/dp/${asin}`, position: index };
  });
  const created = await adminRequest(url, token, 'POST', '/api/admin/builds', {
    title: SAMPLE_TITLE,
    description: 'Build sintetica del benchmark: ogni componente ha cinque alternative approvate.',
    content: '## Perché questa build\n\nServe a misurare la personalizzazione con il numero massimo di alternative.',
    category: 'gaming',
    budget: 2000,
    status: 'published',
    components,
  });
  for (const [index, [, , , alternatives]] of SAMPLE_BUILD.entries()) {
    for (const [rank, [name, euro]] of alternatives.entries()) {
      await adminRequest(url, token, 'POST', '/api/admin/alternatives', {
        originalAsin: sampleAsin(index, null),
        alternativeAsin: sampleAsin(index, rank),
        alternativeName: name,
        alternativePrice: euro,
        priority: rank + 1,
      });
    }
  }
  return readBuild(url, (created as { build: { slug: string } }).build.slug);
}
