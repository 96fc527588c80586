/** Money is stored as integer cents and travels through the API as euro numbers with 2 decimals. */

export function euroToCents(euro: number): number {
  return Math.round(euro * 100);
}

export function centsToEuro(cents: number | null | undefined): number | null {
  if (cents === null || cents === undefined) return null;
  return Number(cents) / 100;
}
