/**
 * Text into markup that is not React's: the feed's XML, the mails' HTML, the plain pages written outside the
 * router. One escaper per language, so no copy forgets a character: `&`, `<`, `>`, both quotes (values may
 * sit in either kind of attribute quote), and the characters XML 1.0 cannot hold at all (dropped).
 */
/**
 * Characters XML 1.0 forbids anywhere, even escaped: C0 controls but tab, line feed and carriage return,
 * lone surrogates, U+FFFE and U+FFFF. (With the `u` flag a lone surrogate is one code point of its own.)
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function stripInvalidXmlChars(text: string): string {
  return text.replace(NOT_XML_CHAR, '');
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for an XML element's content or an attribute's value (quoted with either quote). */
export function escapeXml(text: string): string {
  return stripInvalidXmlChars(text).replace(/[&<>"']/g, (char) => XML_ENTITIES[char]!);
}

const HTML_ENTITIES: Record<string, string> = { ...XML_ENTITIES, "'": '&#39;' };

/** Text for HTML (a mail, a plain page, the feed's content:encoded): as escapeXml, with the apostrophe as HTML 4 readers know it. */
export function escapeHtml(text: string): string {
  return stripInvalidXmlChars(text).replace(/[&<>"']/g, (char) => HTML_ENTITIES[char]!);
}
