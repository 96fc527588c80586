/**
 * Calendar days in Europe/Rome as 'YYYY-MM-DD', the unit the click analytics count by: the author reads
 * "yesterday" as an Italian day, not a UTC one. Text of this shape sorts and compares as dates do.
 */

let romeDayFormatter: Intl.DateTimeFormat | undefined;

/** The Europe/Rome day of an instant, e.g. '2026-11-24'. */
export function romeDay(at: Date): string {
  romeDayFormatter ??= new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' });
  // By parts, not by the formatted text: no locale's punctuation or field order to rely on.
  const parts = Object.fromEntries(romeDayFormatter.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const DAY_MS = 86_400_000;

/** The day `days` after `day` (before, when negative): calendar arithmetic, no time zone involved. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The `days` days that end with `lastDay`, oldest first. */
export function daysEndingOn(lastDay: string, days: number): string[] {
  return Array.from({ length: days }, (_, index) => addDays(lastDay, index - days + 1));
}
