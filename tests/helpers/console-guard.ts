/**
 * console.error and console.warn are how the application reports a failure it survived (the database
 * down, a notification lost, a background job failed): in a test, one nobody declared fails the test
 * (strict-setup.ts checks after each test and at the end of each file). A test that provokes one on
 * purpose declares it:
 *
 *   expectConsole('error', /database non disponibile/); // must be logged, else the test fails
 *   allowConsole('warn', /\[remove-bg\]/);              // may be logged (e.g. depends on timing)
 *
 * A string pattern matches as a substring. The message matched is what the console would print
 * (util.format of the arguments, an Error with its stack). Declared output is kept out of the test's
 * output; undeclared output is printed as usual, then fails the test. A declaration made inside a test
 * or a beforeEach holds for that test; one made at the top of the file or in beforeAll holds for every
 * test of the file. A test that replaces console.error itself (vi.spyOn(...).mockImplementation) has
 * declared it too.
 */
import { format } from 'node:util';

export type ConsoleLevel = 'error' | 'warn';
const GUARDED_LEVELS: readonly ConsoleLevel[] = ['error', 'warn'];
const MAX_MESSAGE_LENGTH = 500;

interface Declaration {
  level: ConsoleLevel;
  pattern: RegExp | string;
  required: boolean;
  seen: boolean;
}

const state = {
  inTest: false,
  testDeclarations: [] as Declaration[],
  fileDeclarations: [] as Declaration[],
  /** Undeclared calls during the current test. */
  unexpected: [] as string[],
  /** Undeclared calls outside any test (beforeAll, afterAll, loading the file): the file fails at its end. */
  unexpectedOutside: [] as string[],
};

function declare(level: ConsoleLevel, pattern: RegExp | string, required: boolean): void {
  (state.inTest ? state.testDeclarations : state.fileDeclarations).push({ level, pattern, required, seen: false });
}

/** Declares a console.error/warn this test (or file) must log; it fails if none matches `pattern`. */
export function expectConsole(level: ConsoleLevel, pattern: RegExp | string): void {
  declare(level, pattern, true);
}

/** Declares a console.error/warn this test (or file) may log. */
export function allowConsole(level: ConsoleLevel, pattern: RegExp | string): void {
  declare(level, pattern, false);
}

function matches(pattern: RegExp | string, message: string): boolean {
  if (typeof pattern === 'string') return message.includes(pattern);
  pattern.lastIndex = 0; // a /g or /y pattern keeps its position between calls
  return pattern.test(message);
}

/** Notes a call of console[level]; true when it was declared. */
function noteCall(level: ConsoleLevel, args: unknown[]): boolean {
  const message = format(...args);
  const declaration = [...state.testDeclarations, ...state.fileDeclarations].find((d) => d.level === level && matches(d.pattern, message));
  if (declaration) {
    declaration.seen = true;
    return true;
  }
  // The first line says what happened; the rest (an Error's stack) is in the test's output, printed as usual.
  const [firstLine = '', ...more] = message.split('\n');
  const cut = firstLine.length > MAX_MESSAGE_LENGTH ? `${firstLine.slice(0, MAX_MESSAGE_LENGTH)}…` : firstLine;
  const shown = more.length > 0 ? `${cut} (+${more.length} lines)` : cut;
  if (state.inTest) state.unexpected.push(`console.${level}: ${shown}`);
  else state.unexpectedOutside.push(`console.${level} outside a test (beforeAll, afterAll or loading the file): ${shown}`);
  return false;
}

/** Where the unguarded methods are kept on the console, so a second install replaces the guard rather than wrapping it. */
const UNGUARDED = Symbol.for('buildpc.console-guard.unguarded');

/** Replaces console.error and console.warn with the guard's, in this process. */
export function installConsoleGuard(): void {
  const console = globalThis.console;
  const kept: unknown = Reflect.get(console, UNGUARDED);
  const unguarded = kept instanceof Map ? kept : new Map<ConsoleLevel, unknown>(GUARDED_LEVELS.map((level) => [level, console[level]]));
  Reflect.defineProperty(console, UNGUARDED, { value: unguarded, configurable: true });
  for (const level of GUARDED_LEVELS) {
    const original: unknown = unguarded.get(level);
    console[level] = (...args: unknown[]) => {
      if (!noteCall(level, args) && typeof original === 'function') Reflect.apply(original, console, args);
    };
  }
}

function unseen(declarations: Declaration[]): string[] {
  return declarations
    .filter((declaration) => declaration.required && !declaration.seen)
    .map(({ level, pattern }) => `expected console.${level} matching ${String(pattern)} was not logged`);
}

/** The undeclared console.error/warn calls of the current test so far, as messages; forgets them. */
export function takeUnexpectedConsole(): string[] {
  return state.unexpected.splice(0);
}

/** A test begins: declarations from now on hold for it. */
export function beginTest(): void {
  state.inTest = true;
}

/** The test ended: what it logged undeclared and what it declared as expected but never logged. */
export function endTest(): string[] {
  state.inTest = false;
  const failures = [...takeUnexpectedConsole(), ...unseen(state.testDeclarations)];
  state.testDeclarations = [];
  return failures;
}

/** The file ended: what was logged undeclared outside its tests, and the file's expected output never logged. */
export function endFile(): string[] {
  const failures = [...state.unexpectedOutside.splice(0), ...takeUnexpectedConsole(), ...unseen(state.fileDeclarations)];
  state.fileDeclarations = [];
  return failures;
}
