import { describe, expect, it } from 'vitest';
import { absoluteUrl } from './absolute-url';
import { paths } from './paths';

describe('absoluteUrl', () => {
  it('keeps http(s) URLs and resolves site paths against the base', () => {
    expect(absoluteUrl('https://a.it/x.png', 'https://www.example.it')).toBe('https://a.it/x.png');
    expect(absoluteUrl('http://a.it/x.png', 'https://www.example.it')).toBe('http://a.it/x.png');
    expect(absoluteUrl('/x.png', 'https://www.example.it')).toBe('https://www.example.it/x.png');
    expect(absoluteUrl('/x.png', 'https://www.example.it/')).toBe('https://www.example.it/x.png');
    expect(absoluteUrl('x.png', 'https://www.example.it/sito')).toBe('https://www.example.it/sito/x.png');
  });

  it('links a build whose slug holds odd characters by its encoded path, which reads back to the slug', () => {
    const slug = 'pc da 1.000€ / "silenzioso"?#&ü';
    const url = absoluteUrl(paths.build(slug), 'https://www.example.it/sito/');
    expect(url).toBe('https://www.example.it/sito/build/pc%20da%201.000%E2%82%AC%20%2F%20%22silenzioso%22%3F%23%26%C3%BC');
    const parsed = new URL(url);
    expect(parsed.search).toBe('');
    expect(parsed.hash).toBe('');
    expect(decodeURIComponent(parsed.pathname.split('/').at(-1)!)).toBe(slug);
  });

  it('encodes an alert token in the mails\' links', () => {
    expect(absoluteUrl(paths.alertConfirm('a/b?c'), 'https://x.it')).toBe('https://x.it/avvisi/conferma/a%2Fb%3Fc');
    expect(absoluteUrl(paths.alertUnsubscribe('tok_-9'), 'https://x.it')).toBe('https://x.it/avvisi/annulla/tok_-9');
  });
});
