/** The values a row of job_runs takes (jobs.service.ts): what started the run, and how it went. */
import { z } from 'zod';
import type { JobRunStatus, JobRunTrigger } from '../../db/tables';

/** The column's values, each once: the check fails when a value is missing here or unknown to the table. */
type EveryValueOf<T extends string> = { [K in T]: K };

export const jobTriggerSchema = z.enum({ scheduled: 'scheduled', manual: 'manual' } satisfies EveryValueOf<JobRunTrigger>);
/** 'running' while the run goes on, then how it ended. */
export const jobRunStatusSchema = z.enum({ running: 'running', succeeded: 'succeeded', failed: 'failed' } satisfies EveryValueOf<JobRunStatus>);
