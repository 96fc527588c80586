/** The price-drift module's face: what other code may use of it (the rest of the folder is its own). */
export { createDriftService, type DriftService } from './drift.service';
