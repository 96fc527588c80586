/**
 * The editor's retailer data (decision 019), behind the resource routes its fetchers call:
 * /admin/retailer-search?q=…&page=N ('Cerca su Amazon') and /admin/retailer-item?ref=… (the lookup of a
 * pasted link or ASIN). Each answer names the query or reference it is for, so the screen can tell an
 * answer about what the author typed a moment ago from one about what is in the field now.
 *
 * Failures are answers with the server's Italian message; the login redirect and the abort of a
 * superseded request go to the router (attempt()).
 */
import { MAX_SEARCH_PAGE, type RetailerItem } from '../../../../../modules/retailer-items/retailer-items.schema';
import { attempt, errorMessage, pricingApi, retailerApi } from '../../../api';
import { SEARCH_MESSAGES } from '../editor-messages';

/** Whether the editor can use the retailer (GET /api/admin/prices/retailer: no database read). */
export type RetailerStatus =
  | { status: 'configured' }
  /** `missing`: the server's sentence naming the settings to set. */
  | { status: 'not-configured'; missing: string | null }
  /** The statistics could not be read: the search is offered, and answers for itself. */
  | { status: 'unknown' };

export async function loadRetailerStatus(signal: AbortSignal): Promise<RetailerStatus> {
  const answer = await attempt(pricingApi.retailerStatus(signal));
  if (!answer.ok) return { status: 'unknown' };
  return answer.data.configured ? { status: 'configured' } : { status: 'not-configured', missing: answer.data.missing };
}

export type SearchAnswer =
  | { status: 'done'; q: string; page: number; items: RetailerItem[]; total: number }
  | { status: 'failed'; q: string; page: number; message: string };

/** The page of a search parameter: 1 to 10, 1 for anything else (the panel only asks for valid pages). */
function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= MAX_SEARCH_PAGE ? page : 1;
}

export async function loadRetailerSearch(params: URLSearchParams, signal: AbortSignal): Promise<SearchAnswer> {
  const q = (params.get('q') ?? '').trim();
  const page = pageOf(params.get('page'));
  const result = await attempt(retailerApi.search(q, page, signal));
  if (!result.ok) return { status: 'failed', q, page, message: errorMessage(result.error, SEARCH_MESSAGES.failed) };
  return { status: 'done', q, page: result.data.page, items: result.data.items, total: result.data.total_results };
}

export type LookupAnswer = { status: 'done'; reference: string; item: RetailerItem } | { status: 'failed'; reference: string; message: string };

export async function loadRetailerItem(params: URLSearchParams, signal: AbortSignal): Promise<LookupAnswer> {
  const reference = (params.get('ref') ?? '').trim();
  const result = await attempt(retailerApi.lookup(reference, signal));
  return result.ok ? { status: 'done', reference, item: result.data } : { status: 'failed', reference, message: errorMessage(result.error, SEARCH_MESSAGES.lookupFailed) };
}
