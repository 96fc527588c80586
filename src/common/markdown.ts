/**
 * Article markdown -> HTML, the same on the server and in the editor's live preview.
 * Raw HTML is not allowed (it is shown as text) and markdown-it's link validator drops javascript:,
 * vbscript:, file: and data: (except images) URLs, however they are spelled or entity-encoded.
 * Links open in a new tab; Amazon links are marked as sponsored.
 */
import MarkdownIt from 'markdown-it';
import { isAmazonHost } from './asin';

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

function relFor(href: string): string {
  try {
    if (isAmazonHost(new URL(href).hostname)) return 'sponsored nofollow noopener';
  } catch {
    // relative link
  }
  return 'noopener noreferrer';
}

markdown.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]!;
  token.attrSet('target', '_blank');
  token.attrSet('rel', relFor(String(token.attrGet('href') ?? '')));
  return self.renderToken(tokens, idx, options);
};

export function renderMarkdown(source: string | null | undefined): string {
  return source ? markdown.render(source) : '';
}
