/**
 * HTML written outside React (the mails, the plain pages, the feed's content): a tagged template that
 * escapes every interpolation with escapeHtml, so no call site can forget one. Markup that is already
 * HTML (a nested `html` fragment, or an article rendered by common/markdown.ts) goes in only through
 * `trusted()`, which says so where it is used.
 *
 *     html`<p><a href="${url}">${label}</a></p>`.toString()
 */
import { escapeHtml } from './markup-escape';

/** Markup that is inserted as it is: made by `html` (its parts escaped) or declared with `trusted()`. */
export class TrustedHtml {
  readonly #markup: string;
  constructor(markup: string) {
    this.#markup = markup;
  }

  toString(): string {
    return this.#markup;
  }
}

/** A value a template may hold: text (escaped), markup, a list of either (joined), or nothing (null, undefined, false: ''). */
export type HtmlValue = string | number | TrustedHtml | null | undefined | false | ReadonlyArray<HtmlValue>;

/** Declares `markup` as HTML already safe to insert (rendered by a trusted renderer, or a constant). */
export function trusted(markup: string): TrustedHtml {
  return new TrustedHtml(markup);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof TrustedHtml) return value.toString();
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** The template with each interpolation escaped (text) or kept (TrustedHtml); the result nests in another template. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): TrustedHtml {
  let markup = strings[0]!;
  values.forEach((value, index) => {
    markup += render(value) + strings[index + 1]!;
  });
  return new TrustedHtml(markup);
}
