/**
 * XML text for the RSS feed: whatever an author typed (control characters, "]]>", markup) comes out as
 * well-formed XML 1.0. Pure functions, unit-tested beside this file; the escapers are common/markup-escape.ts.
 */
import { stripInvalidXmlChars } from '../../common/markup-escape';

/**
 * A CDATA section holding `text` as it is. "]]>" would end the section early, so each one is split over
 * two sections ("]]" ends the first, ">" starts the next): a parser joins them back into the same text.
 */
export function cdata(text: string): string {
  return `<![CDATA[${stripInvalidXmlChars(text).replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/**
 * RFC 822 date-time as RSS 2.0 wants it, with a four-digit year and the GMT zone:
 * 'Sat, 28 Nov 2026 04:35:09 GMT'. Null when the value is not a date. (Date#toUTCString has had exactly
 * this shape since ES2018.)
 */
export function rfc822Date(value: string | Date): string | null {
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toUTCString();
}

const IMAGE_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

/** The image's media type from its URL's file extension; null when the extension says nothing. */
export function imageMediaType(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return null;
  }
  const extension = /\.([a-z0-9]+)$/i.exec(pathname)?.[1]?.toLowerCase();
  return extension === undefined ? null : (IMAGE_TYPES[extension] ?? null);
}

/** What markdown-it escapes in an attribute value, and back. */
const HTML_ATTRIBUTE_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

function unescapeAttribute(value: string): string {
  return value.replace(/&(amp|lt|gt|quot);/g, (entity) => HTML_ATTRIBUTE_ENTITIES[entity]!);
}

const ATTRIBUTE_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** markdown-it's own escaping of an attribute value, so a rewritten URL reads as the others do. */
function escapeAttribute(value: string): string {
  return value.replace(/[&<>"]/g, (char) => ATTRIBUTE_ENTITIES[char]!);
}

/** A URL with a scheme ("https:", "mailto:") is absolute already; anything else resolves against the page. */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The article's links and images made absolute against the build page's URL: a feed reader shows the
 * HTML away from the site, where "/uploads/x.webp" or "#componenti" would point nowhere. Reads the
 * attributes as markdown-it writes them (double quotes, entity-escaped).
 */
export function absolutizeHtmlUrls(html: string, pageUrl: string): string {
  // Only inside start tags: text never holds a raw "<" (markdown-it escapes it), so a match is a real tag.
  return html.replace(/<[a-z][^>]*>/gi, (tag) =>
    tag.replace(/\s(href|src)="([^"]*)"/g, (whole, name: string, value: string) => {
      const url = unescapeAttribute(value);
      if (HAS_SCHEME.test(url)) return whole;
      try {
        return ` ${name}="${escapeAttribute(new URL(url, pageUrl).toString())}"`;
      } catch {
        return whole;
      }
    }),
  );
}
