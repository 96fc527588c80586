/** The housekeeping module's face: what other code may use of it (the rest of the folder is its own). */
export { createHousekeepingService, type HousekeepingResult, type HousekeepingService } from './housekeeping.service';
