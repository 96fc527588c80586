/**
 * Text that came from outside (a request's path, a header, an error message quoting input) written into
 * the log. One log entry is one line: a line break inside such text would let a visitor write a line of
 * their own (`GET /x%0AGET%20/admin%20200%201.0ms` decodes to a path holding a forged request line), and
 * a terminal escape (ESC) could rewrite what an operator sees. So every character that breaks or bends a
 * line is written as an escape:
 *
 * - C0 controls (0x00–0x1F), DEL (0x7F) and the C1 controls (0x80–0x9F; U+0085 is a line break to
 *   some readers) as `\xNN`, two upper-case hex digits;
 * - the Unicode line and paragraph separators (U+2028, U+2029) and the bidirectional controls (U+061C,
 *   U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which reorder what a reader sees, as `\u{NNNN}`;
 * - the backslash itself as `\\`, so an escape in the log always stands for the character it names and
 *   a visitor cannot type a literal `\x0A` that reads like one.
 *
 * Everything else (accented letters, emoji) is kept as it is. Isomorphic: no Node APIs.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\x00-\x1f\x7f-\x9f\\\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escapeCharacter(character: string): string {
  if (character === '\\') return '\\\\';
  const code = character.codePointAt(0)!;
  const hex = code.toString(16).toUpperCase();
  return code <= 0xff ? `\\x${hex.padStart(2, '0')}` : `\\u{${hex}}`;
}

/** `text` on one line, every control, separator and bidirectional control escaped (see above). */
export function escapeLogText(text: string): string {
  return text.replace(UNSAFE, escapeCharacter);
}

/**
 * One field of a space-separated log line (a request path): escaped, and its spaces written `\x20`, so
 * the fields after it (status, duration) stay the last ones whatever the path holds.
 */
export function logField(text: string): string {
  return escapeLogText(text).replaceAll(' ', '\\x20');
}

/** How deep `cause` chains are followed: far beyond any real chain, and a loop cannot run forever. */
const MAX_CAUSE_DEPTH = 4;

/**
 * An error for the log: its first line (name and message) escaped, since a database error quotes the
 * value it refused, which may come from a request; then the stack frames, which are our code's locations.
 * The first line is found by the message itself, so a message holding a line break cannot slip a fake
 * frame in; a stack that does not hold the message (a hand-made or foreign error) is escaped whole, on
 * one line. `code` and `detail` (PostgreSQL's) and the `cause` chain follow, escaped the same way.
 */
export function describeErrorForLog(error: unknown, depth = 0): string {
  if (!(error instanceof Error)) return escapeLogText(String(error));
  const stack = typeof error.stack === 'string' ? error.stack : `${error.name}: ${error.message}`;
  let text: string;
  const headEnd = firstLineEnd(stack, error.message);
  if (headEnd === null) {
    text = `${escapeLogText(`${error.name}: ${error.message}`)} ${escapeLogText(stack)}`;
  } else {
    const frames = stack.slice(headEnd).split('\n').filter((line) => line.trim() !== '');
    text = [escapeLogText(stack.slice(0, headEnd)), ...frames.map(escapeLogText)].join('\n');
  }
  const extras = error as Error & { code?: unknown; detail?: unknown };
  if (typeof extras.code === 'string' || typeof extras.code === 'number') text += `\n    code: ${escapeLogText(String(extras.code))}`;
  if (typeof extras.detail === 'string') text += `\n    detail: ${escapeLogText(extras.detail)}`;
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) text += `\n  [cause] ${describeErrorForLog(error.cause, depth + 1)}`;
  return text;
}

/**
 * Where a stack's first line ("Name: message", the message possibly spanning lines) ends, or null when
 * the stack does not start that way. V8 writes the name the error had when it was made, which may differ
 * from its `name` now, so only the message is matched.
 */
function firstLineEnd(stack: string, message: string): number | null {
  if (message === '') {
    const end = stack.indexOf('\n');
    return end === -1 ? stack.length : end;
  }
  const at = stack.indexOf(message);
  if (at === -1 || stack.slice(0, at).includes('\n')) return null;
  return at + message.length;
}

/** An error's message alone, escaped, for one-line log entries (`… non riuscito: {message}`). */
export function errorMessageForLog(error: unknown): string {
  return escapeLogText(error instanceof Error ? error.message : String(error));
}
