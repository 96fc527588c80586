/** The comparison module's face: what other code may use of it (the rest of the folder is its own). */
export { type CompareCandidate, type ComparedBuild, type CompareService, type Comparison, createCompareService } from './compare.service';
