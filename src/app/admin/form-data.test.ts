/** Reading submitted fields and route parameters. */
import { describe, expect, it } from 'vitest';
import { formId, formText, formTexts, parseRowId } from './form-data';

describe('row ids', () => {
  it('route ids are positive row ids, as on the server', () => {
    expect(parseRowId('12')).toBe(12);
    for (const bad of [undefined, '0', '-1', '1.5', 'abc', '1e3', '99999999999', '2147483648']) expect(parseRowId(bad)).toBeNull();
  });

  it('a field reads as an id only when it is one; a missing or file field as empty text', () => {
    const form = new FormData();
    form.append('id', '7');
    form.append('bad', '0x10');
    form.append('file', new Blob(['x']), 'x.txt');
    expect([formId(form, 'id'), formId(form, 'bad'), formId(form, 'missing')]).toEqual([7, null, null]);
    expect([formText(form, 'file'), formText(form, 'missing')]).toEqual(['', '']);
    expect(formTexts(form, 'file')).toEqual([]);
  });
});
