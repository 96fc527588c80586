import { describe, expect, it } from 'vitest';
import { html, trusted } from './html-template';

const HOSTILE = `<script>alert("x")</script> & 'quoted'\u0001`;
const ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;';

describe('html', () => {
  it('escapes every interpolation, in text and in attributes', () => {
    const link = html`<a href="${HOSTILE}" title='${HOSTILE}'>${HOSTILE}</a>`;
    expect(link.toString()).toBe(`<a href="${ESCAPED}" title='${ESCAPED}'>${ESCAPED}</a>`);
  });

  it('escapes each item of a list and numbers as text; null, undefined and false are nothing', () => {
    expect(html`<ul>${['<a>', '&'].map((item) => html`<li>${item}</li>`)}</ul>`.toString()).toBe('<ul><li>&lt;a&gt;</li><li>&amp;</li></ul>');
    expect(html`${1.5}|${null}|${undefined}|${false}|${0}|${''}`.toString()).toBe('1.5||||0|');
    expect(html`${[['<', ['>']], '"']}`.toString()).toBe('&lt;&gt;&quot;');
  });

  it('nests its own fragments without escaping them twice', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p>${inner}</p>`.toString()).toBe('<p><b>&lt;i&gt;</b></p>');
  });

  it('inserts markup as it is only when declared trusted', () => {
    expect(html`<div>${trusted('<p>già HTML</p>')}</div>`.toString()).toBe('<div><p>già HTML</p></div>');
    expect(html`<div>${'<p>già HTML</p>'}</div>`.toString()).toBe('<div>&lt;p&gt;già HTML&lt;/p&gt;</div>');
  });

  it('keeps the literal parts as written', () => {
    expect(html`<p class="a">&amp;\n</p>`.toString()).toBe('<p class="a">&amp;\n</p>');
  });
});
