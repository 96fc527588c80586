import { describe, expect, it } from 'vitest';
import { publishedLogLine } from './publish-scheduler';

describe('the scheduled publishing log line', () => {
  it('speaks of one build in the singular', () => {
    expect(publishedLogLine([4])).toBe('[pubblicazione] pubblicata 1 build programmata (id 4)');
  });

  it('speaks of more builds in the plural', () => {
    expect(publishedLogLine([4, 5])).toBe('[pubblicazione] pubblicate 2 build programmate (id 4, 5)');
  });
});
