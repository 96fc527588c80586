/**
 * The only code that talks to the mail server: nodemailer over SMTP (SMTP_URL), or the same message
 * written as an .eml file (MAIL_OUTBOX_DIR, `npm run dev`). Messages carry a plain-text part, an optional
 * HTML part, the given headers and `Auto-Submitted: auto-generated`; nothing else is added (no tracking,
 * no images).
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { MailConfig } from '../../config/env';
import { MailDeliveryError, type MailTransport, type TransportMessage } from './transport';

export { MailDeliveryError } from './transport';
export type { MailTransport, TransportMessage } from './transport';

/** A server that stops answering mid-conversation must not hold a sender (and its leases) for nodemailer's 10 minutes. */
const SMTP_SOCKET_TIMEOUT_MS = 60_000;
const SMTP_GREETING_TIMEOUT_MS = 30_000;
const SMTP_CONNECTION_TIMEOUT_MS = 30_000;

function messageOptions(from: string, message: TransportMessage): Mail.Options {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html === null ? {} : { html: message.html }),
    // Every mail the site sends is written by a program (RFC 3834): auto-responders and vacation
    // replies stay silent, and providers classify the mail as automated rather than personal.
    headers: { ...message.headers, 'Auto-Submitted': 'auto-generated' },
    messageId: message.messageId,
    // The envelope names only this recipient, whatever the headers say.
    envelope: { from: addressOf(from), to: [message.to] },
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

function addressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from;
}

/** nodemailer's error as ours: 5xx is permanent; the recipient's address is kept out of the message. */
function deliveryError(error: unknown, recipient: string): MailDeliveryError {
  const responseCode = (error as { responseCode?: unknown }).responseCode;
  const code = typeof responseCode === 'number' ? responseCode : null;
  const text = error instanceof Error ? error.message : String(error);
  const scrubbed = text.split(recipient).join('[destinatario]').replace(/[\r\n]+/g, ' ').slice(0, 400);
  return new MailDeliveryError(code === null ? scrubbed : `SMTP ${code}: ${scrubbed}`, code !== null && code >= 500 && code < 600);
}

/**
 * SMTP_URL through nodemailer: smtp:// upgrades with STARTTLS when the server offers it, smtps:// is TLS
 * from the first byte. One pooled connection, reused across the mails of a round.
 */
export function createSmtpTransport(url: string, from: string, overrides: { ignoreTLS?: boolean } = {}): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 1,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
    greetingTimeout: SMTP_GREETING_TIMEOUT_MS,
    connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    ...overrides,
  });
  return {
    async send(message) {
      try {
        await transporter.sendMail(messageOptions(from, message));
      } catch (error) {
        throw deliveryError(error, message.to);
      }
    },
    close: () => transporter.close(),
  };
}

/** Each mail as `{message id}.eml` in `dir` (written whole, then renamed: a reader never sees half a file). */
export function createFileTransport(dir: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transporter.sendMail(messageOptions(from, message));
      mkdirSync(dir, { recursive: true });
      const name = `${message.messageId.replace(/^<|>$/g, '').replace(/[^A-Za-z0-9@._-]/g, '_')}.eml`;
      const temporary = join(dir, `.${name}.tmp`);
      writeFileSync(temporary, info.message as Buffer);
      renameSync(temporary, join(dir, name));
    },
    close: () => transporter.close(),
  };
}

export function createMailTransport(mail: MailConfig): MailTransport {
  return mail.kind === 'smtp' ? createSmtpTransport(mail.url, mail.from) : createFileTransport(mail.dir, mail.from);
}
