import { describe, expect, it } from 'vitest';
import { sortByCommissions } from './builds-list-revenue';

describe('the builds list by commissions', () => {
  it('puts the highest first and the builds without any last, in their order', () => {
    const builds = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    const commissions = { 2: { commissions: 1.5, method: 'esatto' }, 4: { commissions: 9, method: 'stimato' } };
    expect(sortByCommissions(builds, commissions).map((build) => build.id)).toEqual([4, 2, 1, 3]);
    expect(sortByCommissions(builds, null).map((build) => build.id)).toEqual([1, 2, 3, 4]);
  });
});
