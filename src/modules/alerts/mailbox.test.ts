import { describe, expect, it } from 'vitest';
import { canonicalMailbox, mailboxDomain } from './mailbox';

describe('canonicalMailbox', () => {
  it('folds case, a +tag on any domain and the domain to punycode; keeps dots', () => {
    for (const spelling of ['victim@example.com', 'Victim@Example.COM', 'victim+1@example.com', 'VICTIM+news+x@example.com', ' victim@example.com ']) {
      expect(canonicalMailbox(spelling), spelling).toBe('victim@example.com');
    }
    expect(canonicalMailbox('nome+tag@posta.it')).toBe('nome@posta.it');
    expect(canonicalMailbox('v.i.c.t.i.m@gmail.com')).toBe('v.i.c.t.i.m@gmail.com');
    expect(canonicalMailbox('mario@exämple.com')).toBe('mario@xn--exmple-cua.com');
    expect(canonicalMailbox('mario@xn--exmple-cua.com')).toBe('mario@xn--exmple-cua.com');
    // NFC: a precomposed and a decomposed è are one mailbox.
    expect(canonicalMailbox('ren\u00e8@example.com')).toBe(canonicalMailbox('rene\u0300@example.com'));
  });

  it('keeps a local part that is all tag', () => {
    expect(canonicalMailbox('+tag@example.com')).toBe('+tag@example.com');
  });

  it('names the domain the caps count', () => {
    expect(mailboxDomain(canonicalMailbox('A+b@Posta.IT'))).toBe('posta.it');
  });
});
