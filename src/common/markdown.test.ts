import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  it('renders headings h1-h6, bold, italic, lists and paragraphs', () => {
    const html = renderMarkdown('# Uno\n\n###### Sei\n\n**grassetto** e *corsivo*\n\n- a\n- b');
    expect(html).toContain('<h1>Uno</h1>');
    expect(html).toContain('<h6>Sei</h6>');
    expect(html).toContain('<strong>grassetto</strong>');
    expect(html).toContain('<em>corsivo</em>');
    expect(html).toContain('<li>a</li>');
  });

  it('opens links in a new tab and marks Amazon links as sponsored', () => {
    expect(renderMarkdown('[wiki](https://it.wikipedia.org/wiki/PC)')).toContain(
      '<a href="https://it.wikipedia.org/wiki/PC" target="_blank" rel="noopener noreferrer">wiki</a>',
    );
    expect(renderMarkdown('[cpu](https://www.amazon.it/dp/B0BMQJWBDM)')).toContain('rel="sponsored nofollow noopener"');
  });

  it('adds the affiliate tag to Amazon links only', () => {
    const html = renderMarkdown('[cpu](https://www.amazon.it/dp/B0BMQJWBDM?tag=altro-21) e [wiki](https://it.wikipedia.org/wiki/PC)', {
      affiliateTag: 'mio-21',
    });
    expect(html).toContain('href="https://www.amazon.it/dp/B0BMQJWBDM?tag=mio-21"');
    expect(html).toContain('href="https://it.wikipedia.org/wiki/PC"');
  });

  it('treats a look-alike of Amazon as an ordinary link: no tag, not sponsored', () => {
    const html = renderMarkdown('[finto](https://amazon.ab.cd/dp/B0BMQJWBDM) e [altro](https://amazon.it@evil.com/dp/B0BMQJWBDM)', { affiliateTag: 'mio-21' });
    expect(html).toContain('<a href="https://amazon.ab.cd/dp/B0BMQJWBDM" target="_blank" rel="noopener noreferrer">finto</a>');
    expect(html).toContain('<a href="https://amazon.it@evil.com/dp/B0BMQJWBDM" target="_blank" rel="noopener noreferrer">altro</a>');
    expect(html).not.toContain('mio-21');
    expect(html).not.toContain('sponsored');
  });

  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](&#x6A;&#x61;vascript&#58;alert(1))',
    '[x](java\tscript:alert(1))',
    '[x](vbscript:msgbox(1))',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '<a href="javascript:alert(1)">x</a>',
    '<div onclick="alert(1)">x</div>',
    '![x](javascript:alert(1))',
  ])('lets nothing executable through: %s', (hostile) => {
    const html = renderMarkdown(hostile);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<(img|a|div)[^>]*\son\w+=/i);
    expect(html).not.toMatch(/href="\s*(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/src="\s*(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/<div/i);
  });
});
