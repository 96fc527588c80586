/**
 * Single-line text: a title, a part's name, a meta field, a category's name. A line break means nothing
 * there, and downstream it is harmful: a build's title becomes a mail's Subject header (which refuses a
 * line break, so the alert would never go out), a `<title>`, an RSS `<title>`, a log field. So such text
 * is normalised where it is written (the zod schemas of the write paths, the retailer's answers): every
 * control character (`\p{Cc}`: CR, LF, tab, NUL, the C1 controls including U+0085 NEL) and the Unicode
 * line and paragraph separators (U+2028, U+2029) become a space, runs of spaces become one, and the ends
 * are trimmed. Normalising rather than refusing: a title pasted from a document with a stray line break
 * is what the author meant, on one line (decision 037).
 *
 * Other spaces (a no-break space between "Ryzen 7" and "7800X3D") and format characters (the zero-width
 * joiner inside an emoji) are the author's choice and kept. Multi-line text (the article, a build's
 * description, a part's specs) never comes here.
 *
 * Migration 0023 applies the same rule to the rows stored before it; migrations never import application
 * code, so it holds its own copy of the pattern, which `single-line.test.ts` keeps equal to this one.
 */
import { z } from 'zod';
import { formatCount } from './format';

/** Every character that breaks a line or controls a terminal; a run of them (with the spaces around) is one space. */
export const LINE_BREAKING_RUN = /[ \p{Cc}\u2028\u2029]+/gu;

/** `text` on one line: controls and separators as single spaces, runs collapsed, ends trimmed. */
export function toSingleLine(text: string): string {
  return text.replace(LINE_BREAKING_RUN, ' ').trim();
}

/** `toSingleLine`, keeping null and undefined; an empty result is null (the field is cleared). */
export function toSingleLineOrNull(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const line = toSingleLine(text);
  return line === '' ? null : line;
}

interface SingleLineOptions {
  /** How the field is named in its messages, with its article: "Il titolo", "La marca". */
  label: string;
  /** Most characters, counted after normalising. */
  max: number;
  /** The message for a missing or empty value; default "{label} è obbligatorio". */
  requiredMessage?: string;
  /** The message for a value over `max`; default "{label}: massimo N caratteri". */
  maxMessage?: string;
  /** The message for a value that is not a string; default "{label} deve essere un testo". */
  typeMessage?: string;
}

function messages(options: SingleLineOptions) {
  return {
    required: options.requiredMessage ?? `${options.label} è obbligatorio`,
    // Written when an input breaks the limit, not when the module loads (see common/format.ts).
    max: () => options.maxMessage ?? `${options.label}: massimo ${formatCount(options.max)} caratteri`,
    type: options.typeMessage ?? `${options.label} deve essere un testo`,
  };
}

/** A required single-line text: normalised, then at least one character and at most `max`. */
export function singleLineText(options: SingleLineOptions) {
  const text = messages(options);
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? text.required : text.type) })
    .transform(toSingleLine)
    .pipe(z.string().min(1, text.required).max(options.max, { error: text.max }));
}

/** An optional single-line text: '', blank, null and absent all mean "empty" (null); else normalised, at most `max`. */
export function optionalSingleLineText(options: SingleLineOptions) {
  const text = messages(options);
  return z
    .string({ error: text.type })
    .nullish()
    .transform(toSingleLineOrNull)
    .pipe(z.string().max(options.max, { error: text.max }).nullable());
}
