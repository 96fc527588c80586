import { describe, expect, it } from 'vitest';
import { readGroup, splitPhrases, storedGroupText, SYNONYM_MESSAGES, synonymGroupProblem } from './synonym-rules';

describe('synonym groups', () => {
  it('reads phrases between commas in one spelling', () => {
    expect(splitPhrases(' NVIDIA ,GeForce,, \n  scheda   video ')).toEqual(['NVIDIA', 'GeForce', 'scheda video']);
    expect(storedGroupText('NVIDIA ,GeForce')).toBe('NVIDIA, GeForce');
    expect(readGroup('nvidia, di, geforce').map((phrase) => phrase.terms.map((t) => t.word))).toEqual([['nvidia'], ['geforce']]);
    // A stop word in capitals is an acronym, matched as written.
    expect(readGroup('IA, AI').map((phrase) => phrase.terms.map((t) => [t.word, Boolean(t.exact)]))).toEqual([[['ia', false]], [['ai', true]]]);
  });

  it('accepts a good group and says what is wrong with a bad one', () => {
    expect(synonymGroupProblem('nvidia, geforce', [])).toBeNull();
    expect(synonymGroupProblem('scheda video, gpu, scheda grafica', ['nvidia, geforce'])).toBeNull();
    expect(synonymGroupProblem(' , ', [])).toBe(SYNONYM_MESSAGES.empty);
    expect(synonymGroupProblem('gpu', [])).toBe(SYNONYM_MESSAGES.tooFew);
    expect(synonymGroupProblem('gpu, per', [])).toBe(SYNONYM_MESSAGES.ignored('per'));
    expect(synonymGroupProblem('ia, ai', [])).toBe(SYNONYM_MESSAGES.ignored('ai'));
    expect(synonymGroupProblem('IA, AI', [])).toBeNull();
    expect(synonymGroupProblem('AI, ai', [])).toBe(SYNONYM_MESSAGES.ignored('ai'));
    expect(synonymGroupProblem('schede, scheda', [])).toBe(SYNONYM_MESSAGES.repeated('schede', 'scheda'));
    expect(synonymGroupProblem('gpu, GeForce', ['nvidia, geforce'])).toBe(SYNONYM_MESSAGES.elsewhere('GeForce'));
  });
});
