/**
 * Data of the editor's alternatives panel (product spec, "Screens and routes", "Validation rules",
 * "Error catalogue"), behind the resource routes its fetchers call: /admin/alternatives-for/<asin> (the product's
 * alternatives; add, edit, delete, add a whole group) and /admin/alternative-groups (the groups a group add offers).
 *
 * Each write answers with the product's list as it stands afterwards (after a failure too: an alternative
 * deleted elsewhere disappears), so the panel never needs the rest of the editor reloaded.
 */
import { isValidAsin, normalizeAsin } from '../../../../common/asin';
import type { Alternative } from '../../../../modules/alternatives';
import { alternativesApi, ApiError } from '../../api';
import { draftFromForm, groupMembersToAdd, memberToBody, parseAlternative } from '../alternative-form';
import { attempt } from '../failures';
import { formId, formText, formTexts } from '../../form-data';
import { ALTERNATIVE_MESSAGES as M, groupAddedMessage } from '../alternative-messages';

/** The original product of a panel route, or null for a parameter that is no ASIN. */
function productAsin(param: string | undefined): string | null {
  const asin = normalizeAsin(param ?? '');
  return isValidAsin(asin) ? asin : null;
}

export async function loadProductAlternatives(asinParam: string | undefined, signal: AbortSignal) {
  const asin = productAsin(asinParam);
  if (asin === null) return { alternatives: null, error: M.invalidLink };
  const list = await attempt(() => alternativesApi.listForProduct(asin, signal), M.loadFailed, { signal });
  return list.ok ? { alternatives: list.value, error: null } : { alternatives: null, error: list.error };
}

export async function loadGroups(signal: AbortSignal) {
  const list = await attempt(() => alternativesApi.listCategories(signal), M.groupsFailed, { signal });
  return list.ok ? { categories: list.value, error: null } : { categories: null, error: list.error };
}

export interface PanelNotice {
  tone: 'success' | 'error' | 'info';
  text: string;
}

export interface PanelResult {
  intent: string;
  ok: boolean;
  /** What to tell the author; edits and deletions that succeed say nothing (the list shows it). */
  notice: PanelNotice | null;
  /** The product's alternatives after the write; null if they could not be read again. */
  alternatives: Alternative[] | null;
}

const error = (text: string): PanelNotice => ({ tone: 'error', text });

/** Adds the group's members one at a time, in its order; a 409 (added meanwhile elsewhere) is skipped like a known one. */
async function addGroup(asin: string, categoryId: number, knownAsins: string[], signal: AbortSignal): Promise<PanelNotice> {
  const members = await alternativesApi.listCategoryMembers(categoryId, signal);
  if (members.length === 0) return { tone: 'info', text: M.groupEmpty };
  let added = 0;
  for (const member of groupMembersToAdd(members, knownAsins, asin)) {
    try {
      await alternativesApi.addForProduct(asin, memberToBody(member), signal);
      added += 1;
    } catch (caught) {
      if (!(caught instanceof ApiError && caught.status === 409)) throw caught;
    }
  }
  return { tone: 'success', text: groupAddedMessage(added) };
}

type WriteOutcome = { ok: boolean; notice: PanelNotice | null };

/** Runs `call`: its notice on success; on failure the server's message or `fallback`. */
async function run(call: () => Promise<PanelNotice | null>, fallback: string, signal: AbortSignal): Promise<WriteOutcome> {
  const outcome = await attempt(call, fallback, { signal });
  return outcome.ok ? { ok: true, notice: outcome.value } : { ok: false, notice: error(outcome.error) };
}

const refused = (text: string): WriteOutcome => ({ ok: false, notice: error(text) });

/** The write an intent asks for (the form is parsed again here: the client is not trusted). */
async function write(asin: string, intent: string, form: FormData, signal: AbortSignal): Promise<WriteOutcome> {
  const id = formId(form, 'id');
  switch (intent) {
    case 'add-group': {
      const categoryId = formId(form, 'categoryId');
      if (categoryId === null) return refused(M.invalidRequest);
      return run(() => addGroup(asin, categoryId, formTexts(form, 'known'), signal), M.groupFailed, signal);
    }
    case 'delete': {
      if (id === null) return refused(M.invalidRequest);
      const remove = async () => {
        await alternativesApi.remove(id, signal);
        return null;
      };
      return run(remove, M.deleteFailed, signal);
    }
    case 'add':
    case 'update': {
      const parsed = parseAlternative(draftFromForm(form));
      if (!parsed.ok) return refused(parsed.message);
      if (intent === 'add') {
        const add = async (): Promise<PanelNotice> => {
          await alternativesApi.addForProduct(asin, parsed.body, signal);
          return { tone: 'success', text: M.added };
        };
        return run(add, M.addFailed, signal);
      }
      if (id === null) return refused(M.invalidRequest);
      const update = async () => {
        await alternativesApi.update(id, parsed.body, signal);
        return null;
      };
      return run(update, M.updateFailed, signal);
    }
    default:
      return refused(M.invalidRequest);
  }
}

export async function runPanelAction(asinParam: string | undefined, request: Request): Promise<PanelResult> {
  const form = await request.formData();
  const intent = formText(form, 'intent');
  const asin = productAsin(asinParam);
  if (asin === null) return { intent, ok: false, notice: error(M.invalidLink), alternatives: null };
  const { signal } = request;
  const outcome = await write(asin, intent, form, signal);
  const list = await attempt(() => alternativesApi.listForProduct(asin, signal), M.loadFailed, { signal });
  return { intent, ...outcome, alternatives: list.ok ? list.value : null };
}
