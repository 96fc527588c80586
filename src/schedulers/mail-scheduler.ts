/**
 * Sends the outbox's due mails in the background (modules/mail, decision 031): a round every few
 * seconds, and one at once when an enqueuer of this process calls mail.kick() after its commit. Every
 * instance may run it: the leases give each mail to one sender.
 */
import { errorMessageForLog } from '../common/log-text';
import type { MailService, SendDueResult } from '../modules/mail';
import { startTicker, type Ticker } from './ticker';

const MAIL_INTERVAL_MS = 5_000;

export interface MailSchedulerOptions {
  intervalMs?: number;
  firstRunMs?: number;
}

/** '[posta] inviate 3, da riprovare 1, non recapitate 0': only for rounds that did something. */
export function mailLogLine(result: SendDueResult): string {
  return `[posta] inviate ${result.sent}, da riprovare ${result.retried}, non recapitate ${result.failed}`;
}

export function startMailScheduler(mail: MailService, options: MailSchedulerOptions = {}): Ticker {
  const { intervalMs = MAIL_INTERVAL_MS, firstRunMs = intervalMs } = options;
  const ticker = startTicker(
    async () => {
      const result = await mail.sendDue();
      if (result.sent + result.retried + result.failed > 0) console.log(mailLogLine(result));
    },
    {
      intervalMs,
      firstRunMs,
      // The mails stay in the outbox under their leases; the next round (or another instance) takes them.
      onError: (error) => console.error(`[posta] invio non riuscito: ${errorMessageForLog(error)}`),
    },
  );
  const stopListening = mail.onKick(() => void ticker.tick());
  return {
    tick: () => ticker.tick(),
    async stop() {
      stopListening();
      await ticker.stop();
      mail.close();
    },
  };
}
