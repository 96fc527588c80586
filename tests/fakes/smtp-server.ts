/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) for the mail tests: the application's
 * transport (nodemailer) talks real SMTP to it. It records every message it accepted — envelope, raw
 * text, headers (unfolded, names lower-cased) — and can be told to refuse chosen recipients with a 4xx
 * or 5xx, to require a username and password, or to wait before its 250 after DATA (the crash test).
 *
 * STARTTLS is switched off (`disabledCommands`): nodemailer then stays on the plain connection, as it does
 * with any smtp:// server that does not offer it; AUTH over that plain connection is allowed
 * (`allowInsecureAuth`) because both ends are this machine.
 *
 * A message is recorded when its data has arrived, before the 250 is sent: a client killed during the
 * delay has delivered a message it never heard accepted, which is exactly the crash window of decision 031.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Lower-case header names; a repeated header keeps its last value. */
  headers: Record<string, string>;
  messageId: string;
  /** The decoded body parts (quoted-printable undone), text then HTML. */
  text: string;
  html: string | null;
}

export interface FakeSmtpOptions {
  /** Require AUTH with these credentials. */
  auth?: { user: string; pass: string };
  /** Milliseconds between the end of DATA and the 250. */
  replyDelayMs?: number;
}

export interface FakeSmtpServer {
  /** smtp://[user:pass@]127.0.0.1:port */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Answers RCPT TO for `address` with this code (e.g. 450 or 550) until cleared with null. */
  refuse(address: string, code: number | null): void;
  close(): Promise<void>;
}

function parseHeaders(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
  try {
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  } catch {
    return bytes;
  }
}

/** The text/plain and text/html parts of nodemailer's multipart/alternative (or a single part). */
function bodyParts(raw: string): { text: string; html: string | null } {
  const parts = raw.split(/\r?\n--[^\r\n]+/);
  let text = '';
  let html: string | null = null;
  for (const part of parts) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    const type = /content-type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.toLowerCase();
    const body = rest.join('\n\n').replace(/\r\n/g, '\n').replace(/\n$/, '');
    const decoded = /content-transfer-encoding:\s*quoted-printable/i.test(head)
      ? decodeQuotedPrintable(body)
      : /content-transfer-encoding:\s*base64/i.test(head)
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
    if (type === 'text/plain') text = decoded;
    if (type === 'text/html') html = decoded;
  }
  return { text, html };
}

export async function startFakeSmtpServer(options: FakeSmtpOptions = {}): Promise<FakeSmtpServer> {
  const received: ReceivedMail[] = [];
  const refusals = new Map<string, number>();
  const server = new SMTPServer({
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !options.auth,
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) return callback(null, { user: auth.username });
      return callback(new Error('535 autenticazione rifiutata'));
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const code = refusals.get(address.address.toLowerCase());
      if (code === undefined) return callback();
      const error = new Error(code >= 500 ? 'mailbox unavailable' : 'try again later') as Error & { responseCode: number };
      error.responseCode = code;
      return callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = parseHeaders(raw);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          headers,
          messageId: headers['message-id'] ?? '',
          ...bodyParts(raw),
        });
        if (options.replyDelayMs) setTimeout(() => callback(), options.replyDelayMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A client killed mid-conversation resets its socket: that is the test, not an error.
  server.on('error', () => undefined);
  const port = (server.server.address() as AddressInfo).port;
  const credentials = options.auth ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@` : '';
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    received,
    refuse(address, code) {
      if (code === null) refusals.delete(address.toLowerCase());
      else refusals.set(address.toLowerCase(), code);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
