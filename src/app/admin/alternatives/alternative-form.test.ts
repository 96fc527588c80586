import { describe, expect, it } from 'vitest';
import { groupAlternativeInputSchema } from '../../../modules/alternatives/alternatives.schema';
import type { Alternative } from '../../../modules/alternatives';
import {
  alternativeToDraft,
  asinInput,
  draftForm,
  draftFromForm,
  EMPTY_DRAFT,
  groupMembersToAdd,
  memberToBody,
  orderCategoriesFor,
  parseAlternative,
  steppedPriority,
} from './alternative-form';
import { CATEGORY_NAME_MISSING, categoryForm, categoryFromForm, categoryToDraft, parseCategory } from './category-form';
import { formOf, formTexts, parseRowId } from '../form-data';

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

const valid = { asin: 'B0C4KTDV06', name: 'SSD', price: '', priority: '1' };

describe('parseAlternative', () => {
  it("refuses a missing ASIN or name with the spec's message, naming the fields", () => {
    expect(parseAlternative(EMPTY_DRAFT)).toEqual({ ok: false, message: 'ASIN e nome sono obbligatori', fields: ['asin', 'name'] });
    expect(parseAlternative({ ...EMPTY_DRAFT, asin: 'B0C4KTDV06' })).toEqual({ ok: false, message: 'ASIN e nome sono obbligatori', fields: ['name'] });
    expect(parseAlternative({ ...EMPTY_DRAFT, name: 'SSD' })).toEqual({ ok: false, message: 'ASIN e nome sono obbligatori', fields: ['asin'] });
    expect(parseAlternative({ ...EMPTY_DRAFT, asin: '  ', name: '  ' })).toMatchObject({ ok: false, message: 'ASIN e nome sono obbligatori' });
  });

  it('uppercases the ASIN, trims the name, reads price and priority', () => {
    expect(parseAlternative({ asin: ' b0c4ktdv06 ', name: '  Samsung 990 PRO ', price: '109.90', priority: '3' })).toEqual({
      ok: true,
      body: { alternativeAsin: 'B0C4KTDV06', alternativeName: 'Samsung 990 PRO', alternativePrice: 109.9, priority: 3 },
    });
    expect(parseAlternative({ ...valid, price: '84,90' })).toMatchObject({ ok: true, body: { alternativePrice: 84.9 } });
  });

  it('an empty price is null; priority is clamped to 1..5 and anything non-numeric becomes 1', () => {
    expect(parseAlternative({ ...valid, price: ' ' })).toMatchObject({ ok: true, body: { alternativePrice: null } });
    const priorities = ['0', '1', '4', '9', '', 'x', '2.7', '-3'].map((priority) => {
      const parsed = parseAlternative({ ...valid, priority });
      return parsed.ok ? parsed.body.priority : null;
    });
    expect(priorities).toEqual([1, 1, 4, 5, 1, 1, 2, 1]);
  });

  it("refuses what the server would refuse, with the server's own message", () => {
    for (const draft of [
      { ...valid, asin: 'B0SHORT' },
      { ...valid, asin: 'B0C4-TDV06' },
      { ...valid, price: '-5' },
      { ...valid, price: '10,999' }, // three decimals after the comma ("10.999" is 10.999 €: common/euro-amount.ts)
      { ...valid, price: 'abc' },
      { ...valid, name: 'x'.repeat(501) },
    ]) {
      const parsed = parseAlternative(draft);
      const server = groupAlternativeInputSchema.safeParse({ alternativeAsin: draft.asin, alternativeName: draft.name, alternativePrice: draft.price, priority: draft.priority });
      expect(parsed.ok).toBe(false);
      expect(server.success).toBe(false);
      expect(parsed.ok ? null : parsed.message).toBe(server.error?.issues[0]?.message);
    }
    expect(parseAlternative({ ...valid, price: '-5' })).toMatchObject({ fields: ['price'] });
  });

  it('a stored alternative makes a draft that parses back to the same alternative', () => {
    const existing = alternative(7, 'B0CDN4XHFH', { alternative_price: null, priority: 2 });
    expect(alternativeToDraft(existing)).toEqual({ asin: 'B0CDN4XHFH', name: 'Prodotto B0CDN4XHFH', price: '', priority: '2' });
    expect(parseAlternative(alternativeToDraft(existing))).toEqual({ ok: true, body: memberToBody(existing) });
    const priced = alternative(8, 'B0GU7EIIHG', { alternative_price: 79.9, priority: 5 });
    expect(parseAlternative(alternativeToDraft(priced))).toEqual({ ok: true, body: memberToBody(priced) });
  });

  it('a draft travels through a submission unchanged (the action parses it again)', () => {
    const draft = { asin: 'b0c4ktdv06', name: ' Nome ', price: '12.5', priority: '4' };
    const form = draftForm(draft, { intent: 'add', id: '3' });
    expect(form.get('intent')).toBe('add');
    expect(form.get('id')).toBe('3');
    expect(draftFromForm(form)).toEqual(draft);
    expect(draftFromForm(new FormData())).toEqual({ asin: '', name: '', price: '', priority: '' });
  });
});

