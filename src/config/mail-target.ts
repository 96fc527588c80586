/**
 * Where the site's mails go: an SMTP server (SMTP_URL), a directory of .eml files
 * (MAIL_OUTBOX_DIR, or ./data/mail-outbox under `npm run dev`), or nowhere. SMTP_URL carries the SMTP
 * password: it is shown only through describeMailTarget().
 */
import { resolve } from 'node:path';
import { ConfigError } from './config-error';

export type MailConfig =
  | {
      readonly kind: 'smtp';
      /** Secret (it may carry the password): show it only through describeMailTarget(). */
      readonly url: string;
      /** MAIL_FROM: 'addr@domain' or 'Nome <addr@domain>'. */
      readonly from: string;
    }
  | {
      readonly kind: 'files';
      /** Absolute directory the .eml files are written to. */
      readonly dir: string;
      readonly from: string;
    };

/** Where `npm run dev` writes its mails when nothing else is set. */
export const DEV_MAIL_OUTBOX_DIR = './data/mail-outbox';

export interface MailSettings {
  SMTP_URL?: string;
  MAIL_FROM?: string;
  MAIL_OUTBOX_DIR?: string;
  NODE_ENV: 'development' | 'production' | 'test';
  SITE_NAME: string;
}

const ADDRESS = /^[^\s<>@"(),;:]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
const NAMED_ADDRESS = /^([^<>\r\n]*?)\s*<([^<>\s]+)>$/;

/** The bare address of a From value ('Nome <a@b.it>' → 'a@b.it'), or null when it is not one. */
export function fromAddress(from: string): string | null {
  const named = NAMED_ADDRESS.exec(from);
  const address = named ? named[2]! : from;
  // A name with a quote or a control character would need encoding rules nobody should have to think about.
  if (named && /["\\\p{Cc}]/u.test(named[1]!)) return null;
  return ADDRESS.test(address) ? address : null;
}

/** The domain of the Message-IDs: MAIL_FROM's, else 'localhost'. */
export function messageIdDomain(mail: MailConfig | null): string {
  const address = mail ? fromAddress(mail.from) : null;
  return address ? address.slice(address.lastIndexOf('@') + 1).toLowerCase() : 'localhost';
}

/** SMTP_URL for a log line: 'smtp://utente:***@host:587' (never the password). */
export function describeMailTarget(mail: MailConfig | null): string {
  if (!mail) return 'nessuno';
  if (mail.kind === 'files') return `file .eml in ${mail.dir}`;
  try {
    const url = new URL(mail.url);
    const user = url.username ? `${decodeURIComponent(url.username)}${url.password ? ':***' : ''}@` : '';
    return `${url.protocol}//${user}${url.host}`;
  } catch {
    return 'smtp://***';
  }
}

export function parseMailSettings(env: MailSettings): MailConfig | null {
  const from = env.MAIL_FROM;
  if (from !== undefined && fromAddress(from) === null) {
    throw new ConfigError(
      `Configurazione non valida: MAIL_FROM deve essere un indirizzo email, ad esempio avvisi@esempio.it oppure "Build PC <avvisi@esempio.it>" (valore: "${from}")`,
    );
  }
  if (env.SMTP_URL !== undefined) {
    if (env.MAIL_OUTBOX_DIR !== undefined) {
      throw new ConfigError('Configurazione non valida: MAIL_OUTBOX_DIR e SMTP_URL si escludono: imposta SMTP_URL per inviare le email oppure MAIL_OUTBOX_DIR per scriverle in file');
    }
    let url: URL;
    try {
      url = new URL(env.SMTP_URL);
    } catch {
      throw new ConfigError('Configurazione non valida: SMTP_URL non è un URL valido: usa smtp://utente:password@host:587 oppure smtps://utente:password@host:465');
    }
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
      throw new ConfigError(
        `Configurazione non valida: SMTP_URL usa lo schema non supportato ${url.protocol}//: usa smtp://utente:password@host:587 oppure smtps://utente:password@host:465`,
      );
    }
    if (!url.hostname) throw new ConfigError('Configurazione non valida: SMTP_URL non indica il server SMTP (host)');
    if (from === undefined) {
      throw new ConfigError('Configurazione non valida: MAIL_FROM va impostato insieme a SMTP_URL (il mittente delle email, ad esempio "Build PC <avvisi@esempio.it>")');
    }
    return { kind: 'smtp', url: env.SMTP_URL, from };
  }
  const defaultFrom = `${env.SITE_NAME.replace(/["\\<>\p{Cc}]/gu, '')} <noreply@localhost>`;
  if (env.MAIL_OUTBOX_DIR !== undefined) return { kind: 'files', dir: resolve(env.MAIL_OUTBOX_DIR), from: from ?? defaultFrom };
  // `npm run dev` only: a developer sees the mails without a mail server; `npm start` never writes them silently.
  if (env.NODE_ENV === 'development') return { kind: 'files', dir: resolve(DEV_MAIL_OUTBOX_DIR), from: from ?? defaultFrom };
  return null;
}
