/**
 * `--builds N` of bench/pages.ts and bench/lighthouse.ts: N extra published build guides that look like
 * an author's (an Italian title and description, a Markdown article of several sections, 6 to 9
 * components with prices and Amazon links), spread over the home's category and budget filters, written
 * straight into the database in one transaction. Through the admin API 3,000 builds would take minutes
 * (one request, one transaction and a cache flush each); direct inserts take about a second.
 *
 * The content is pseudo-random from a fixed seed: two runs with the same N get the same catalogue.
 * Components are the demo products (src/db/seed-data.ts), chosen by price tier to match the build's
 * budget, so names, brands, specs and ASINs are real ones.
 */
import { type Kysely, sql } from 'kysely';
import { productUrl } from '../src/common/asin';
import { BUDGET_RANGES } from '../src/common/budget-ranges';
import { BUILD_CATEGORIES, type BuildCategory, categoryLabel } from '../src/common/catalog';
import { euroToCents } from '../src/common/money';
import { slugify } from '../src/common/slug';
import { isPostgres, rebuildSearchIndex } from '../src/db/build-search-index';
import type { Database, NewComponentRow } from '../src/db/tables';
import { demoComponentRows } from '../src/db/seed';
import { demoBuilds, type SeedComponent } from '../src/db/seed-data';
import { seededRandom } from '../tests/helpers/seeded-random';

