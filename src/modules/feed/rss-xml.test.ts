import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeXml, stripInvalidXmlChars } from '../../common/markup-escape';
import { absolutizeHtmlUrls, cdata, imageMediaType, rfc822Date } from './rss-xml';

/** Parses `<x>…</x>` and returns the text the parser reads, after checking it is well-formed. */
function parsedText(inner: string): string {
  const xml = `<?xml version="1.0" encoding="UTF-8"?><x>${inner}</x>`;
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({ processEntities: true, htmlEntities: false, parseTagValue: false, trimValues: false }).parse(xml) as { x: unknown };
  return String(parsed.x);
}

describe('rfc822Date', () => {
  it('writes the day, date, time and GMT zone RSS readers expect, and parses back to the same instant', () => {
    expect(rfc822Date('2026-11-28T04:35:09.123Z')).toBe('Sat, 28 Nov 2026 04:35:09 GMT');
    expect(rfc822Date('2026-03-01T23:00:00+02:00')).toBe('Sun, 01 Mar 2026 21:00:00 GMT');
    expect(Date.parse(rfc822Date('2026-07-04T09:08:07Z')!)).toBe(Date.parse('2026-07-04T09:08:07Z'));
    expect(rfc822Date(new Date(Date.UTC(2027, 0, 5, 0, 0, 0)))).toBe('Tue, 05 Jan 2027 00:00:00 GMT');
  });

  it('is null for a value that is not a date', () => {
    expect(rfc822Date('domani')).toBeNull();
    expect(rfc822Date('')).toBeNull();
  });
});

describe('escapeXml and stripInvalidXmlChars', () => {
  it('escapes markup and quotes so the text reads back the same', () => {
    const text = `<script>alert("x")</script> & 'y' ]]>`;
    expect(escapeXml(text)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;y&apos; ]]&gt;');
    expect(parsedText(escapeXml(text))).toBe(text);
  });

  it('escapes HTML text with the apostrophe as a numeric reference', () => {
    expect(escapeHtml(`l'"a" <b> & c\u0001`)).toBe('l&#39;&quot;a&quot; &lt;b&gt; &amp; c');
  });

  it('drops the characters XML 1.0 forbids and keeps tab, line breaks, accents and emoji', () => {
    const text = 'a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg\uFFFEh\uFFFFi\uD800j\uDC00k\tl\nm\rn Perché 🚀';
    expect(stripInvalidXmlChars(text)).toBe('abcdefghijk\tl\nm\rn Perché 🚀');
    expect(XMLValidator.validate(`<x>${escapeXml(text)}</x>`)).toBe(true);
  });
});

describe('cdata', () => {
  it('keeps text with "]]>" whole across split sections', () => {
    const html = '<p>a ]]> b ]]]]> c</p><![CDATA[ x ]]>';
    const section = cdata(html);
    expect(section.startsWith('<![CDATA[')).toBe(true);
    expect(parsedText(section)).toBe(html);
  });

  it('drops forbidden characters', () => {
    expect(parsedText(cdata('a\u0000b\u0007c'))).toBe('abc');
  });
});

describe('imageMediaType', () => {
  it('reads the type from the extension of the URL path, never from the query', () => {
    expect(imageMediaType('https://example.it/uploads/abc-1280.webp')).toBe('image/webp');
    expect(imageMediaType('https://example.it/og-default.png')).toBe('image/png');
    expect(imageMediaType('https://cdn.example.it/x.JPG?v=2')).toBe('image/jpeg');
    expect(imageMediaType('https://cdn.example.it/image?format=png')).toBeNull();
    expect(imageMediaType('not a url')).toBeNull();
  });
});

describe('absolutizeHtmlUrls', () => {
  const page = 'https://esempio.it/build/pc-gaming';

  it('resolves site paths, anchors and relative links against the page, keeping absolute ones', () => {
    const html = [
      '<a href="/build/altra">x</a>',
      '<img src="/uploads/a-1280.webp" alt="">',
      '<a href="#componenti">y</a>',
      '<a href="https://www.amazon.it/dp/B0BMQJWBDM?tag=buildpc-21&amp;th=1">z</a>',
      '<a href="mailto:autore@esempio.it">m</a>',
      '<a href="/cerca?q=a&amp;b=c">q</a>',
    ].join('');
    expect(absolutizeHtmlUrls(html, page)).toBe(
      [
        '<a href="https://esempio.it/build/altra">x</a>',
        '<img src="https://esempio.it/uploads/a-1280.webp" alt="">',
        '<a href="https://esempio.it/build/pc-gaming#componenti">y</a>',
        '<a href="https://www.amazon.it/dp/B0BMQJWBDM?tag=buildpc-21&amp;th=1">z</a>',
        '<a href="mailto:autore@esempio.it">m</a>',
        '<a href="https://esempio.it/cerca?q=a&amp;b=c">q</a>',
      ].join(''),
    );
  });

  it('leaves text that only looks like an attribute alone', () => {
    expect(absolutizeHtmlUrls('<p title="a">scrivi href="/x" nel testo</p>', page)).toBe('<p title="a">scrivi href="/x" nel testo</p>');
  });
});
