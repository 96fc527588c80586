/**
 * Every kind of public HTML page, for the browser tests that must hold on each of them (axe in both themes,
 * fitting a 390 px phone): the home and its filtered lists, a build page and a personalised variant, the
 * search with results and with none, the comparison (full, with builds left out, and with one build only),
 * the alert pages in each of their outcomes, and the 404 page. The feed and the sitemap are not HTML.
 *
 * The content includes the worst a phone has to show: a published build whose title and part name are one
 * unbroken word of some 270 letters (the editor allows 300), with the alerts named after it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { hashSecretToken, newSecretToken } from '../../src/modules/secrets';
import { apiCreateBuild, apiLogin } from './admin-helpers';
import { type E2EContext, startE2E } from './harness';
import { listPublished, published } from './public-fixtures';

/** One word, no space or hyphen to break at: what a careless title or a pasted code looks like. */
export const LONG_WORD = 'Supercalifragilistichespiralidoso'.repeat(8);

/** The page types, by name: tests list them before the server is up, each test opens one. */
export const PAGE_TYPE_NAMES = [
  'home',
  'home page 2',
  'home filtered by category',
  'home filtered by category and budget',
  'home filtered to nothing',
  'build page',
  'build page with a long title',
  'personalised build',
  'search form',
  'search with results',
  'search without results',
  'comparison',
  'comparison with builds left out',
  'comparison of one build',
  'comparison of none',
  'alert mail sent',
  'alert to confirm',
  'alert confirmed',
  'alert confirmation link no longer valid',
  'alert to end',
  'alert ended',
  'alert unsubscribe link no longer valid',
  '404 page',
] as const;
export type PageTypeName = (typeof PAGE_TYPE_NAMES)[number];

export interface PublicPageType {
  /** The address to open; alert pages make a fresh alert each time (an outcome can be reached only once). */
  path(): string | Promise<string>;
  status: number;
  /** What the visitor does on the page before it is checked (pressing the confirm or unsubscribe button). */
  act?(page: Page): Promise<void>;
}

export interface PublicPagesContext {
  e2e: E2EContext;
  pages: Record<PageTypeName, PublicPageType>;
  close(): Promise<void>;
}

interface ApiComponent {
  id: number;
  type: string;
  alternatives: { asin: string }[];
}

