/**
 * Rules for builds, one use case per file: what visitors read (public-read.ts), what the author reads
 * (admin-read.ts) and writes (editor-save.ts, component-save.ts), scheduled publishing (scheduling.ts),
 * the components a price history reads (price-refs.ts). This file wires them to one database and clock,
 * and exports what other modules call in their own transactions.
 */
import { buildStats, compatibilityOfBuild, listAdminBuilds, readAdminBuild, requireBuild } from './admin-read';
import type { BuildInput } from './builds.schema';
import { createBuild, type EditorSaveDeps, removeBuild, saveBuild } from './editor-save';
import { priceRefsOfBuild, publishedPriceRefs } from './price-refs';
import { createPublicReads, type PublicReadDeps } from './public-read';
import { SYSTEM_AUTHOR } from './revisions.service';
import { hasDueScheduled, nextPublishAt, publishDueScheduled } from './scheduling';

export { LOWEST_PRICE_WINDOW_MS, toComponentAdmin } from './build-mapping';
export { bumpBuildVersion, lockBuilds, nextBuildVersion } from './build-versions';
export { planCart } from './cart-plan';
export { BUILD_CHANGED_MESSAGE } from './editor-save';
export type { ComponentPriceRef } from './price-refs';
export type { PublishedPageQuery } from './public-read';

export interface BuildsDeps extends EditorSaveDeps {
  defaultAffiliateTag: string;
  /** A visitor's personalisation of a public build (decision 030). */
  personalization: PublicReadDeps['personalization'];
}

export function createBuildsService(deps: BuildsDeps) {
  const { db, clock } = deps;
  const publicReads = createPublicReads(deps);
  return {
    ...publicReads,
    publishDueScheduled: () => publishDueScheduled(deps),
    hasDueScheduled: () => hasDueScheduled(deps),
    nextPublishAt: () => nextPublishAt(deps),
    listAdmin: () => listAdminBuilds(db),
    getAdmin: (id: number) => readAdminBuild(db, id, clock.now()),
    compatibility: (id: number) => compatibilityOfBuild(db, id),
    create: (input: BuildInput, author: string = SYSTEM_AUTHOR) => createBuild(deps, input, author),
    /**
     * Saves the editor's form. With `expectedUpdatedAt` (the version the form was loaded at) the save is
     * conditional: a build changed since answers 409 and nothing is written.
     */
    update: (id: number, input: BuildInput, expectedUpdatedAt?: string, author: string = SYSTEM_AUTHOR) => saveBuild(deps, id, input, expectedUpdatedAt, author),
    remove: (id: number) => removeBuild(deps, id),
    stats: () => buildStats(db),
    requireBuild: (id: number) => requireBuild(db, id, deps.defaultAffiliateTag),
    publishedPriceRefs: (slug: string) => publishedPriceRefs(deps, slug),
    priceRefs: (id: number) => priceRefsOfBuild(db, id),
  };
}

export type BuildsService = ReturnType<typeof createBuildsService>;
