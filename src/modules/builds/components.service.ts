/**
 * The door other modules use to change components (components.repository.ts holds every write to the
 * table). Plain functions in the caller's transaction: the caller locks the build first, as every build
 * writer does (build-versions.ts).
 */
export {
  applyRetailerObservation,
  insertComponent,
  type RetailerObservation,
  type TierBuilds,
  updateComponent,
  writeTiers,
} from './components.repository';
