/**
 * What the sender needs from a way of delivering mail: one message at a time, resolved once the receiver
 * accepted it (SMTP's 250 after DATA). The implementations are in index.ts (SMTP through
 * nodemailer, or .eml files); tests use them as they are, against the fake SMTP server.
 */

export interface TransportMessage {
  /** '<uuid@domain>': the outbox's, so a repeat after a crash carries the same Message-ID. */
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
}

export interface MailTransport {
  /** Resolves when the message is accepted; rejects with a MailDeliveryError otherwise. */
  send(message: TransportMessage): Promise<void>;
  /** Closes open connections (a pooled SMTP connection); nothing to do for files. */
  close(): void;
}

/**
 * A refused or failed delivery. `permanent`: the receiver answered 5xx (retrying cannot help: no such
 * mailbox, refused sender); anything else (4xx, a connection that failed or timed out) is tried again.
 */
export class MailDeliveryError extends Error {
  readonly permanent: boolean;

  constructor(message: string, permanent: boolean) {
    super(message);
    this.name = 'MailDeliveryError';
    this.permanent = permanent;
  }
}
