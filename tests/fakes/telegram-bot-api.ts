/**
 * A fake of Telegram's Bot API (https://core.telegram.org/bots/api) over real HTTP on 127.0.0.1, in its wire
 * format: `POST /bot<token>/sendMessage` and `/sendPhoto` with a JSON body, answers
 * `{"ok":true,"result":{message_id,…}}`, or `{"ok":false,"error_code","description"}`: 401 "Unauthorized" for
 * another token, 400 "Bad Request: chat not found" for another chat, and on request 429 "Too Many Requests:
 * retry after N" with `parameters.retry_after`. A message is recorded when it arrived, before the answer (which
 * may be delayed): a sender killed during the delay has posted a message it never heard accepted.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedPost {
  method: 'sendMessage' | 'sendPhoto';
  chatId: string;
  /** The message's text, or the photo's caption. */
  text: string;
  photo: string | null;
  at: number;
}

export interface FakeTelegramOptions {
  token?: string;
  chatId?: string;
  /** Waits this long before answering an accepted message. */
  replyDelayMs?: number;
}

export interface FakeTelegram {
  /** TELEGRAM_API_BASE_URL for the app. */
  url: string;
  token: string;
  chatId: string;
  /** Messages accepted (recorded before the answer). */
  received: ReceivedPost[];
  /** Every request that reached a method, accepted or not. */
  attempts: number;
  /** The next `count` requests answer 429 with `retry_after` seconds. */
  rateLimitNext(count: number, retryAfterSeconds: number): void;
  setReplyDelay(ms: number): void;
  reset(): void;
  close(): Promise<void>;
}

export const FAKE_TELEGRAM_TOKEN = '123456:FAKE-bot-token-for-tests';
export const FAKE_TELEGRAM_CHAT = '@offerte_build_pc';

export async function startFakeTelegram(options: FakeTelegramOptions = {}): Promise<FakeTelegram> {
  const token = options.token ?? FAKE_TELEGRAM_TOKEN;
  const chatId = options.chatId ?? FAKE_TELEGRAM_CHAT;
  let replyDelayMs = options.replyDelayMs ?? 0;
  let rateLimited = 0;
  let retryAfter = 1;
  let messageId = 0;
  const state = { received: [] as ReceivedPost[], attempts: 0 };

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const match = /^\/bot([^/]+)\/(sendMessage|sendPhoto)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) return answer(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    state.attempts += 1;
    if (match[1] !== token) return answer(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    } catch {
      return answer(res, 400, { ok: false, error_code: 400, description: "Bad Request: can't parse JSON object" });
    }
    if (String(body.chat_id) !== chatId) return answer(res, 400, { ok: false, error_code: 400, description: 'Bad Request: chat not found' });
    if (rateLimited > 0) {
      rateLimited -= 1;
      return answer(res, 429, { ok: false, error_code: 429, description: `Too Many Requests: retry after ${retryAfter}`, parameters: { retry_after: retryAfter } });
    }
    const method = match[2] as ReceivedPost['method'];
    const text = String(method === 'sendPhoto' ? (body.caption ?? '') : (body.text ?? ''));
    if (text === '') return answer(res, 400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
    state.received.push({ method, chatId, text, photo: method === 'sendPhoto' ? String(body.photo) : null, at: Date.now() });
    if (replyDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, replyDelayMs));
    messageId += 1;
    answer(res, 200, { ok: true, result: { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: -100123, type: 'channel' }, text } });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => answer(res, 500, { ok: false, error_code: 500, description: 'Internal Server Error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    chatId,
    get received() {
      return state.received;
    },
    get attempts() {
      return state.attempts;
    },
    rateLimitNext(count, seconds) {
      rateLimited = count;
      retryAfter = seconds;
    },
    setReplyDelay(ms) {
      replyDelayMs = ms;
    },
    reset() {
      state.received.length = 0;
      state.attempts = 0;
      rateLimited = 0;
      replyDelayMs = options.replyDelayMs ?? 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
