import { describe, expect, it } from 'vitest';
import type { AssessedComponent } from '../../compatibility/assess';
import { formatPrice } from '../../common/format';
import type { FoundItem, ItemLookup } from '../../integrations/amazon-creators';
import type { Alternative } from '../alternatives';
import { type BuildParts, type CandidateChoice, chooseCandidate, maxReplacementCents, NO_ALTERNATIVES, priceCentsOf, substituteFacts } from './choose-candidate';

/** 20 % up to 50 €: the percent limits cheap parts, the euro amount expensive ones. */
const band = { replacementMaxIncreasePercent: 20, replacementMaxIncreaseEuro: 50 };

function alternative(asin: string, name = `Alternativa ${asin}`): Alternative {
  return {
    id: 1,
    original_asin: 'B0ORIGINAL',
    category_id: null,
    alternative_asin: asin,
    alternative_name: name,
    alternative_price: null,
    priority: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
}

function found(asin: string, price: number | null, fields: Partial<FoundItem> = {}): FoundItem {
  return {
    asin,
    status: 'found',
    title: `Prodotto ${asin}`,
    brand: null,
    detailPageUrl: null,
    price,
    currency: price === null ? null : 'EUR',
    availability: 'IN_STOCK',
    availabilityMessage: null,
    merchantName: null,
    image: null,
    features: [],
    ...fields,
  };
}

const lookupsOf = (...items: ItemLookup[]) => new Map(items.map((item) => [item.asin, item]));

/** A storage drive (no compatibility attribute) costing `referenceCents`, replaced among `candidates`. */
function storageEntry(referenceCents: number | null, candidates: Alternative[]): CandidateChoice {
  return { component: { id: 7, type: 'Storage' }, referenceCents, candidates };
}

const storageBuild = (): BuildParts => new Map([[7, { type: 'Storage', name: 'SSD 1 TB' }]]);

/** Which ASIN was chosen, or the text saying why none was. */
function outcome(entry: CandidateChoice, lookups: Map<string, ItemLookup>, build: BuildParts = storageBuild()): string {
  const chosen = chooseCandidate(entry, lookups, build, band);
  return typeof chosen === 'string' ? chosen : chosen.alternative.alternative_asin;
}

describe('maxReplacementCents', () => {
  it('has no limit when the original has no price', () => {
    expect(maxReplacementCents(null, band)).toBeNull();
  });

  it('takes the smaller of the percent and the euro increase', () => {
    // 100 €: 20 % is 20 €, under 50 €.
    expect(maxReplacementCents(10_000, band)).toBe(12_000);
    // 1000 €: 20 % is 200 €, the 50 € cap applies.
    expect(maxReplacementCents(100_000, band)).toBe(105_000);
    // Exactly where both agree.
    expect(maxReplacementCents(25_000, band)).toBe(30_000);
  });

  it('rounds each increase to whole cents', () => {
    expect(maxReplacementCents(999, { replacementMaxIncreasePercent: 15, replacementMaxIncreaseEuro: 50 })).toBe(999 + 150);
    expect(maxReplacementCents(100_000, { replacementMaxIncreasePercent: 20, replacementMaxIncreaseEuro: 12.345 })).toBe(100_000 + 1235);
  });

  it('allows no increase when a limit is zero', () => {
    expect(maxReplacementCents(10_000, { replacementMaxIncreasePercent: 0, replacementMaxIncreaseEuro: 50 })).toBe(10_000);
    expect(maxReplacementCents(10_000, { replacementMaxIncreasePercent: 20, replacementMaxIncreaseEuro: 0 })).toBe(10_000);
  });
});

describe('priceCentsOf', () => {
  it('reads a found price in cents, else null', () => {
    expect(priceCentsOf(found('B0AAAAAAAA', 79.99))).toBe(7999);
    expect(priceCentsOf(found('B0AAAAAAAA', null))).toBeNull();
    expect(priceCentsOf({ asin: 'B0AAAAAAAA', status: 'not_found', code: 'InvalidParameterValue', message: 'x' })).toBeNull();
    expect(priceCentsOf(undefined)).toBeNull();
  });
});

describe('chooseCandidate', () => {
  it('says no alternative is configured when there is no candidate', () => {
    expect(outcome(storageEntry(10_000, []), new Map())).toBe(NO_ALTERNATIVES);
  });

  it('takes the first available candidate in priority order, with its item and price', () => {
    const entry = storageEntry(10_000, [alternative('B0AAAAAAAA'), alternative('B0BBBBBBBB'), alternative('B0CCCCCCCC')]);
    const b = found('B0BBBBBBBB', 95);
    const chosen = chooseCandidate(
      entry,
      lookupsOf(found('B0AAAAAAAA', 90, { availability: 'OUT_OF_STOCK' }), b, found('B0CCCCCCCC', 80)),
      storageBuild(),
      band,
    );
    expect(chosen).toEqual({ alternative: entry.candidates[1], item: b, priceCents: 9500 });
  });

  it('finds a candidate by its normalized ASIN', () => {
    const entry = storageEntry(10_000, [alternative(' b0aaaaaaaa ')]);
    expect(outcome(entry, lookupsOf(found('B0AAAAAAAA', 99)))).toBe(' b0aaaaaaaa ');
  });

  it('skips candidates Amazon says nothing certain about', () => {
    const entry = storageEntry(10_000, [alternative('B0AAAAAAAA'), alternative('B0BBBBBBBB'), alternative('B0CCCCCCCC'), alternative('B0DDDDDDDD')]);
    const uncertain = lookupsOf(
      // B0AAAAAAAA: no answer at all.
      { asin: 'B0BBBBBBBB', status: 'not_found', code: 'ItemNotAccessible', message: 'Non accessibile' },
      found('B0CCCCCCCC', 90, { availability: 'UNKNOWN' }),
      { asin: 'B0DDDDDDDD', status: 'not_found', code: 'InvalidParameterValue', message: 'ASIN non valido' },
    );
    expect(outcome(entry, uncertain)).toBe('Prodotto non disponibile su Amazon e nessuna alternativa disponibile');
    expect(outcome(entry, new Map([...uncertain, ['B0DDDDDDDD', found('B0DDDDDDDD', 100)]]))).toBe('B0DDDDDDDD');
  });

  it('takes a price up to the ceiling and refuses one cent more, by percent and by euro', () => {
    const entry = (referenceCents: number) => storageEntry(referenceCents, [alternative('B0AAAAAAAA')]);
    // 100 € original: at most 120 € (20 %).
    expect(outcome(entry(10_000), lookupsOf(found('B0AAAAAAAA', 120)))).toBe('B0AAAAAAAA');
    expect(outcome(entry(10_000), lookupsOf(found('B0AAAAAAAA', 120.01)))).toBe(
      `Prodotto non disponibile su Amazon: le alternative disponibili superano la fascia di prezzo consentita (massimo ${formatPrice(120)})`,
    );
    // 1000 € original: at most 1050 € (50 €).
    expect(outcome(entry(100_000), lookupsOf(found('B0AAAAAAAA', 1050)))).toBe('B0AAAAAAAA');
    expect(outcome(entry(100_000), lookupsOf(found('B0AAAAAAAA', 1050.01)))).toBe(
      `Prodotto non disponibile su Amazon: le alternative disponibili superano la fascia di prezzo consentita (massimo ${formatPrice(1050)})`,
    );
    // Cheaper is always fine.
    expect(outcome(entry(10_000), lookupsOf(found('B0AAAAAAAA', 1)))).toBe('B0AAAAAAAA');
  });

  it('passes over a candidate above the band for a later one inside it', () => {
    const entry = storageEntry(10_000, [alternative('B0AAAAAAAA'), alternative('B0BBBBBBBB')]);
    expect(outcome(entry, lookupsOf(found('B0AAAAAAAA', 150), found('B0BBBBBBBB', 110)))).toBe('B0BBBBBBBB');
  });

  it('never takes a candidate without a price, and says so when no other is available', () => {
    const entry = storageEntry(10_000, [alternative('B0AAAAAAAA'), alternative('B0BBBBBBBB')]);
    expect(outcome(entry, lookupsOf(found('B0AAAAAAAA', null), found('B0BBBBBBBB', 100)))).toBe('B0BBBBBBBB');
    expect(outcome(entry, lookupsOf(found('B0AAAAAAAA', null)))).toBe('Prodotto non disponibile su Amazon: le alternative disponibili non hanno un prezzo su Amazon');
    // Above the band is said before without a price.
    expect(outcome(entry, lookupsOf(found('B0AAAAAAAA', null), found('B0BBBBBBBB', 500)))).toContain('superano la fascia di prezzo consentita');
  });

  it('takes the first available priced candidate, whatever its price, when the original has no price', () => {
    const entry = storageEntry(null, [alternative('B0AAAAAAAA'), alternative('B0BBBBBBBB')]);
    expect(outcome(entry, lookupsOf(found('B0AAAAAAAA', null), found('B0BBBBBBBB', 5000)))).toBe('B0BBBBBBBB');
  });

  describe('with the build\'s compatibility', () => {
    /** An AM5 board with DDR5, and the CPU (component 7) that is being replaced. */
    function am5Build(): BuildParts {
      const parts: [number, AssessedComponent][] = [
        [7, { type: 'CPU', name: 'AMD Ryzen 5 7600X' }],
        [8, { type: 'Motherboard', name: 'Scheda madre', attribute_overrides: { socket: 'AM5', memory_type: 'DDR5', form_factor: 'ATX' } }],
      ];
      return new Map(parts);
    }
    const cpuEntry = (candidates: Alternative[]): CandidateChoice => ({ component: { id: 7, type: 'CPU' }, referenceCents: 20_000, candidates });
    const priced = (...asins: string[]) => lookupsOf(...asins.map((asin) => found(asin, 200, { title: null })));

    it('never takes a candidate that breaks a check, and names the check when none is left', () => {
      const intel = alternative('B0AAAAAAAA', 'Intel Core i5-12400F');
      const amd = alternative('B0BBBBBBBB', 'AMD Ryzen 5 7600');
      expect(outcome(cpuEntry([intel, amd]), priced('B0AAAAAAAA', 'B0BBBBBBBB'), am5Build())).toBe('B0BBBBBBBB');
      expect(outcome(cpuEntry([intel]), priced('B0AAAAAAAA'), am5Build())).toBe(
        'Prodotto non disponibile su Amazon: le alternative disponibili nella fascia di prezzo non sono compatibili con la build (Il processore usa il socket LGA1700, ma la scheda madre ha il socket AM5)',
      );
    });

    it('prefers a candidate that keeps every passing check over an earlier one that makes one uncertain', () => {
      const vague = alternative('B0AAAAAAAA', 'Processore');
      const amd = alternative('B0BBBBBBBB', 'AMD Ryzen 5 7600');
      expect(outcome(cpuEntry([vague, amd]), priced('B0AAAAAAAA', 'B0BBBBBBBB'), am5Build())).toBe('B0BBBBBBBB');
      // Alone, the uncertain one is still better than none.
      expect(outcome(cpuEntry([vague]), priced('B0AAAAAAAA'), am5Build())).toBe('B0AAAAAAAA');
    });

    it('reads a substitute from its name, brand, title and bullet points', () => {
      const chosen = { alternative: alternative('b0aaaaaaaa', '  '), item: found('B0AAAAAAAA', 200, { title: 'Titolo', brand: 'AMD', features: ['socket AM5', '65 W'] }), priceCents: 20_000 };
      expect(substituteFacts(cpuEntry([]), chosen)).toEqual({ type: 'CPU', name: 'Titolo', brand: 'AMD', model: null, specs: 'Titolo\nsocket AM5\n65 W' });
      expect(substituteFacts(cpuEntry([]), { ...chosen, item: { ...chosen.item, title: null } }).name).toBe('B0AAAAAAAA');
    });
  });
});
