/**
 * Sends the channel's due posts (decisions 031 and 046): one claim at a time under the shared sender lock
 * (the hourly cap and Telegram's pause hold across processes and instances), each change conditional on
 * the claim's lease. Telegram's 429 pauses every sender for `retry_after`; a refusal (401 bad token, 400
 * chat not found) gives the post up and shows on the dashboard; anything else is tried again with back-off.
 * Across a crash a post may go out twice only if the process died between Telegram's ok and markPostSent.
 */
import type { Kysely } from 'kysely';
import { errorMessageForLog } from '../../common/log-text';
import type { TelegramConfig } from '../../config/env';
import type { Database } from '../../db/tables';
import { TelegramApiError, type TelegramClient } from '../../integrations/telegram';
import type { Clock } from '../clock';
import { claimNextPost, markPostFailed, markPostRetry, markPostSent, pauseSenders, releasePost } from './telegram-outbox.repository';

/** Wait before attempt n+1 after n failed attempts, as the mails' (decision 031); the 6th failure gives up. */
export const POST_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
export const POST_MAX_ATTEMPTS = POST_RETRY_DELAYS_MS.length + 1;
/** Longer than one request can last (the client's 30 s timeout); a sender that died frees its post after it. */
export const POST_LEASE_MS = 2 * 60_000;
const HOUR_MS = 3_600_000;

export interface SendPostsResult {
  sent: number;
  retried: number;
  failed: number;
  /** Why the round stopped with posts left: the hourly cap, Telegram's pause, or nothing left (null). */
  stoppedBy: 'cap' | 'paused' | null;
}

export interface SendPostsDeps {
  db: Kysely<Database>;
  clock: Clock;
  telegram: TelegramConfig;
  client: TelegramClient;
}

export async function sendDuePosts(deps: SendPostsDeps): Promise<SendPostsResult> {
  const { db, clock, telegram, client } = deps;
  const at = (offsetMs = 0) => new Date(clock.now().getTime() + offsetMs).toISOString();
  const result: SendPostsResult = { sent: 0, retried: 0, failed: 0, stoppedBy: null };
  for (;;) {
    const claim = await claimNextPost(db, { now: at(), hourAgo: at(-HOUR_MS), leaseUntil: at(POST_LEASE_MS), cap: telegram.maxPostsPerHour });
    if (claim.post === null) {
      if (claim.reason !== 'none') result.stoppedBy = claim.reason;
      return result;
    }
    const post = claim.post;
    try {
      if (post.photoUrl) await client.sendPhoto(telegram.chatId, post.photoUrl, post.text);
      else await client.sendMessage(telegram.chatId, post.text);
    } catch (error) {
      const message = error instanceof TelegramApiError ? error.message : errorMessageForLog(error);
      if (error instanceof TelegramApiError && error.kind === 'rate-limited') {
        // Pause first, then release: no other sender can claim the post between the two.
        await pauseSenders(db, at((error.retryAfterSeconds ?? 30) * 1000));
        await releasePost(db, post.id, post.token, message);
        result.retried += 1;
        result.stoppedBy = 'paused';
        return result;
      }
      const refused = error instanceof TelegramApiError && error.kind === 'refused';
      if (refused || post.attempts >= POST_MAX_ATTEMPTS) {
        await markPostFailed(db, post.id, post.token, message, at());
        result.failed += 1;
        console.error(`[telegram] post dell'offerta ${post.asin} non pubblicato: ${message}`);
        // A bad token or a chat that does not exist fails every post alike: the next round tries the next one.
        if (refused) return result;
      } else {
        await markPostRetry(db, post.id, post.token, at(POST_RETRY_DELAYS_MS[post.attempts - 1]), message);
        result.retried += 1;
      }
      continue;
    }
    // The only window for a repeat: Telegram said ok and this statement has not run yet.
    if (await markPostSent(db, post.id, post.token, at())) result.sent += 1;
  }
}
