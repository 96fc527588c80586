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
/**
 * Where letters meet digits inside a word: "RTX5070" is read as "RTX 5070", "9800X3D" as "9800 X 3 D", in the
 * index and in a search alike, so a model written joined or apart finds the same builds.
 */
const LETTER_DIGIT = /(?<=[\p{L}\p{M}])(?=\p{N})|(?<=\p{N})(?=[\p{L}\p{M}])/u;
/** Beyond this, a query's further terms are ignored: no real search needs more, and each one costs the index a lookup. */
export const MAX_QUERY_TERMS = 16;
/**
 * A negated phrase ("senza scheda video") is not what the text is about: the word "senza", the stop words right
 * after it ("senza la") and then at most this many words, up to the next stop word or punctuation, are left out
 * of the index and of a search (decision 041). "Build senza scheda video" is not a match for "schede video".
 */
const NEGATION = 'senza';
const NEGATED_WORDS_MAX = 3;
/** Punctuation that ends a negated phrase. */
const CLAUSE_END = /[.,;:!?()[\]{}\n]|\s-\s/;

const stemmer = newStemmer('italian');

/**
 * Stems already computed, by word as written. Folding and the Snowball stemmer are the dearest steps of a
 * search page (every word of 12 titles and descriptions is analysed for the highlighting), while a site's
 * vocabulary is small and repeats: a bounded memo, emptied when full, so a flood of made-up words cannot
 * grow it. Indexing uses it too: an article repeats its words.
 */
const STEM_MEMO_LIMIT = 20_000;
const stemsMemo = new Map<string, readonly string[]>();
/** The same for the acronyms of a word (acronymOf), most often none. */
const acronymsMemo = new Map<string, readonly string[]>();
const NO_ACRONYM: readonly string[] = [];

function isStopWord(folded: string): boolean {
  return ITALIAN_STOP_WORDS.has(folded);
}

/** The folded pieces of one word that are not stop words ('Perché' -> ['perche']). */
function searchablePieces(word: string): string[] {
  return [...foldText(word).matchAll(FOLDED_WORD)].map(([piece]) => piece).filter((piece) => !isStopWord(piece));
}

/** The stems of one word's folded pieces, stop words left out. */
function stemsOfWord(word: string): readonly string[] {
  let stems = stemsMemo.get(word);
  if (stems === undefined) {
    stems = word
      .split(LETTER_DIGIT)
      .flatMap(searchablePieces)
      .map((piece) => stemmer.stem(piece));
    if (stemsMemo.size >= STEM_MEMO_LIMIT) stemsMemo.clear();
    stemsMemo.set(word, stems);
  }
  return stems;
}

/** Capitals only, two letters or more: how a text writes an acronym ("AI", "IO"). */
const CAPITALS = /^\p{Lu}{2,}$/u;

/**
 * A piece of a word written in capitals whose folded form is a stop word ("AI" is "ai", the preposition):
 * that folded form, kept as a term of its own, or null. The search looks for it only where the author's
 * synonyms name it in capitals (query-plan.ts), so "AI" and "IA" can meet while "ai" stays a stop word.
 */
export function acronymOf(piece: string): string | null {
  if (!CAPITALS.test(piece)) return null;
  const folded = foldText(piece);
  return isStopWord(folded) ? folded : null;
}

/** Two capitals in a row: the cheap test before a word's pieces are read as acronyms. */
const TWO_CAPITALS = /\p{Lu}\p{Lu}/u;

/** The acronyms of one word's pieces (see acronymOf). */
function acronymsOfWord(word: string): readonly string[] {
  if (!TWO_CAPITALS.test(word)) return NO_ACRONYM;
  let acronyms = acronymsMemo.get(word);
  if (acronyms === undefined) {
    acronyms = word.split(LETTER_DIGIT).flatMap((piece) => acronymOf(piece) ?? []);
    if (acronymsMemo.size >= STEM_MEMO_LIMIT) acronymsMemo.clear();
    acronymsMemo.set(word, acronyms);
  }
  return acronyms;
}

/** "senza" in any case ("Senza", "SENZA"); it has no accent, so no folding is needed to know it. */
function isNegation(word: string): boolean {
  return word.length === NEGATION.length && word.toLowerCase() === NEGATION;
}

/** A word of a text as the search reads it: where it is, and whether a negation leaves it out. */
interface ReadWord {
  word: string;
  index: number;
  negated: boolean;
}

/**
 * The words of a text in order, each marked negated when it belongs to a negated phrase ("senza" itself, the
 * stop words right after it, then up to NEGATED_WORDS_MAX words until a stop word or punctuation).
 */
function* readWords(text: string): Generator<ReadWord> {
  /** -1 outside a negated phrase; inside, how many of its words were taken. */
  let negatedCount = -1;
  let previousEnd = 0;
  for (const found of text.matchAll(WORD)) {
    const word = found[0];
    if (negatedCount >= 0 && CLAUSE_END.test(text.slice(previousEnd, found.index))) negatedCount = -1;
    previousEnd = found.index + word.length;
    if (isNegation(word)) {
      negatedCount = 0;
      yield { word, index: found.index, negated: true };
      continue;
    }
    if (negatedCount >= 0) {
      if (isStopWord(foldText(word))) {
        // "senza la scheda": an article right after "senza" belongs to it; a later stop word ends the phrase.
        if (negatedCount === 0) {
          yield { word, index: found.index, negated: true };
          continue;
        }
        negatedCount = -1;
      } else if (negatedCount < NEGATED_WORDS_MAX) {
        negatedCount += 1;
        yield { word, index: found.index, negated: true };
        continue;
      } else {
        negatedCount = -1;
      }
    }
    yield { word, index: found.index, negated: false };
  }
}

