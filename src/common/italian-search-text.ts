/**
 * The one text analysis of the site search (decision 033): what the SQLite index stores, what a SQLite
 * query looks for, and which words of a result are highlighted. It mirrors PostgreSQL's configuration
 * `build_search_it` (migration 0021: `unaccent`, then the `italian` Snowball dictionary with its stop list),
 * so both databases treat a word alike: "schede" and "scheda" are both 'sched', "Perché" and "perche"
 * both 'perc'.
 *
 * Steps, in PostgreSQL's order: words are runs of letters and digits; each is folded (NFKD, combining
 * marks dropped: what `unaccent` does to Italian text) and lower-cased; a stop word is dropped; the rest
 * is stemmed by the Snowball Italian stemmer (the same algorithm as PostgreSQL's `italian_stem`).
 * Pure functions, no Node APIs.
 */
import { newStemmer } from 'snowball-stemmers';
import { foldText, MAX_QUERY_LENGTH } from './search-query';

export { foldText, MAX_QUERY_LENGTH };

/**
 * PostgreSQL 15's Italian stop list, copied verbatim from /usr/share/postgresql/15/tsearch_data/italian.stop
 * (Snowball's list). As in PostgreSQL, it is compared with the word after accent folding, so its accented
 * entries ("perché", "più", "è"…) never match: there too `unaccent` runs before the stop list.
 */
const ITALIAN_STOP_WORDS: ReadonlySet<string> = new Set([
  'ad', 'al', 'allo', 'ai', 'agli', 'all', 'agl', 'alla', 'alle', 'con', 'col', 'coi', 'da', 'dal', 'dallo',
  'dai', 'dagli', 'dall', 'dagl', 'dalla', 'dalle', 'di', 'del', 'dello', 'dei', 'degli', 'dell', 'degl',
  'della', 'delle', 'in', 'nel', 'nello', 'nei', 'negli', 'nell', 'negl', 'nella', 'nelle', 'su', 'sul',
  'sullo', 'sui', 'sugli', 'sull', 'sugl', 'sulla', 'sulle', 'per', 'tra', 'contro', 'io', 'tu', 'lui', 'lei',
  'noi', 'voi', 'loro', 'mio', 'mia', 'miei', 'mie', 'tuo', 'tua', 'tuoi', 'tue', 'suo', 'sua', 'suoi', 'sue',
  'nostro', 'nostra', 'nostri', 'nostre', 'vostro', 'vostra', 'vostri', 'vostre', 'mi', 'ti', 'ci', 'vi', 'lo',
  'la', 'li', 'le', 'gli', 'ne', 'il', 'un', 'uno', 'una', 'ma', 'ed', 'se', 'perché', 'anche', 'come', 'dov',
  'dove', 'che', 'chi', 'cui', 'non', 'più', 'quale', 'quanto', 'quanti', 'quanta', 'quante', 'quello',
  'quelli', 'quella', 'quelle', 'questo', 'questi', 'questa', 'queste', 'si', 'tutto', 'tutti', 'a', 'c', 'e',
  'i', 'l', 'o', 'ho', 'hai', 'ha', 'abbiamo', 'avete', 'hanno', 'abbia', 'abbiate', 'abbiano', 'avrò',
  'avrai', 'avrà', 'avremo', 'avrete', 'avranno', 'avrei', 'avresti', 'avrebbe', 'avremmo', 'avreste',
  'avrebbero', 'avevo', 'avevi', 'aveva', 'avevamo', 'avevate', 'avevano', 'ebbi', 'avesti', 'ebbe', 'avemmo',
  'aveste', 'ebbero', 'avessi', 'avesse', 'avessimo', 'avessero', 'avendo', 'avuto', 'avuta', 'avuti', 'avute',
  'sono', 'sei', 'è', 'siamo', 'siete', 'sia', 'siate', 'siano', 'sarò', 'sarai', 'sarà', 'saremo', 'sarete',
  'saranno', 'sarei', 'saresti', 'sarebbe', 'saremmo', 'sareste', 'sarebbero', 'ero', 'eri', 'era', 'eravamo',
  'eravate', 'erano', 'fui', 'fosti', 'fu', 'fummo', 'foste', 'furono', 'fossi', 'fosse', 'fossimo', 'fossero',
  'essendo', 'faccio', 'fai', 'facciamo', 'fanno', 'faccia', 'facciate', 'facciano', 'farò', 'farai', 'farà',
  'faremo', 'farete', 'faranno', 'farei', 'faresti', 'farebbe', 'faremmo', 'fareste', 'farebbero', 'facevo',
  'facevi', 'faceva', 'facevamo', 'facevate', 'facevano', 'feci', 'facesti', 'fece', 'facemmo', 'faceste',
  'fecero', 'facessi', 'facesse', 'facessimo', 'facessero', 'facendo', 'sto', 'stai', 'sta', 'stiamo',
  'stanno', 'stia', 'stiate', 'stiano', 'starò', 'starai', 'starà', 'staremo', 'starete', 'staranno', 'starei',
  'staresti', 'starebbe', 'staremmo', 'stareste', 'starebbero', 'stavo', 'stavi', 'stava', 'stavamo',
  'stavate', 'stavano', 'stetti', 'stesti', 'stette', 'stemmo', 'steste', 'stettero', 'stessi', 'stesse',
  'stessimo', 'stessero', 'stando',
]);

