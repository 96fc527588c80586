/**
 * The search's synonym groups (decision 041): the author edits them in the admin, every search reads them.
 * A change empties every page cache (content events, relayed to the other processes and instances), since
 * cached search pages were made with the old list; the list the searches read is kept in memory, dropped on
 * the same events and at most SYNONYMS_TTL_MS old (the most a lost relay can leave it stale).
 */
import { AppError, notFound } from '../../common/errors';
import { lockSearchIndex } from '../../db/build-search-index';
import type { ContentEvents } from '../content-events';
import type { DataDeps } from '../data-deps';
import type { SynonymPhrases } from './query-plan';
import { readGroup, splitPhrases, storedGroupText, SYNONYM_GROUPS_MAX, SYNONYM_MESSAGES, synonymGroupProblem } from './synonym-rules';
import { deleteSynonymRow, insertSynonymRow, listSynonymRows as listRows, type SynonymRow, updateSynonymRow } from './synonyms.repository';
import type { SynonymGroup, SynonymGroupInput } from './synonyms.schema';

const SYNONYMS_TTL_MS = 60_000;

export interface SynonymsDeps extends DataDeps {
  events: Pick<ContentEvents, 'emitChange' | 'onChange'>;
}

function toGroup(row: SynonymRow): SynonymGroup {
  return { id: Number(row.id), phrases: splitPhrases(row.phrases), updated_at: row.updated_at };
}

function refused(message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { fields: { phrases: message } });
}

export function createSynonymsService({ db, clock, events }: SynonymsDeps) {
  let cached: { groups: SynonymPhrases[]; at: number } | null = null;
  events.onChange(() => {
    cached = null;
  });

  /** The groups as a search reads them. */
  async function groupsForSearch(): Promise<SynonymPhrases[]> {
    const now = clock.now().getTime();
    if (cached && now - cached.at < SYNONYMS_TTL_MS && now >= cached.at) return cached.groups;
    const groups = (await listRows(db)).map((row) => readGroup(row.phrases)).filter((group) => group.length > 1);
    cached = { groups, at: now };
    return groups;
  }

  async function list(): Promise<SynonymGroup[]> {
    return (await listRows(db)).map(toGroup);
  }

  /** Checks the text against the other groups and writes, in one transaction; then every cache forgets. */
  async function write(id: number | null, input: SynonymGroupInput): Promise<SynonymGroup> {
    const row = await db.transaction().execute(async (trx) => {
      // One writer at a time on PostgreSQL too: two instances could otherwise each put the same phrase in a group.
      await lockSearchIndex(trx);
      const others = (await listRows(trx)).filter((other) => Number(other.id) !== id);
      if (id === null && others.length >= SYNONYM_GROUPS_MAX) throw refused(SYNONYM_MESSAGES.groupsFull);
      const problem = synonymGroupProblem(input.phrases, others.map((other) => other.phrases));
      if (problem) throw refused(problem);
      const timestamp = clock.now().toISOString();
      const phrases = storedGroupText(input.phrases);
      if (id === null) return insertSynonymRow(trx, phrases, timestamp);
      const updated = await updateSynonymRow(trx, id, phrases, timestamp);
      if (!updated) throw notFound(SYNONYM_MESSAGES.notFound);
      return updated;
    });
    cached = null;
    await events.emitChange();
    return toGroup(row);
  }

  async function remove(id: number): Promise<void> {
    if (!(await deleteSynonymRow(db, id))) throw notFound(SYNONYM_MESSAGES.notFound);
    cached = null;
    await events.emitChange();
  }

  return {
    groupsForSearch,
    list,
    create: (input: SynonymGroupInput) => write(null, input),
    update: (id: number, input: SynonymGroupInput) => write(id, input),
    remove,
  };
}

export type SynonymsService = ReturnType<typeof createSynonymsService>;
