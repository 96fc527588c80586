/** The jobs module's face (leases for scheduled work): what other code may use of it. */
export { createJobsService, type JobResult, type JobsService } from './jobs.service';
