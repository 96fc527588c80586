/** SMTP_URL, MAIL_FROM and MAIL_OUTBOX_DIR (config/mail-target.ts): what each combination means, and the Italian refusals. */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeMailTarget, loadConfig, messageIdDomain } from '../../src/config/env';

const base = { DATABASE_URL: './x.sqlite' };

describe('mail settings', () => {
  it('SMTP_URL with MAIL_FROM: SMTP; the password never reaches a log line or an error', () => {
    const config = loadConfig({ ...base, SMTP_URL: 'smtp://avvisi:p%40ss!w0rd@mail.esempio.it:587', MAIL_FROM: 'Build PC <avvisi@esempio.it>' });
    expect(config.mail).toEqual({ kind: 'smtp', url: 'smtp://avvisi:p%40ss!w0rd@mail.esempio.it:587', from: 'Build PC <avvisi@esempio.it>' });
    expect(describeMailTarget(config.mail)).toBe('smtp://avvisi:***@mail.esempio.it:587');
    expect(messageIdDomain(config.mail)).toBe('esempio.it');
    expect(loadConfig({ ...base, SMTP_URL: 'smtps://mail.esempio.it', MAIL_FROM: 'avvisi@esempio.it' }).mail).toMatchObject({ kind: 'smtp', from: 'avvisi@esempio.it' });
  });

  it('nothing set: no mail in production and in tests; ./data/mail-outbox under npm run dev', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).mail).toBeNull();
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).mail).toBeNull();
    expect(messageIdDomain(null)).toBe('localhost');
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).mail).toEqual({ kind: 'files', dir: resolve('./data/mail-outbox'), from: 'Build PC <noreply@localhost>' });
    expect(loadConfig({ ...base, NODE_ENV: 'production', MAIL_OUTBOX_DIR: '/tmp/posta', MAIL_FROM: 'a@b.it' }).mail).toEqual({ kind: 'files', dir: '/tmp/posta', from: 'a@b.it' });
  });

  it.each([
    [{ SMTP_URL: 'smtp://u:segreto@mail.esempio.it' }, /^Configurazione non valida: MAIL_FROM va impostato insieme a SMTP_URL/],
    [{ SMTP_URL: 'https://u:segreto@mail.esempio.it', MAIL_FROM: 'a@b.it' }, /^Configurazione non valida: SMTP_URL usa lo schema non supportato https:\/\/: usa smtp:\/\//],
    [{ SMTP_URL: 'non un url segreto', MAIL_FROM: 'a@b.it' }, /^Configurazione non valida: SMTP_URL non è un URL valido/],
    [{ SMTP_URL: 'smtp://u:segreto@h', MAIL_FROM: 'avvisi' }, /^Configurazione non valida: MAIL_FROM deve essere un indirizzo email.*\(valore: "avvisi"\)$/],
    [{ MAIL_FROM: 'Nome <senza-chiocciola>' }, /^Configurazione non valida: MAIL_FROM deve essere un indirizzo email/],
    [{ SMTP_URL: 'smtp://u:segreto@h', MAIL_FROM: 'a@b.it', MAIL_OUTBOX_DIR: './posta' }, /^Configurazione non valida: MAIL_OUTBOX_DIR e SMTP_URL si escludono/],
  ])('refuses %j in Italian, without the password', (settings, message) => {
    let error: unknown;
    try {
      loadConfig({ ...base, ...settings });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('segreto');
  });
});
