import { describe, expect, it } from 'vitest';
import type { Alternative } from '../../../modules/alternatives/alternatives.types';
import {
  alternativeToDraft,
  asinInput,
  draftToFields,
  EMPTY_DRAFT,
  groupAddedMessage,
  groupMembersToAdd,
  memberToFields,
  orderCategoriesFor,
  parsePrice,
  parsePriority,
} from './alternative-form';

function alternative(id: number, asin: string, overrides: Partial<Alternative> = {}): Alternative {
  return {
    id,
    original_asin: null,
    category_id: 1,
    alternative_asin: asin,
    alternative_name: `Prodotto ${asin}`,
    alternative_price: 100,
    priority: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('draftToFields', () => {
  it("refuses a missing ASIN or name with the spec's message", () => {
    for (const draft of [EMPTY_DRAFT, { ...EMPTY_DRAFT, asin: 'B0C4KTDV06' }, { ...EMPTY_DRAFT, name: 'SSD' }, { ...EMPTY_DRAFT, asin: '  ', name: '  ' }]) {
      expect(draftToFields(draft)).toEqual({ ok: false, message: 'ASIN e nome sono obbligatori' });
    }
  });

  it('uppercases the ASIN, trims the name, reads price and priority', () => {
    expect(draftToFields({ asin: ' b0c4ktdv06 ', name: '  Samsung 990 PRO ', price: '109.90', priority: '3' })).toEqual({
      ok: true,
      fields: { alternativeAsin: 'B0C4KTDV06', alternativeName: 'Samsung 990 PRO', alternativePrice: 109.9, priority: 3 },
    });
  });

  it('an empty price is null; priority defaults to 1 and is clamped to 1..5', () => {
    const result = draftToFields({ asin: 'B0C4KTDV06', name: 'SSD', price: '', priority: 'abc' });
    expect(result.ok && result.fields.alternativePrice).toBeNull();
    expect(result.ok && result.fields.priority).toBe(1);
  });
});

describe('field parsing', () => {
  it('asinInput: uppercase, no spaces, at most 10 characters', () => {
    expect(asinInput('b0c 4ktdv06xyz')).toBe('B0C4KTDV06');
  });

  it('parsePriority', () => {
    expect([parsePriority('0'), parsePriority('1'), parsePriority('4'), parsePriority('9'), parsePriority(''), parsePriority('x'), parsePriority('2.7')]).toEqual([1, 1, 4, 5, 1, 1, 2]);
  });

  it('parsePrice', () => {
    expect([parsePrice(''), parsePrice(' '), parsePrice('84.9'), parsePrice('84,90'), parsePrice('abc')]).toEqual([null, null, 84.9, 84.9, null]);
  });

  it('alternativeToDraft round-trips through draftToFields', () => {
    const existing = alternative(7, 'B0CDN4XHFH', { alternative_price: null, priority: 2 });
    expect(alternativeToDraft(existing)).toEqual({ asin: 'B0CDN4XHFH', name: 'Prodotto B0CDN4XHFH', price: '', priority: '2' });
    expect(draftToFields(alternativeToDraft(existing))).toEqual({
      ok: true,
      fields: { alternativeAsin: 'B0CDN4XHFH', alternativeName: 'Prodotto B0CDN4XHFH', alternativePrice: null, priority: 2 },
    });
  });
});

describe('groupMembersToAdd', () => {
  const members = [alternative(1, 'B0C4KTDV06'), alternative(2, 'B0CDN4XHFH'), alternative(3, 'B0GU7EIIHG')];

  it('skips members already among the product alternatives', () => {
    const existing = [alternative(9, 'B0CDN4XHFH', { original_asin: 'B0BPHHTQWA', category_id: null })];
    expect(groupMembersToAdd(members, existing, 'B0BPHHTQWA').map((member) => member.id)).toEqual([1, 3]);
  });

  it('skips the product itself and duplicates inside the group', () => {
    expect(groupMembersToAdd([...members, alternative(4, 'b0c4ktdv06')], [], 'B0GU7EIIHG').map((member) => member.id)).toEqual([1, 2]);
  });

  it('memberToFields keeps name, price and priority', () => {
    expect(memberToFields(alternative(2, 'B0CDN4XHFH', { alternative_price: 84.9, priority: 2 }))).toEqual({
      alternativeAsin: 'B0CDN4XHFH',
      alternativeName: 'Prodotto B0CDN4XHFH',
      alternativePrice: 84.9,
      priority: 2,
    });
  });

  it('groupAddedMessage', () => {
    expect(groupAddedMessage(2)).toBe('Gruppo aggiunto con successo! 2 alternative aggiunte.');
  });
});

describe('orderCategoriesFor', () => {
  const categories = [
    { id: 1, component_type: 'GPU' },
    { id: 2, component_type: 'Storage' },
    { id: 3, component_type: null },
    { id: 4, component_type: 'gpu' },
  ];

  it('puts the groups of the component type first, case-insensitively, and keeps the others', () => {
    const { matching, others } = orderCategoriesFor(categories, 'GPU');
    expect(matching.map((category) => category.id)).toEqual([1, 4]);
    expect(others.map((category) => category.id)).toEqual([2, 3]);
  });

  it('no type: nothing matches', () => {
    expect(orderCategoriesFor(categories, '').matching).toEqual([]);
  });
});
