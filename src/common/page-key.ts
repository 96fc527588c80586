/**
 * How a page's answer tells the page cache which key it is the answer to (server/cache/cache-keys.ts).
 *
 * Some pages can only know their one spelling after reading the database: a build variant's choices are
 * valid only if the build offers them, a comparison's builds only if they are public. Their request's key
 * is a guess from the text; the answer names the key of what it actually shows, in this header, and the
 * cache stores the answer only when the two are equal. A link full of made-up choices or slugs is still
 * answered, but never becomes an entry of its own. The cache removes the header before the answer leaves.
 */
export const PAGE_KEY_HEADER = 'X-Page-Key';