const DAY_MS = 86_400_000;
/** Rows per multi-row INSERT of components: 14 columns each, well under SQLite's 32,766 parameters. */
const COMPONENT_BATCH = 500;
/** Budgets the generator picks from, per home budget range (euro); the open-ended ranges get a bound. */
const BUDGET_SPAN = { min: 450, max: 5000 };

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** The demo products by type, cheapest first (a build's budget picks its place in each list). */
function productPools(): Map<SeedComponent['type'], SeedComponent[]> {
  const pools = new Map<SeedComponent['type'], SeedComponent[]>();
  for (const build of demoBuilds) {
    for (const component of build.components) {
      const pool = pools.get(component.type) ?? [];
      if (!pool.some((known) => known.asin === component.asin)) pool.push(component);
      pools.set(component.type, pool);
    }
  }
  for (const pool of pools.values()) pool.sort((a, b) => a.price - b.price);
  return pools;
}

/** A product of `type` near the build's price tier (0 = cheapest, 1 = dearest), give or take one place. */
function productFor(random: Random, pools: Map<SeedComponent['type'], SeedComponent[]>, type: SeedComponent['type'], tier: number): SeedComponent {
  const pool = pools.get(type)!;
  const centre = Math.round(tier * (pool.length - 1));
  const index = Math.min(pool.length - 1, Math.max(0, centre + Math.floor(random() * 3) - 1));
  return pool[index]!;
}

/** A shop price around the list price: ±12 %, ending in ,90 or ,99 as Amazon.it prices do. */
function streetPrice(random: Random, price: number): number {
  const euros = Math.max(9, Math.floor(price * (0.88 + random() * 0.24)));
  return euros + (random() < 0.5 ? 0.9 : 0.99);
}

const USES: Record<BuildCategory, { use: string; audience: string; targets: string[] }> = {
  gaming: {
    use: 'giocare',
    audience: 'chi vuole giocare ai titoli recenti con dettagli alti e frame rate stabili',
    targets: ['1080p a 144 Hz', '1440p ad alto refresh', '4K con upscaling', 'eSport a 240 Hz'],
  },
  editing: {
    use: 'montare video e foto',
    audience: 'chi monta video in 4K, lavora con Lightroom e vuole anteprime fluide sulla timeline',
    targets: ['montaggio 4K', 'foto RAW e 4K', 'color grading', 'streaming e montaggio'],
  },
  office: {
    use: 'lavorare in ufficio',
    audience: 'chi usa il PC per lavoro, studio e videochiamate e vuole una macchina silenziosa e affidabile',
    targets: ['ufficio e smart working', 'studio e videochiamate', 'gestionale e fogli di calcolo'],
  },
  workstation: {
    use: 'calcolare e renderizzare',
    audience: 'chi fa rendering 3D, simulazioni o compila progetti grandi e ha bisogno di molti core',
    targets: ['rendering 3D', 'sviluppo e virtualizzazione', 'CAD e simulazioni'],
  },
  budget: {
    use: 'spendere il giusto',
    audience: 'chi vuole il massimo dal proprio budget senza rinunciare a un aggiornamento futuro',
    targets: ['1080p senza pensieri', 'primo PC da gaming', 'multimedia e giochi leggeri'],
  },
  premium: {
    use: 'avere il meglio',
    audience: 'chi non vuole compromessi: prestazioni di punta, silenzio e materiali di qualità',
    targets: ['4K a dettagli massimi', 'gaming e creazione senza compromessi', 'il meglio del 2026'],
  },
};

const OPENINGS = [
  'Scegliere i componenti giusti è più semplice di quanto sembri, se si parte da un obiettivo chiaro.',
  'Questa configurazione nasce da una domanda che riceviamo spesso: quanto serve spendere davvero?',
  'Abbiamo provato decine di combinazioni prima di arrivare a questo equilibrio tra prezzo e prestazioni.',
  'Il mercato cambia ogni mese, ma alcune scelte restano valide a lungo: questa build è pensata per durare.',
];
const UPGRADES = [
  'Il primo aggiornamento sensato è un secondo SSD, visto che giochi e progetti crescono in fretta.',
  'Più avanti si potrà passare a una scheda video superiore: l\'alimentatore ha il margine necessario.',
  'La piattaforma lascia spazio a un processore più potente senza cambiare scheda madre né memoria.',
  'Raddoppiare la RAM è l\'intervento più economico per chi apre molte applicazioni insieme.',
];

function componentLine(component: SeedComponent): string {
  return `- **${component.type}**: ${component.brand} ${component.model}, ${component.specs} (circa ${Math.round(component.price)} €)`;
}

/** A few paragraphs of Markdown in the demo articles' style: sections, bold names, a list, a link. */
function article(random: Random, category: BuildCategory, target: string, budget: number, components: SeedComponent[]): string {
  const byType = (type: string) => components.find((component) => component.type === type);
  const cpu = byType('CPU')!;
  const gpu = byType('GPU');
  const board = byType('Motherboard')!;
  const ram = byType('RAM')!;
  const psu = byType('PSU')!;
  const pcCase = byType('Case')!;
  const graphics = gpu
    ? `La scheda video è la [${gpu.brand} ${gpu.model}](${productUrl(gpu.asin)}) (${gpu.specs}): per ${target} è la scelta più sensata in questa fascia di prezzo, con consumi contenuti e driver maturi.`
    : `Niente scheda video dedicata: la grafica integrata del **${cpu.model}** basta per ${target}, e i soldi risparmiati vanno in un SSD più capiente e in un alimentatore più silenzioso.`;
  return [
    `${pick(random, OPENINGS)} Con circa ${budget} euro puntiamo su ${target}: è la build pensata per ${USES[category].audience}.`,
    '## A chi è rivolta',
    `È la configurazione giusta per ${USES[category].use} ogni giorno senza pensieri. Non è una macchina da record, ma ogni euro è speso dove si vede: processore, memoria e archiviazione sono bilanciati, e nessun componente fa da collo di bottiglia agli altri.`,
    '## Processore e scheda madre',
    `Il cuore del sistema è il processore **${cpu.brand} ${cpu.model}** (${cpu.specs}), montato sulla scheda madre **${board.brand} ${board.model}**, che offre tutto ciò che serve, dalle porte USB recenti agli slot M.2, senza funzioni costose che in questa fascia non si userebbero. Per la memoria scegliamo il kit **${ram.brand} ${ram.model}**: basta attivare il profilo *EXPO* o *XMP* nel BIOS.`,
    '## Scheda video',
    graphics,
    '## I componenti in breve',
    components.map(componentLine).join('\n'),
    '## Alimentatore e case',
    `L'alimentatore **${psu.brand} ${psu.model}** (${psu.specs}) lascia margine per gli aggiornamenti; il case **${pcCase.brand} ${pcCase.model}** ha un buon flusso d'aria e spazio per cablare con ordine.`,
    '## Possibili upgrade',
    `${pick(random, UPGRADES)} ${pick(random, UPGRADES)}`,
  ].join('\n\n');
}

export interface GeneratedBuild {
  slug: string;
  title: string;
  description: string;
  content: string;
  category: BuildCategory;
  budget: number;
  publishedAt: string;
  views: number;
  metaTitle: string | null;
  metaDescription: string | null;
  components: SeedComponent[];
}

/** The types of a build: always CPU, board, RAM, storage, PSU and case; usually a GPU and a cooler; sometimes a second SSD. */
function componentTypes(random: Random, category: BuildCategory): SeedComponent['type'][] {
  const types: SeedComponent['type'][] = ['CPU'];
  if (random() < 0.8) types.push('Cooler');
  types.push('Motherboard', 'RAM');
  if (category !== 'office' || random() < 0.3) types.push('GPU');
  types.push('Storage');
  if (random() < 0.35) types.push('Storage');
  types.push('PSU', 'Case');
  return types;
}

/** A budget inside one of the home's budget ranges, taken in turn so every range gets its share. */
function budgetFor(random: Random, index: number): number {
  const range = BUDGET_RANGES[index % BUDGET_RANGES.length]!;
  const low = range.min ?? BUDGET_SPAN.min;
  const high = range.max ?? BUDGET_SPAN.max;
  return Math.round((low + random() * (high - low)) / 50) * 50;
}

/** Build number `index` (0-based) of the generated catalogue. */
function generateBuild(random: Random, pools: Map<SeedComponent['type'], SeedComponent[]>, index: number, now: number): GeneratedBuild {
  const category = BUILD_CATEGORIES[Math.floor(random() * BUILD_CATEGORIES.length)]!;
  const budget = budgetFor(random, index);
  const tier = Math.min(1, Math.max(0, (budget - BUDGET_SPAN.min) / (BUDGET_SPAN.max - BUDGET_SPAN.min)));
  const seen = new Set<string>();
  const components = componentTypes(random, category).map((type) => {
    // A second SSD is a different product from the first when the pool allows it.
    let product = productFor(random, pools, type, tier);
    if (seen.has(product.asin)) product = pools.get(type)!.find((other) => !seen.has(other.asin)) ?? product;
    seen.add(product.asin);
    return {
      type,
      name: product.name,
      brand: product.brand,
      model: product.model,
      specs: product.specs,
      price: streetPrice(random, product.price),
      asin: product.asin,
    };
  });
  const target = pick(random, USES[category].targets);
  const cpu = components.find((component) => component.type === 'CPU')!;
  const gpu = components.find((component) => component.type === 'GPU');
  const pair = gpu ? `${cpu.model} e ${gpu.model}` : `${cpu.model} senza scheda video dedicata`;
  const title = `PC ${categoryLabel(category)} ${target} da ${budget} euro con ${pair}`;
  // A number keeps every slug unique, as the editor's -2, -3 suffixes do.
  const slug = `${slugify(title).slice(0, 50).replace(/-+$/, '')}-${index + 1}`;
  const description = `${cpu.model}${gpu ? ` e ${gpu.model}` : ''} per ${target}: una configurazione da ${budget} euro per ${USES[category].audience}, con componenti scelti uno per uno e prezzi aggiornati.`;
  const publishedAt = new Date(now - Math.floor(random() * 1_000 * DAY_MS)).toISOString();
  const metaTitle = random() < 0.5 ? `${title.slice(0, 60)}` : null;
  const metaDescription = metaTitle ? description.slice(0, 155) : null;
  return {
    slug,
    title,
    description,
    content: article(random, category, target, budget, components),
    category,
    budget,
    publishedAt,
    views: Math.floor(random() * 20_000),
    metaTitle,
    metaDescription,
    components,
  };
}

export function generateBuilds(count: number, now = Date.now()): GeneratedBuild[] {
  const random = seededRandom(11);
  const pools = productPools();
  return Array.from({ length: count }, (_, index) => generateBuild(random, pools, index, now));
}

/** Inserts the builds and their components in one transaction (builds one by one for their ids, components in batches). */
export async function insertGeneratedBuilds(db: Kysely<Database>, builds: GeneratedBuild[]): Promise<void> {
  const nowIso = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const componentRows: NewComponentRow[] = [];
    for (const build of builds) {
      const { id } = await trx
        .insertInto('builds')
        .values({
          slug: build.slug,
          title: build.title,
          description: build.description,
          content: build.content,
          category: build.category,
          budget_cents: euroToCents(build.budget),
          status: 'published',
          views: build.views,
          meta_title: build.metaTitle,
          meta_description: build.metaDescription,
          published_at: build.publishedAt,
          created_at: build.publishedAt,
          updated_at: nowIso,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      componentRows.push(...demoComponentRows(id, build.components, nowIso));
    }
    for (let start = 0; start < componentRows.length; start += COMPONENT_BATCH) {
      await trx.insertInto('components').values(componentRows.slice(start, start + COMPONENT_BATCH)).execute();
    }
    // Rows written directly: the site search's index is made from them as the app's writers would (decision 033).
    await rebuildSearchIndex(trx);
  });
  // A catalogue grown over years has planner statistics (autovacuum's ANALYZE); 3,000 rows inserted a moment
  // ago have none, and PostgreSQL would plan for an empty table. SQLite keeps none in production either.
  if (isPostgres(db)) await sql`ANALYZE`.execute(db);
}