/** A word of a text: letters and digits, with the combining marks of a decomposed accent. */
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** Letters and digits after folding (what is left of a word once its marks are gone). */
const FOLDED_WORD = /[\p{L}\p{N}]+/gu;
/** Beyond this, a query's further terms are ignored: no real search needs more, and each one costs the index a lookup. */
export const MAX_QUERY_TERMS = 16;

const stemmer = newStemmer('italian');

/**
 * Stems already computed, by word as written. Folding and the Snowball stemmer are the dearest steps of a
 * search page (every word of 12 titles and descriptions is analysed for the highlighting), while a site's
 * vocabulary is small and repeats: a bounded memo, emptied when full, so a flood of made-up words cannot
 * grow it. Indexing uses it too: an article repeats its words.
 */
const STEM_MEMO_LIMIT = 20_000;
const stemsMemo = new Map<string, readonly string[]>();

/** The folded pieces of one word that are not stop words ('Perché' -> ['perche']). */
function searchablePieces(word: string): string[] {
  return [...foldText(word).matchAll(FOLDED_WORD)].map(([piece]) => piece).filter((piece) => !ITALIAN_STOP_WORDS.has(piece));
}

/** The stems of one word's folded pieces, stop words left out. */
function stemsOfWord(word: string): readonly string[] {
  let stems = stemsMemo.get(word);
  if (stems === undefined) {
    stems = searchablePieces(word).map((piece) => stemmer.stem(piece));
    if (stemsMemo.size >= STEM_MEMO_LIMIT) stemsMemo.clear();
    stemsMemo.set(word, stems);
  }
  return stems;
}

/** Every indexed term of a text, in order, repeated as often as it occurs (the index counts them). */
export function analyseText(text: string): string[] {
  const terms: string[] = [];
  for (const [word] of text.matchAll(WORD)) terms.push(...stemsOfWord(word));
  return terms;
}

/** The text as the SQLite index stores it: its terms separated by spaces. */
export function indexedText(text: string): string {
  return analyseText(text).join(' ');
}

/** What a search looks for: its words (folded, stop words out) and their stems, one of each stem. */
export interface SearchTerms {
  /** Folded words, for PostgreSQL, which stems them itself (plainto_tsquery with build_search_it). */
  words: string[];
  /** Their stems, for the SQLite index and the highlighting. */
  terms: string[];
}

/**
 * The distinct terms of a search, in the order typed, at most MAX_QUERY_TERMS. Empty when the text has
 * only stop words, punctuation or operators: such a search finds nothing (decision 033).
 */
export function searchTerms(query: string): SearchTerms {
  const words: string[] = [];
  const terms: string[] = [];
  for (const [word] of query.matchAll(WORD)) {
    for (const piece of searchablePieces(word)) {
      const term = stemmer.stem(piece);
      if (terms.includes(term) || terms.length >= MAX_QUERY_TERMS) continue;
      words.push(piece);
      terms.push(term);
    }
  }
  return { words, terms };
}

/** A piece of a text, highlighted (`match`) when one of its words is a term of the search. */
export interface TextSegment {
  text: string;
  match: boolean;
}

/**
 * The text cut into pieces, the words whose terms are among `terms` (a search's queryTerms) marked:
 * what a result wraps in <mark>. The pieces joined give back the text unchanged.
 */
export function highlightSegments(text: string, terms: readonly string[]): TextSegment[] {
  const wanted = new Set(terms);
  const segments: TextSegment[] = [];
  let plainFrom = 0;
  for (const found of text.matchAll(WORD)) {
    if (!stemsOfWord(found[0]).some((stem) => wanted.has(stem))) continue;
    if (found.index > plainFrom) segments.push({ text: text.slice(plainFrom, found.index), match: false });
    segments.push({ text: found[0], match: true });
    plainFrom = found.index + found[0].length;
  }
  if (plainFrom < text.length) segments.push({ text: text.slice(plainFrom), match: false });
  return segments;
}
