/**
 * TEMPORARY (alerts branch): a stand-in with the exact door of the mail branch's outbox, so the alerts
 * can be built and tested now. It stores nothing in the database: it remembers what it was given in
 * `__enqueuedForTests`. The mail branch's file replaces this one at merge.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables';

export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

/** TEMPORARY: what enqueueMail was given, for the alerts tests only. */
export const __enqueuedForTests: Array<OutgoingMail & { now: string }> = [];

let nextId = 1;

export function enqueueMail(trx: Kysely<Database>, mail: OutgoingMail, now: string): Promise<number> {
  void trx;
  __enqueuedForTests.push({ ...mail, now });
  return Promise.resolve(nextId++);
}
