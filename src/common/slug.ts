/** URL slugs from Italian titles: 'Build Gaming 1080p: €800' -> 'build-gaming-1080p-800'. */
const MAX_SLUG_LENGTH = 60;

/**
 * What slugify gives, and the service's `-2`, `-3`… when one is taken: lower-case letters and digits in
 * words joined by single dashes. Nothing that could leave the `/build/{slug}` path (no `/`, `.`, `?`, `%`).
 */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isSlug(value: string): boolean {
  return SLUG_PATTERN.test(value);
}

export function slugify(title: string): string {
  const full = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!full) return 'build';
  if (full.length <= MAX_SLUG_LENGTH) return full;
  // Cut at a word boundary so a shared link never ends in half a word.
  const cut = full.slice(0, MAX_SLUG_LENGTH + 1);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash > 20 ? cut.slice(0, lastDash) : cut.slice(0, MAX_SLUG_LENGTH)).replace(/-+$/, '');
}
