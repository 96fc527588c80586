import { describe, expect, it } from 'vitest';
import { entityTagOf, httpDateOf, ifNoneMatchMatches, isNotModified } from './validators';

const body = new TextEncoder().encode('<p>prezzo 100 €</p>');
const etag = entityTagOf(body);

describe('entity tags', () => {
  it('is weak, 22 base64url characters, and follows the bytes only', () => {
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(entityTagOf(new TextEncoder().encode('<p>prezzo 100 €</p>'))).toBe(etag);
    expect(entityTagOf(new TextEncoder().encode('<p>prezzo 90 €</p>'))).not.toBe(etag);
  });
});

describe('If-None-Match (weak comparison)', () => {
  const opaque = etag.slice(2);
  it.each([
    ['*', true],
    [' * ', true],
    [etag, true],
    [opaque, true],
    [`"a", ${etag}`, true],
    [`W/"a",${opaque}`, true],
    ['"a,b", W/"c"', false],
    [`"a,${opaque.slice(1)}`, false],
    ['W/""', false],
    ['', false],
    ['nessun-tag', false],
  ])('%j matches: %s', (header, matches) => {
    expect(ifNoneMatchMatches(header, etag)).toBe(matches);
  });
});

describe('isNotModified', () => {
  const lastModified = 'Sun, 29 Nov 2026 07:41:45 GMT';
  const validators = { etag, lastModified };
  it('lets If-None-Match decide when it is sent', () => {
    expect(isNotModified({ ifNoneMatch: '"altro"', ifModifiedSince: lastModified }, validators)).toBe(false);
    expect(isNotModified({ ifNoneMatch: etag, ifModifiedSince: 'Thu, 01 Jan 1970 00:00:00 GMT' }, validators)).toBe(true);
  });
  it('reads If-Modified-Since as one valid date, against Last-Modified only', () => {
    const at = (ifModifiedSince: string) => isNotModified({ ifNoneMatch: undefined, ifModifiedSince }, validators);
    expect(at(lastModified)).toBe(true);
    expect(at('Sun, 29 Nov 2026 07:41:46 GMT')).toBe(true);
    expect(at('Sun, 29 Nov 2026 07:41:44 GMT')).toBe(false);
    expect(at('Sunday, 29-Nov-26 07:41:45 GMT')).toBe(true);
    expect(at('ieri')).toBe(false);
    expect(at(`${lastModified}, ${lastModified}`)).toBe(false);
    expect(isNotModified({ ifNoneMatch: undefined, ifModifiedSince: lastModified }, { etag, lastModified: undefined })).toBe(false);
    expect(isNotModified({ ifNoneMatch: undefined, ifModifiedSince: undefined }, validators)).toBe(false);
  });
  it('dates at whole seconds', () => {
    expect(httpDateOf('2026-11-29T07:41:45.987Z')).toBe(lastModified);
  });
});
