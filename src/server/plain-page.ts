/**
 * A short Italian page written without React, for answers given before (or instead of) the pages: the
 * no-JavaScript alert form's refusal and the cross-site refusal. No script, noindex, never stored; every
 * text is escaped here, so a caller may pass a visitor's words without thinking about markup.
 */
import { html } from '../common/html-template';

export interface PlainPage {
  status: number;
  /** The <title> and the <h1>: one text, so what a screen reader announces is what the page says. */
  heading: string;
  paragraphs: ReadonlyArray<{ text: string; testId?: string }>;
  link: { href: string; text: string };
}

export function plainPage({ status, heading, paragraphs, link }: PlainPage): Response {
  const page = html`<!doctype html>\
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">\
<meta name="robots" content="noindex"><title>${heading}</title></head>\
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5">\
<main><h1>${heading}</h1>\
${paragraphs.map(({ text, testId }) => html`<p${testId && html` data-testid="${testId}"`}>${text}</p>`)}\
<p><a href="${link.href}">${link.text}</a></p>\
</main></body></html>`;
  return new Response(page.toString(), { status, headers: { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'no-store' } });
}
