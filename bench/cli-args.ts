/** Command-line helpers shared by the bench scripts. */

/** `--name N` as an integer ≥ min, `fallback` when absent; anything else stops the script with exit code 2 and an Italian line. */
export function positiveInteger(name: string, raw: string | undefined, fallback: number, min = 1): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    console.error(`--${name} deve essere un intero >= ${min} (ricevuto "${raw}")`);
    process.exit(2);
  }
  return value;
}
