import { describe, expect, it } from 'vitest';
import { buildCartUrl, extractAsin, isValidAsin, productUrl, withAffiliateTag } from './asin';

describe('extractAsin', () => {
  it.each([
    ['https://www.amazon.it/dp/B0BMQJWBDM', 'B0BMQJWBDM'],
    ['https://www.amazon.it/AMD-Ryzen-7600/dp/B0BMQJWBDM/ref=sr_1_1?crid=X', 'B0BMQJWBDM'],
    ['https://www.amazon.it/gp/product/B0C1234567?th=1', 'B0C1234567'],
    ['https://www.amazon.it/gp/aw/d/b0c1234567', 'B0C1234567'],
    ['https://www.amazon.it/dp/product/B0C1234567/ref=x', 'B0C1234567'],
    ['https://www.amazon.it/s?k=ssd&asin=b0abcdefgh', 'B0ABCDEFGH'],
    ['https://www.amazon.it/s?ASIN=B0ABCDEFGH', 'B0ABCDEFGH'],
  ])('finds the ASIN in %s', (link, asin) => {
    expect(extractAsin(link)).toBe(asin);
  });

  it.each([
    [null],
    [''],
    ['not a url'],
    ['https://www.amazon.it/dp/B0SHORT'],
    ['https://www.amazon.it/dp/B0BMQJWBDMX'],
    ['https://www.amazon.it/s?asin=toolong12345'],
    ['https://www.amazon.it/'],
    // a product path on a host that is not Amazon's names nothing Amazon sells (amazon-hosts.test.ts)
    ['https://amazon.ab.cd/dp/B0BMQJWBDM'],
    ['https://x.amazon.co.xyz/gp/product/B0BMQJWBDM'],
    ['https://amazon.it@evil.com/dp/B0BMQJWBDM'],
    ['https://example.com/s?asin=B0BMQJWBDM'],
  ])('returns null for %s', (link) => {
    expect(extractAsin(link)).toBeNull();
  });
});

describe('affiliate links', () => {
  it('validates ASINs as 10 uppercase alphanumerics', () => {
    expect(isValidAsin('B0BMQJWBDM')).toBe(true);
    expect(isValidAsin('b0bmqjwbdm')).toBe(false);
    expect(isValidAsin('B0BMQJWBD')).toBe(false);
    expect(isValidAsin(42)).toBe(false);
  });

  it('sets or replaces the tag on Amazon links and leaves other links alone', () => {
    expect(withAffiliateTag('https://www.amazon.it/dp/B0BMQJWBDM?tag=other-21&th=1', 'mine-21')).toBe(
      'https://www.amazon.it/dp/B0BMQJWBDM?tag=mine-21&th=1',
    );
    expect(withAffiliateTag('https://example.com/p', 'mine-21')).toBe('https://example.com/p');
    expect(withAffiliateTag('https://amazon.ab.cd/dp/B0BMQJWBDM', 'mine-21')).toBe('https://amazon.ab.cd/dp/B0BMQJWBDM');
    expect(withAffiliateTag(null, 'mine-21')).toBeNull();
  });

  it('builds the cart link with one ASIN.n/Quantity.n pair per item', () => {
    expect(buildCartUrl(['B0BMQJWBDM', 'B0C1234567'], 'mine-21')).toBe(
      'https://www.amazon.it/gp/aws/cart/add.html?AssociateTag=mine-21&ASIN.1=B0BMQJWBDM&Quantity.1=1&ASIN.2=B0C1234567&Quantity.2=1',
    );
    expect(buildCartUrl([], 'mine-21')).toBeNull();
  });

  it('builds a product page link, with the tag when given', () => {
    expect(productUrl('B0BMQJWBDM', 'mine-21')).toBe('https://www.amazon.it/dp/B0BMQJWBDM?tag=mine-21');
    expect(productUrl('B0BMQJWBDM')).toBe('https://www.amazon.it/dp/B0BMQJWBDM');
  });
});
