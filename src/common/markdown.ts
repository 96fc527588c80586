/**
 * Article markdown -> HTML, the same on the server and in the editor's live preview.
 * Raw HTML is not allowed (it is shown as text) and markdown-it's link validator drops javascript:,
 * vbscript:, file: and data: (except images) URLs, however they are spelled or entity-encoded.
 * Links open in a new tab; Amazon links (amazon-hosts.ts) are marked as sponsored and carry the affiliate tag.
 */
import MarkdownIt from 'markdown-it';
import { outboundLinkRel } from './amazon-hosts';
import { withAffiliateTag } from './asin';

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

interface RenderEnv {
  affiliateTag?: string;
}

markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = String(token.attrGet('href') ?? '');
  const affiliateTag = (env as RenderEnv | undefined)?.affiliateTag;
  if (affiliateTag) token.attrSet('href', withAffiliateTag(href, affiliateTag) ?? href);
  token.attrSet('target', '_blank');
  token.attrSet('rel', outboundLinkRel(href));
  return self.renderToken(tokens, idx, options);
};

/** `affiliateTag`: added to Amazon links in the article, as on the component links. */
export function renderMarkdown(source: string | null | undefined, options: RenderEnv = {}): string {
  return source ? markdown.render(source, { ...options }) : '';
}
