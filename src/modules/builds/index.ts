/**
 * The builds module's face: what other code may use of it (the rest of the folder is its own). Besides
 * the service, the plain functions other modules call in their own transaction: the build lock and
 * version bump every build writer takes first (build-versions.ts), the writes to `components` (its
 * repository is their one owner, decision 029) and the revision record of a change.
 */
export {
  BUILD_CHANGED_MESSAGE,
  type BuildsDeps,
  type BuildsService,
  bumpBuildVersion,
  type ComponentPriceRef,
  createBuildsService,
  lockBuilds,
  LOWEST_PRICE_WINDOW_MS,
  type PublishedPageQuery,
  toComponentAdmin,
} from './builds.service';
export type {
  BuildAdmin,
  BuildAdminRow,
  BuildComponentPublic,
  BuildListRow,
  BuildPersonalization,
  BuildPublic,
  BuildStats,
  BuildSummary,
  CartExclusion,
  CompatibilityResponse,
  ComponentAdmin,
  ComponentPublic,
} from './builds.types';
export { applyRetailerObservation, insertComponent, type RetailerObservation, type TierBuilds, updateComponent, writeTiers } from './components.repository';
export { createRevisionsService, recordRevision, REVISION_REASONS, type RevisionsService, SYSTEM_AUTHOR } from './revisions.service';
