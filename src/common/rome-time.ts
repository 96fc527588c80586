/**
 * Wall-clock times in Europe/Rome for the editor's <input type="datetime-local"> (scheduled publishing):
 * the author types Italian time, the API stores UTC. The offset (+01:00 in winter, +02:00 in summer) is
 * read from the platform's time-zone data for the instant in question, so daylight saving is right in
 * every year, whatever the browser's own time zone is.
 */

let partsFormatter: Intl.DateTimeFormat | undefined;

/** The Europe/Rome calendar fields of an instant. */
function romeFields(at: Date) {
  partsFormatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Rome',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts = Object.fromEntries(partsFormatter.formatToParts(at).map((part) => [part.type, part.value]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** How far Rome's clock is ahead of UTC at this instant, in ms (3,600,000 or 7,200,000). */
export function romeOffsetMs(at: Date): number {
  const f = romeFields(at);
  const wall = Date.UTC(Number(f.year), Number(f.month) - 1, Number(f.day), Number(f.hour), Number(f.minute), Number(f.second));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * 'YYYY-MM-DDTHH:mm' read as Rome time -> ISO-8601 UTC, or null when it is not such a value. The hour
 * that does not exist (the last Sunday of March, 02:00-02:59) is read with winter's offset, i.e. one
 * hour later on the clock (02:30 -> 03:30 CEST); the hour that happens twice (the last Sunday of
 * October, 02:00-02:59) is the first of the two (summer time).
 */
export function romeLocalToIso(local: string): string | null {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  // Not a real calendar time (31 February, 25:00): Date.UTC would roll it over silently.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || check.getUTCHours() !== hour || check.getUTCMinutes() !== minute) return null;
  // Try summer time first: where both offsets fit (the repeated hour), that is the earlier instant.
  for (const offset of [7_200_000, 3_600_000]) {
    const instant = new Date(wall - offset);
    if (romeOffsetMs(instant) === offset) return instant.toISOString();
  }
  // The skipped hour: neither offset gives back this wall time; winter's offset moves it past the gap.
  return new Date(wall - 3_600_000).toISOString();
}

/** ISO instant -> 'YYYY-MM-DDTHH:mm' in Rome time (the datetime-local input's value); '' for null or junk. */
export function isoToRomeLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const f = romeFields(at);
  return `${f.year}-${f.month}-${f.day}T${f.hour}:${f.minute}`;
}