async function publicComponents(url: string, slug: string): Promise<ApiComponent[]> {
  const response = await fetch(`${url}/api/builds/${slug}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { build: { components: ApiComponent[] } }).build.components;
}

/** A personalised variant of a demo build: one part swapped for an alternative, another owned. */
async function variantPath(url: string): Promise<string> {
  for (const summary of await listPublished(url)) {
    const components = await publicComponents(url, summary.slug);
    const swapped = components.find((component) => component.alternatives.length > 0);
    const owned = components.find((component) => component !== swapped);
    if (swapped && owned) return `/build/${summary.slug}?scegli=${swapped.id}:${swapped.alternatives[0]!.asin}&possiedo=${owned.id}`;
  }
  throw new Error('no demo build offers an alternative');
}

/**
 * Starts the server with alerts on (mail written to a directory, so the build page shows its alert forms)
 * and the content the page types need; the alert pages' tokens are made here, as a confirmation mail would
 * carry them (the database keeps only their hashes).
 */
export async function startPublicPages(): Promise<PublicPagesContext> {
  const outboxDir = mkdtempSync(join(tmpdir(), 'buildpc-mail-'));
  const e2e = await startE2E({ MAIL_OUTBOX_DIR: outboxDir });
  const token = await apiLogin(e2e.url);
  const [first, second, third] = await listPublished(e2e.url);
  // More than 12 published builds: the home page has a second page and its "Pagine" navigation.
  for (let index = published.length; index < 14; index += 1) {
    await apiCreateBuild(e2e.url, token, { title: `Build in più ${index}`, category: 'gaming', budget: 900, status: 'published', components: [] });
  }
  const long = await apiCreateBuild(e2e.url, token, {
    title: `PC ${LONG_WORD}`,
    category: 'gaming',
    budget: 700,
    status: 'published',
    components: [
      { type: 'CPU', name: `Processore${LONG_WORD}`, price: 199.9, amazon_link: 'https://www.amazon.it/dp/B0LONGCPU1' },
      { type: 'GPU', name: 'NVIDIA GeForce RTX 5060', price: 329, amazon_link: 'https://www.amazon.it/dp/B0LONGGPU1' },
    ],
  });
  const variant = await variantPath(e2e.url);

  const db = e2e.runtime.database.db;
  let alerts = 0;
  /** A live alert on the long-titled build (a stock alert on its first part when `onPart`), and its link tokens. */
  async function storeAlert(status: 'pending' | 'active', onPart = false): Promise<{ confirm: string; unsubscribe: string }> {
    const tokens = { confirm: newSecretToken(), unsubscribe: newSecretToken() };
    const now = new Date();
    alerts += 1;
    const email = `lettore${alerts}@example.com`;
    await db
      .insertInto('price_alerts')
      .values({
        build_id: long.id,
        component_id: onPart ? long.components[0]!.id : null,
        email,
        mailbox: email,
        max_total_cents: onPart ? null : 49_990,
        status,
        confirm_token_hash: hashSecretToken(tokens.confirm),
        unsubscribe_token_hash: hashSecretToken(tokens.unsubscribe),
        created_at: now.toISOString(),
        confirmed_at: status === 'active' ? now.toISOString() : null,
        expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
      })
      .execute();
    return tokens;
  }
  const press = (label: string, outcome: string) => async (page: Page) => {
    await page.getByRole('button', { name: label }).click();
    await page.getByRole('heading', { level: 1, name: outcome }).waitFor();
  };
  const unknownToken = 'x'.repeat(43);

  const pages: Record<PageTypeName, PublicPageType> = {
    'home': { path: () => '/', status: 200 },
    'home page 2': { path: () => '/?pagina=2', status: 200 },
    'home filtered by category': { path: () => '/?categoria=gaming', status: 200 },
    'home filtered by category and budget': { path: () => '/?categoria=gaming&budget=fino-800', status: 200 },
    'home filtered to nothing': { path: () => '/?categoria=office&budget=oltre-2500', status: 200 },
    'build page': { path: () => `/build/${first!.slug}`, status: 200 },
    'build page with a long title': { path: () => `/build/${long.slug}`, status: 200 },
    'personalised build': { path: () => variant, status: 200 },
    'search form': { path: () => '/cerca', status: 200 },
    'search with results': { path: () => `/cerca?q=${encodeURIComponent(first!.title)}`, status: 200 },
    'search without results': { path: () => '/cerca?q=frigorifero+lavatrice', status: 200 },
    'comparison': { path: () => `/confronta?build=${first!.slug}&build=${long.slug}&build=${second!.slug}`, status: 200 },
    'comparison with builds left out': {
      path: () => `/confronta?build=${first!.slug}&build=${second!.slug}&build=${third!.slug}&build=${long.slug}&build=non-esiste`,
      status: 200,
    },
    'comparison of one build': { path: () => `/confronta?build=${long.slug}`, status: 200 },
    'comparison of none': { path: () => '/confronta', status: 200 },
    'alert mail sent': { path: () => '/avvisi/inviato', status: 200 },
    'alert to confirm': { path: async () => `/avvisi/conferma/${(await storeAlert('pending')).confirm}`, status: 200 },
    'alert confirmed': {
      path: async () => `/avvisi/conferma/${(await storeAlert('pending')).confirm}`,
      status: 200,
      act: press('Conferma', 'Avviso confermato'),
    },
    'alert confirmation link no longer valid': { path: () => `/avvisi/conferma/${unknownToken}`, status: 404 },
    'alert to end': { path: async () => `/avvisi/annulla/${(await storeAlert('active', true)).unsubscribe}`, status: 200 },
    'alert ended': {
      path: async () => `/avvisi/annulla/${(await storeAlert('active')).unsubscribe}`,
      status: 200,
      act: press("Annulla l'avviso", 'Avviso annullato'),
    },
    'alert unsubscribe link no longer valid': { path: () => `/avvisi/annulla/${unknownToken}`, status: 200 },
    '404 page': { path: () => '/qualcosa/che/non/esiste', status: 404 },
  };
  return {
    e2e,
    pages,
    close: async () => {
      await e2e.close();
      rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}
