import { describe, expect, it } from 'vitest';
import {
  AFFILIATE_LINK_REL,
  AMAZON_SHORT_LINK_HOSTS,
  AMAZON_STOREFRONT_DOMAINS,
  EXTERNAL_LINK_REL,
  isAmazonHost,
  isAmazonLink,
  isExternalWebLink,
  outboundLinkRel,
  parseAmazonLink,
} from './amazon-hosts';

describe('Amazon hosts', () => {
  it('takes every storefront bare and under www., m. and smile.', () => {
    for (const domain of AMAZON_STOREFRONT_DOMAINS) {
      for (const prefix of ['', 'www.', 'm.', 'smile.']) expect(isAmazonHost(`${prefix}${domain}`), `${prefix}${domain}`).toBe(true);
    }
    for (const host of ['amazon.it', 'amazon.com', 'amazon.co.uk', 'amazon.de', 'amazon.fr', 'amazon.es', 'amazon.co.jp', 'amazon.com.tr', 'amazon.ie']) {
      expect(AMAZON_STOREFRONT_DOMAINS).toContain(host);
    }
  });

  it('takes the short-link hosts exactly', () => {
    for (const host of AMAZON_SHORT_LINK_HOSTS) expect(isAmazonHost(host)).toBe(true);
    expect(AMAZON_SHORT_LINK_HOSTS).toEqual(expect.arrayContaining(['amzn.to', 'amzn.eu', 'amzn.asia']));
  });

  it('reads host names case-insensitively', () => {
    expect(isAmazonHost('WWW.Amazon.IT')).toBe(true);
  });

  it.each([
    'amazon.ab.cd',
    'x.amazon.co.xyz',
    'amazon.co.xyz',
    'amazon.it.evil.com',
    'www.amazon.it.evil.com',
    'notamazon.it',
    'evilamazon.it',
    'evil-amazon.it',
    'amazon-it.com',
    'shop.amazon.it',
    'www.www.amazon.it',
    'amazon.it.',
    'amzn.io',
    'x.amzn.to',
    'amazon.co',
    'amazon',
    'xn--mazon-3ve.it', // 'аmazon.it' with a Cyrillic а, as the URL parser writes it
    '',
  ])('refuses the look-alike %s', (host) => {
    expect(isAmazonHost(host)).toBe(false);
  });
});

describe('Amazon links', () => {
  it.each([
    'https://www.amazon.it/dp/B0BMQJWBDM',
    'http://amazon.it/dp/B0BMQJWBDM',
    'HTTPS://WWW.AMAZON.IT/dp/B0BMQJWBDM',
    'https://www.amazon.it:443/dp/B0BMQJWBDM', // the scheme's own port, which the parser drops
    '  https://smile.amazon.de/gp/product/B0BMQJWBDM  ',
    'https://amzn.eu/d/7abcdef',
    'https://amzn.asia/d/0abc',
  ])('%s is an Amazon link', (link) => {
    expect(isAmazonLink(link)).toBe(true);
    expect(outboundLinkRel(link)).toBe(AFFILIATE_LINK_REL);
    expect(isExternalWebLink(link)).toBe(false);
  });

  it.each([
    ['a look-alike host', 'https://amazon.ab.cd/dp/B0BMQJWBDM'],
    ['a look-alike subdomain', 'https://x.amazon.co.xyz/dp/B0BMQJWBDM'],
    ['Amazon as the user name of another host', 'https://amazon.it@evil.com/dp/B0BMQJWBDM'],
    ['Amazon as user name and password', 'https://www.amazon.it:pw@evil.com/dp/B0BMQJWBDM'],
    ['a backslash before the user name', 'https://evil.com\\@www.amazon.it/dp/B0BMQJWBDM'],
    ['credentials on an Amazon host', 'https://someone@www.amazon.it/dp/B0BMQJWBDM'],
    ['another port', 'https://www.amazon.it:8443/dp/B0BMQJWBDM'],
    ['the scheme of the other port', 'http://www.amazon.it:443/dp/B0BMQJWBDM'],
    ['a trailing dot', 'https://www.amazon.it./dp/B0BMQJWBDM'],
    ['a punycode look-alike', 'https://www.xn--mazon-3ve.it/dp/B0BMQJWBDM'],
    ['a Unicode look-alike', 'https://www.аmazon.it/dp/B0BMQJWBDM'],
    ['a full-width dot', 'https://www.amazon\uFF0Eit.evil.com/dp/B0BMQJWBDM'],
    ['an ordinary shop', 'https://www.example.com/dp/B0BMQJWBDM'],
  ])('%s is an ordinary external link', (_case, link) => {
    expect(isAmazonLink(link)).toBe(false);
    expect(outboundLinkRel(link)).toBe(EXTERNAL_LINK_REL);
    expect(isExternalWebLink(link)).toBe(true);
  });

  it('is no link at all without an http(s) URL', () => {
    for (const text of [null, undefined, '', 'amazon.it/dp/B0BMQJWBDM', 'B0BMQJWBDM', 'javascript:alert(1)//www.amazon.it', 'ftp://www.amazon.it/dp/B0BMQJWBDM']) {
      expect(isAmazonLink(text)).toBe(false);
      expect(isExternalWebLink(text)).toBe(false);
    }
  });

  it('parses the link it accepts', () => {
    expect(parseAmazonLink('https://WWW.amazon.it/dp/B0BMQJWBDM?th=1')?.hostname).toBe('www.amazon.it');
    expect(parseAmazonLink('https://amazon.ab.cd/dp/B0BMQJWBDM')).toBeNull();
  });
});
