/** The values a row of job_runs takes (jobs.service.ts): what started the run, and how it went. */
import { z } from 'zod';

export const jobTriggerSchema = z.enum(['scheduled', 'manual']);
/** 'running' while the run goes on, then how it ended. */
export const jobRunStatusSchema = z.enum(['running', 'succeeded', 'failed']);
