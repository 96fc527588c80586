/**
 * The only code that talks to Telegram's Bot API (https://core.telegram.org/bots/api) over fetch:
 * sendMessage, and sendPhoto with a caption. The bot token is part of every request's path and of nothing
 * else: no error message, log line or stored error carries it (decision 046).
 */
import { ClientError } from '../client-error';

/** A request that has not answered by then is given up, well inside the sender's lease. */
const REQUEST_TIMEOUT_MS = 30_000;

export type TelegramErrorKind =
  /** 429: Telegram asks to wait `retryAfterSeconds`. */
  | 'rate-limited'
  /** 401/403/400/404: a bad token, a chat not found, a bot removed from the channel; retrying will not help. */
  | 'refused'
  /** 5xx, network failure, timeout, an answer that is not the API's: worth another attempt later. */
  | 'temporary';

export class TelegramApiError extends ClientError<TelegramErrorKind> {
  /** From `parameters.retry_after` of a 429; null otherwise. */
  readonly retryAfterSeconds: number | null;

  constructor(kind: TelegramErrorKind, message: string, details: { status?: number | null; retryAfterSeconds?: number | null; cause?: unknown } = {}) {
    super('TelegramApiError', kind, message, details);
    this.retryAfterSeconds = details.retryAfterSeconds ?? null;
  }
}

export interface TelegramClientSettings {
  botToken: string;
  /** e.g. https://api.telegram.org (a local fake in tests). */
  apiBaseUrl: string;
  timeoutMs?: number;
}

export interface SentMessage {
  messageId: number;
}

interface ApiAnswer {
  ok?: boolean;
  result?: { message_id?: number };
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

export function createTelegramClient(settings: TelegramClientSettings) {
  const base = settings.apiBaseUrl.replace(/\/+$/, '');
  const hide = (text: string) => text.split(settings.botToken).join('[token]');

  async function call(method: 'sendMessage' | 'sendPhoto', body: Record<string, unknown>): Promise<SentMessage> {
    let response: Response;
    try {
      response = await fetch(`${base}/bot${settings.botToken}/${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(settings.timeoutMs ?? REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      // Node's fetch names the host at most, never the path; hidden anyway in case a platform does.
      const reason = error instanceof Error ? `${error.name}: ${(error.cause as Error | undefined)?.message ?? error.message}` : String(error);
      throw new TelegramApiError('temporary', hide(`Telegram non raggiungibile (${reason})`));
    }
    let answer: ApiAnswer | null = null;
    try {
      answer = (await response.json()) as ApiAnswer;
    } catch {
      answer = null;
    }
    if (response.ok && answer?.ok === true) return { messageId: Number(answer.result?.message_id ?? 0) };
    const description = hide(String(answer?.description ?? `risposta HTTP ${response.status}`)).slice(0, 300);
    const status = response.status;
    if (status === 429) {
      const retryAfter = Number(answer?.parameters?.retry_after);
      const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 30;
      throw new TelegramApiError('rate-limited', `Telegram chiede di attendere: ${description}`, { status, retryAfterSeconds });
    }
    if (status === 400 || status === 401 || status === 403 || status === 404) {
      throw new TelegramApiError('refused', `Telegram ha rifiutato il messaggio (${status}): ${description}`, { status });
    }
    throw new TelegramApiError('temporary', `Telegram non ha accettato il messaggio (${status}): ${description}`, { status });
  }

  return {
    /** A text message; links stay plain text (no parse mode: nothing of the text can break the markup). */
    sendMessage(chatId: string, text: string): Promise<SentMessage> {
      return call('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } });
    },
    /** A photo by URL with a caption (at most 1,024 characters, Telegram's limit). */
    sendPhoto(chatId: string, photoUrl: string, caption: string): Promise<SentMessage> {
      return call('sendPhoto', { chat_id: chatId, photo: photoUrl, caption });
    },
  };
}

export type TelegramClient = ReturnType<typeof createTelegramClient>;