describe('field helpers', () => {
  it('asinInput: uppercase, no spaces, at most 10 characters', () => {
    expect(asinInput('b0c 4ktdv06xyz')).toBe('B0C4KTDV06');
  });

  it('steppedPriority: one step within 1..5, null past the ends', () => {
    expect([steppedPriority(1, -1), steppedPriority(1, 1), steppedPriority(3, -1), steppedPriority(5, 1), steppedPriority(4, 1)]).toEqual([null, 2, 2, null, 5]);
  });

  it('row ids and repeated fields of a submission', () => {
    expect(['7', '0', '-1', '1.5', 'abc', '', null, '12345678901'].map(parseRowId)).toEqual([7, null, null, null, null, null, null, null]);
    const form = formOf({ intent: 'add-group', known: ['B0C4KTDV06', 'B0CDN4XHFH'] });
    expect(formTexts(form, 'known')).toEqual(['B0C4KTDV06', 'B0CDN4XHFH']);
    expect(formTexts(form, 'missing')).toEqual([]);
  });
});

describe('parseCategory', () => {
  it("an empty name is refused with the screen's message", () => {
    expect(parseCategory({ name: '   ', componentType: 'GPU', description: '' })).toEqual({ ok: false, message: CATEGORY_NAME_MISSING, nameMissing: true });
  });

  it('trims; an empty type and description are sent as null; the type takes its canonical spelling', () => {
    expect(parseCategory({ name: ' Dissipatori ', componentType: '', description: '  ' })).toEqual({ ok: true, body: { name: 'Dissipatori', description: null, component_type: null } });
    expect(parseCategory({ name: 'Schede', componentType: 'gpu', description: ' Fascia media ' })).toEqual({ ok: true, body: { name: 'Schede', description: 'Fascia media', component_type: 'GPU' } });
  });

  it("refuses an unknown type with the server's message", () => {
    const parsed = parseCategory({ name: 'Schede', componentType: 'Monitor', description: '' });
    expect(parsed).toMatchObject({ ok: false, nameMissing: false });
    expect(parsed.ok ? '' : parsed.message).toMatch(/^Tipo di componente non valido/);
  });

  it('a category makes a draft; a draft travels through a submission unchanged', () => {
    const draft = categoryToDraft({ id: 1, name: 'SSD', description: null, component_type: 'Storage', alternatives_count: 0, created_at: '', updated_at: '' });
    expect(draft).toEqual({ name: 'SSD', componentType: 'Storage', description: '' });
    expect(categoryToDraft()).toEqual({ name: '', componentType: '', description: '' });
    expect(categoryFromForm(categoryForm(draft, { intent: 'create-category' }))).toEqual(draft);
  });
});

describe('groupMembersToAdd', () => {
  const members = [alternative(1, 'B0C4KTDV06'), alternative(2, 'B0CDN4XHFH'), alternative(3, 'B0GU7EIIHG')];

  it('skips members already among the product alternatives', () => {
    expect(groupMembersToAdd(members, ['B0CDN4XHFH'], 'B0BPHHTQWA').map((member) => member.id)).toEqual([1, 3]);
  });

  it('skips the product itself and duplicates inside the group, case-insensitively', () => {
    expect(groupMembersToAdd([...members, alternative(4, 'b0c4ktdv06')], [], 'B0GU7EIIHG').map((member) => member.id)).toEqual([1, 2]);
  });

  it('memberToBody keeps name, price and priority', () => {
    expect(memberToBody(alternative(2, 'B0CDN4XHFH', { alternative_price: 84.9, priority: 2 }))).toEqual({
      alternativeAsin: 'B0CDN4XHFH',
      alternativeName: 'Prodotto B0CDN4XHFH',
      alternativePrice: 84.9,
      priority: 2,
    });
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
