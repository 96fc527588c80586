/** What every service that reads or writes data is built with. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { Clock } from './clock';

export interface DataDeps {
  db: Kysely<Database>;
  /** The time rows are stamped with, injected so tests need not wait. */
  clock: Clock;
}