/** Every indexed term of a text, in order, repeated as often as it occurs (the index counts them). */
export function analyseText(text: string): string[] {
  const terms: string[] = [];
  for (const { word, negated } of readWords(text)) if (!negated) terms.push(...stemsOfWord(word), ...acronymsOfWord(word));
  return terms;
}

/**
 * The acronyms of a text that are stop words (acronymOf), separated by spaces: PostgreSQL's configuration
 * would drop them, so the index adds them through the 'simple' configuration (build-search-index.ts).
 */
export function acronymsText(text: string): string {
  const acronyms: string[] = [];
  for (const { word, negated } of readWords(text)) if (!negated) acronyms.push(...acronymsOfWord(word));
  return acronyms.join(' ');
}

/** The text as the SQLite index stores it: its terms separated by spaces. */
export function indexedText(text: string): string {
  return analyseText(text).join(' ');
}

/**
 * The text as PostgreSQL's configuration reads it (it folds, drops stop words and stems itself): its words
 * folded, split where letters meet digits, negated phrases left out, separated by spaces. Its parser then
 * sees the same words as this analysis, hyphens and symbols included.
 */
export function wordsText(text: string): string {
  const words: string[] = [];
  for (const { word, negated } of readWords(text)) {
    if (negated) continue;
    for (const piece of word.split(LETTER_DIGIT)) words.push(...[...foldText(piece).matchAll(FOLDED_WORD)].map(([folded]) => folded));
  }
  return words.join(' ');
}

/** The distinct folded words of a text that the index holds (the vocabulary a misspelling is corrected against). */
export function vocabularyOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const word of wordsText(text).split(' ')) if (word && !isStopWord(word)) words.add(word);
  return words;
}

/** One word of a search: as typed (folded), and its stem. */
export interface SearchWord {
  /** Folded, for PostgreSQL, which stems it itself. */
  word: string;
  /** Its stem, for the SQLite index and the highlighting. */
  stem: string;
}

/** What a search looks for: its words (folded, stop words out) and their stems, one of each stem. */
export interface SearchTerms {
  /** Folded words, for PostgreSQL, which stems them itself (build_search_it). */
  words: string[];
  /** Their stems, for the SQLite index and the highlighting. */
  terms: string[];
}

/** A piece of a search's text: folded, and whether it is a stop word. */
export interface QueryPiece {
  word: string;
  stop: boolean;
}

/** A text's pieces in order (negated phrases out, split where letters meet digits), stop words marked. */
export function queryPieces(query: string): QueryPiece[] {
  const pieces: QueryPiece[] = [];
  for (const { word, negated } of readWords(query)) {
    if (negated) continue;
    for (const piece of word.split(LETTER_DIGIT)) for (const [folded] of foldText(piece).matchAll(FOLDED_WORD)) pieces.push({ word: folded, stop: isStopWord(folded) });
  }
  return pieces;
}

/** A search's folded words in order, stop words and negated phrases out, split where letters meet digits. */
export function queryWords(query: string): string[] {
  const words: string[] = [];
  for (const { word, negated } of readWords(query)) {
    if (negated) continue;
    for (const piece of word.split(LETTER_DIGIT)) words.push(...searchablePieces(piece));
  }
  return words;
}

/** The stem of a folded word, as the index stores it. */
export function stemOf(folded: string): string {
  return stemmer.stem(folded);
}

/**
 * The distinct terms of a search, in the order typed, at most MAX_QUERY_TERMS. Empty when the text has
 * only stop words, punctuation or operators: such a search finds nothing (decision 033).
 */
export function searchTerms(query: string): SearchTerms {
  const words: string[] = [];
  const terms: string[] = [];
  for (const piece of queryWords(query)) {
    const term = stemmer.stem(piece);
    if (terms.includes(term) || terms.length >= MAX_QUERY_TERMS) continue;
    words.push(piece);
    terms.push(term);
  }
  return { words, terms };
}

/** A piece of a text, highlighted (`match`) when one of its words is a term of the search. */
export interface TextSegment {
  text: string;
  match: boolean;
}

/**
 * The text cut into pieces, the words whose terms are among `terms` (a search's terms) or begin with one of
 * `prefixes` (the last word typed) marked: what a result wraps in <mark>. Words of a negated phrase are never
 * marked: they are not what matched. The pieces joined give back the text unchanged.
 */
export function highlightSegments(text: string, terms: readonly string[], prefixes: readonly string[] = []): TextSegment[] {
  const wanted = new Set(terms);
  const matches = (stem: string) => wanted.has(stem) || prefixes.some((prefix) => stem.startsWith(prefix));
  const segments: TextSegment[] = [];
  let plainFrom = 0;
  for (const { word, index, negated } of readWords(text)) {
    if (negated || !(stemsOfWord(word).some(matches) || acronymsOfWord(word).some((acronym) => wanted.has(acronym)))) continue;
    if (index > plainFrom) segments.push({ text: text.slice(plainFrom, index), match: false });
    segments.push({ text: word, match: true });
    plainFrom = index + word.length;
  }
  if (plainFrom < text.length) segments.push({ text: text.slice(plainFrom), match: false });
  return segments;
}
