/**
 * The author's synonym groups (decision 041): what a group may hold and how its text is read. A group is
 * typed as phrases separated by commas ("scheda video, gpu"); a search for any phrase of a group also finds
 * the others. Each rule refuses with an Italian message that says what to change.
 */
import { toSingleLine } from '../../common/single-line';
import { readPhrase, type SynonymPhrase, type SynonymPhrases } from './query-plan';

export const SYNONYM_GROUP_MAX_LENGTH = 400;
export const SYNONYM_PHRASE_MAX_LENGTH = 40;
/** Words per phrase: a synonym is a name, not a sentence. */
export const SYNONYM_PHRASE_MAX_WORDS = 3;
export const SYNONYM_GROUP_MAX_PHRASES = 8;
/** Groups in all: every search compares its words with every phrase, so the list stays small. */
export const SYNONYM_GROUPS_MAX = 100;

export const SYNONYM_MESSAGES = {
  empty: 'Scrivi almeno due parole o espressioni separate da virgole, per esempio «nvidia, geforce».',
  tooLong: `Il gruppo è troppo lungo: al massimo ${SYNONYM_GROUP_MAX_LENGTH} caratteri.`,
  tooFew: 'Un gruppo di sinonimi ha almeno due parole o espressioni, separate da virgole.',
  tooMany: `Al massimo ${SYNONYM_GROUP_MAX_PHRASES} parole o espressioni per gruppo.`,
  phraseTooLong: (phrase: string) => `«${phrase}» è troppo lunga: al massimo ${SYNONYM_PHRASE_MAX_LENGTH} caratteri.`,
  phraseTooManyWords: (phrase: string) => `«${phrase}» ha troppe parole: al massimo ${SYNONYM_PHRASE_MAX_WORDS}.`,
  ignored: (phrase: string) =>
    `«${phrase}» contiene solo parole che la ricerca ignora (come «di», «per», «ai»): scrivi un'altra parola, o una sigla in maiuscolo da sola (come «AI»).`,
  repeated: (first: string, second: string) => `«${first}» e «${second}» sono la stessa parola per la ricerca: tienine una.`,
  elsewhere: (phrase: string) => `«${phrase}» è già in un altro gruppo di sinonimi: una parola può stare in un gruppo solo.`,
  groupsFull: `Al massimo ${SYNONYM_GROUPS_MAX} gruppi di sinonimi: modifica o elimina un gruppo esistente.`,
  notFound: 'Gruppo di sinonimi non trovato',
} as const;

/**
 * The phrases of a group's text: split at commas, each on one line, spaces collapsed, empties out. The case is
 * kept as typed: a stop word in capitals is an acronym ("AI"), in lower case a word the search ignores.
 */
export function splitPhrases(text: string): string[] {
  return toSingleLine(text)
    .split(/[,;]/)
    .map((phrase) => phrase.replace(/\s+/g, ' ').trim())
    .filter((phrase) => phrase !== '');
}

/** A stored group as the search reads it (a phrase with no searchable word is left out). */
export function readGroup(phrasesText: string): SynonymPhrases {
  return splitPhrases(phrasesText)
    .map(readPhrase)
    .filter((phrase) => phrase.terms.length > 0);
}

/** One phrase's identity for the search: its terms' stems (an acronym's word). */
function phraseKey(phrase: SynonymPhrase): string {
  return phrase.terms.map((t) => (t.exact ? `=${t.word}` : t.stem)).join(' ');
}

/**
 * The first rule a group's text breaks, or null. `otherGroups` are the other stored groups' texts: a phrase
 * may be in one group only, or a search could not tell which group it means.
 */
export function synonymGroupProblem(text: string, otherGroups: readonly string[]): string | null {
  if (text.length > SYNONYM_GROUP_MAX_LENGTH) return SYNONYM_MESSAGES.tooLong;
  const phrases = splitPhrases(text);
  if (phrases.length === 0) return SYNONYM_MESSAGES.empty;
  if (phrases.length < 2) return SYNONYM_MESSAGES.tooFew;
  if (phrases.length > SYNONYM_GROUP_MAX_PHRASES) return SYNONYM_MESSAGES.tooMany;
  const seen = new Map<string, string>();
  for (const phrase of phrases) {
    if (phrase.length > SYNONYM_PHRASE_MAX_LENGTH) return SYNONYM_MESSAGES.phraseTooLong(phrase);
    if (phrase.split(' ').length > SYNONYM_PHRASE_MAX_WORDS) return SYNONYM_MESSAGES.phraseTooManyWords(phrase);
    const read = readPhrase(phrase);
    if (read.terms.length === 0) return SYNONYM_MESSAGES.ignored(phrase);
    const key = phraseKey(read);
    const earlier = seen.get(key);
    if (earlier !== undefined) return SYNONYM_MESSAGES.repeated(earlier, phrase);
    seen.set(key, phrase);
  }
  const taken = new Set(otherGroups.flatMap((group) => readGroup(group).map(phraseKey)));
  for (const [key, phrase] of seen) if (taken.has(key)) return SYNONYM_MESSAGES.elsewhere(phrase);
  return null;
}

/** The group's text as stored: its phrases, one spelling, comma-separated. */
export function storedGroupText(text: string): string {
  return splitPhrases(text).join(', ');
}
