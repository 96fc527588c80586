import { describe, expect, it } from 'vitest';
import { deleteConfirmation } from './delete-confirmation';

describe('deleteConfirmation', () => {
  it("starts with the spec's question, counts the revisions that go and says the analytics stay", () => {
    expect(deleteConfirmation({ title: 'Gaming 1440p', revision_count: 1234 })).toBe(
      'Sei sicuro di voler eliminare "Gaming 1440p"?\n\nVerranno eliminate anche le sue 1.234 revisioni della cronologia. ' +
        'Visite e clic restano nel Rendimento della dashboard, come "Gaming 1440p (eliminata)".',
    );
  });

  it('one revision in the singular, none left unsaid', () => {
    expect(deleteConfirmation({ title: 'A', revision_count: 1 })).toContain('\n\nVerrà eliminata anche 1 revisione della cronologia. Visite');
    expect(deleteConfirmation({ title: 'A', revision_count: 0 })).toBe('Sei sicuro di voler eliminare "A"?\n\nVisite e clic restano nel Rendimento della dashboard, come "A (eliminata)".');
  });
});
