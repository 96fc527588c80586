import { describe, expect, it } from 'vitest';
import { describeErrorForLog, errorMessageForLog, escapeLogText, logField } from './log-text';

/** Characters a log line may never hold raw: C0, DEL, C1, line/paragraph separators, bidi controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('escapeLogText', () => {
  it('writes every C0 control, DEL and every C1 control as \\xNN', () => {
    for (let code = 0; code <= 0x9f; code++) {
      if (code >= 0x20 && code < 0x7f) continue;
      const hex = code.toString(16).toUpperCase().padStart(2, '0');
      expect(escapeLogText(`a${String.fromCharCode(code)}b`)).toBe(`a\\x${hex}b`);
    }
  });

  it('writes the line and paragraph separators and the bidirectional controls as \\u{NNNN}', () => {
    expect(escapeLogText('a\u2028b\u2029c')).toBe('a\\u{2028}b\\u{2029}c');
    expect(escapeLogText('\u202Etxt.exe\u202C')).toBe('\\u{202E}txt.exe\\u{202C}');
    expect(escapeLogText('\u061C\u200E\u200F\u202A\u202B\u202D\u2066\u2067\u2068\u2069')).toBe(
      '\\u{61C}\\u{200E}\\u{200F}\\u{202A}\\u{202B}\\u{202D}\\u{2066}\\u{2067}\\u{2068}\\u{2069}',
    );
  });

  it('doubles the backslash, so a typed "\\x0A" never reads as an escaped line break', () => {
    expect(escapeLogText('/x\\x0AGET')).toBe('/x\\\\x0AGET');
    expect(escapeLogText('/x\nGET')).toBe('/x\\x0AGET');
  });

  it('keeps printable text, accented letters and emoji as they are', () => {
    const text = '/build/pc-da-1000€-più-veloce 🚀 ~!@#$%^&*()_+{}|:"<>?';
    expect(escapeLogText(text)).toBe(text);
  });

  it('turns the forged request line of the review into one harmless line', () => {
    const path = decodeURI('/x%0AGET%20/admin%20200%201.0ms');
    expect(path).toContain('\n');
    expect(escapeLogText(path)).toBe('/x\\x0AGET /admin 200 1.0ms');
    expect(logField(path)).toBe('/x\\x0AGET\\x20/admin\\x20200\\x201.0ms');
  });

  it('never leaves a forbidden character in any string of every code unit up to U+FFFF', () => {
    let all = '';
    for (let code = 0; code <= 0xffff; code++) if (code < 0xd800 || code > 0xdfff) all += String.fromCharCode(code);
    const escaped = escapeLogText(all);
    expect(FORBIDDEN.test(escaped)).toBe(false);
    expect(escaped.split('\n')).toHaveLength(1);
  });
});

describe('describeErrorForLog', () => {
  it('escapes the message but keeps the stack frames on their own lines', () => {
    const error = new Error('invalid input syntax: "x\nGET /admin 200 1.0ms"');
    const lines = describeErrorForLog(error).split('\n');
    expect(lines[0]).toBe('Error: invalid input syntax: "x\\x0AGET /admin 200 1.0ms"');
    expect(lines.length).toBeGreaterThan(1);
    for (const frame of lines.slice(1)) expect(frame).toMatch(/^\s+at /);
  });

  it('a message with a fake stack frame stays on the first line', () => {
    const error = new Error('boom\n    at forged (/etc/passwd:1:1)');
    const lines = describeErrorForLog(error).split('\n');
    expect(lines[0]).toBe('Error: boom\\x0A    at forged (/etc/passwd:1:1)');
    expect(lines.slice(1).join('\n')).not.toContain('forged');
  });

  it('a renamed error (name set after construction) is still split at its message', () => {
    class CustomError extends Error {
      constructor(message: string) {
        super(message);
        this.name = 'CustomError';
      }
    }
    const lines = describeErrorForLog(new CustomError('a\rb')).split('\n');
    expect(lines[0]).toMatch(/Error: a\\x0Db$/);
    expect(lines.length).toBeGreaterThan(1);
  });

  it('a stack that does not hold the message is escaped whole on one line', () => {
    const error = new Error('real message');
    error.stack = 'Something else\n    at x\u001b[2J';
    expect(describeErrorForLog(error)).toBe('Error: real message Something else\\x0A    at x\\x1B[2J');
  });

  it("adds PostgreSQL's code and detail and the cause chain, escaped", () => {
    const cause = new Error('inner\u0085line');
    const error = Object.assign(new Error('outer', { cause }), { code: '23505', detail: 'Key (slug)=(a\nb) already exists.' });
    const text = describeErrorForLog(error);
    expect(text).toContain('\n    code: 23505');
    expect(text).toContain('\n    detail: Key (slug)=(a\\x0Ab) already exists.');
    expect(text).toContain('\n  [cause] Error: inner\\x85line');
  });

  it('a cause loop ends', () => {
    const error = new Error('loop');
    (error as { cause?: unknown }).cause = error;
    expect(describeErrorForLog(error).match(/\[cause\]/g)).toHaveLength(4);
  });

  it('anything thrown that is not an Error is escaped text', () => {
    expect(describeErrorForLog('a\nb')).toBe('a\\x0Ab');
    expect(errorMessageForLog(new Error('a\u2028b'))).toBe('a\\u{2028}b');
    expect(errorMessageForLog(42)).toBe('42');
  });
});
