/**
 * A least-recently-used map bounded by the bytes its values hold, not by their number: one sitemap of
 * 3,000 builds weighs as much as a hundred small pages, and memory is what a worker has to stay within.
 * A value may grow after it is stored (a compressed copy added on first demand): `resize` accounts for it.
 */
export class ByteLru<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Map order is insertion order: moving the key to the end makes the first key the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value`; false (and nothing stored) when it alone is larger than the whole budget. */
  set(key: string, value: V, bytes: number): boolean {
    this.delete(key);
    if (bytes > this.maxBytes) return false;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    this.evict();
    return true;
  }

  /** Adds `extraBytes` to a stored value's weight (no-op if it was evicted meanwhile). */
  grow(key: string, value: V, extraBytes: number): void {
    const entry = this.entries.get(key);
    if (!entry || entry.value !== value) return;
    entry.bytes += extraBytes;
    this.total += extraBytes;
    this.evict();
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.total <= this.maxBytes) return;
      this.entries.delete(key);
      this.total -= entry.bytes;
    }
  }
}
