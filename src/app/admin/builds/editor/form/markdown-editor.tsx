/**
 * The article's markdown with a 'Scrivi' / 'Anteprima' switch. The preview is renderMarkdown, the very
 * renderer of the public page (raw HTML shown as text, unsafe links dropped, links in a new tab), inside
 * the same `article` styles, so the author sees what visitors will see.
 *
 * The renderer (markdown-it, about 100 KB) is its own chunk, loaded the first time the preview opens:
 * an author who never opens it never downloads it, and the editor's chunk is that much smaller.
 */
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { fieldId } from './build-form';
import { TextAreaField } from './form-fields';

type Render = (typeof import('../../../../../common/markdown'))['renderMarkdown'];
/** The renderer once loaded; 'failed' when its chunk could not be fetched (offline, or a new deploy). */
type Renderer = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; render: Render };

type Tab = 'write' | 'preview';
const TABS: { id: Tab; label: string }[] = [
  { id: 'write', label: 'Scrivi' },
  { id: 'preview', label: 'Anteprima' },
];

interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Added to Amazon links, as on the public page. */
  affiliateTag: string;
  error?: string;
}

const tabClass = (selected: boolean) =>
  `rounded-t-lg border-b-2 px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 ${
    selected ? 'border-violet-700 text-violet-800 dark:border-violet-400 dark:text-violet-200' : 'border-transparent text-slate-700 hover:text-violet-800 dark:text-slate-300 dark:hover:text-violet-200'
  }`;

export function MarkdownEditor({ value, onChange, affiliateTag, error }: MarkdownEditorProps) {
  const [chosen, setChosen] = useState<Tab>('write');
  const [renderer, setRenderer] = useState<Renderer>({ status: 'idle' });
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ write: null, preview: null });
  // An error must stay visible next to the text it is about.
  const tab: Tab = error ? 'write' : chosen;
  const html = useMemo(
    () => (tab === 'preview' && renderer.status === 'ready' ? renderer.render(value, { affiliateTag: affiliateTag.trim() || undefined }) : ''),
    [tab, renderer, value, affiliateTag],
  );
  const base = fieldId('content');

  /** Code, not data: the chunk is fetched once, by the choice of the tab. */
  function loadRenderer() {
    if (renderer.status === 'ready' || renderer.status === 'loading') return;
    setRenderer({ status: 'loading' });
    import('../../../../../common/markdown').then(
      ({ renderMarkdown }) => setRenderer({ status: 'ready', render: renderMarkdown }),
      () => setRenderer({ status: 'failed' }),
    );
  }

  function choose(next: Tab) {
    setChosen(next);
    if (next === 'preview') loadRenderer();
  }

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const next: Tab = event.key === 'Home' ? 'write' : event.key === 'End' ? 'preview' : tab === 'write' ? 'preview' : 'write';
    choose(next);
    tabRefs.current[next]?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label="Contenuto dell'articolo" className="mb-3 flex gap-1 border-b border-slate-200 dark:border-slate-700">
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            ref={(node) => {
              tabRefs.current[id] = node;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`${base}-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => choose(id)}
            onKeyDown={onTabKey}
            className={tabClass(tab === id)}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel-write`} aria-labelledby={`${base}-tab-write`} hidden={tab !== 'write'}>
        <TextAreaField
          path="content"
          label="Contenuto (Markdown)"
          value={value}
          onValueChange={onChange}
          error={error}
          rows={14}
          hint="Titoli con #, ## ...; **grassetto**, *corsivo*, [testo](https://...). L'HTML non è ammesso e viene mostrato come testo."
          className="font-mono"
        />
      </div>
      <div role="tabpanel" id={`${base}-panel-preview`} aria-labelledby={`${base}-tab-preview`} hidden={tab !== 'preview'} tabIndex={0} data-testid="markdown-preview">
        {tab === 'preview' && <Preview renderer={renderer} html={html} onRetry={loadRenderer} />}
      </div>
    </div>
  );
}

const emptyClass = 'rounded-lg border border-dashed border-slate-300 p-4 text-slate-700 dark:border-slate-600 dark:text-slate-300';

function Preview({ renderer, html, onRetry }: { renderer: Renderer; html: string; onRetry: () => void }) {
  if (renderer.status === 'failed') {
    return (
      <div role="alert" className={`${emptyClass} flex flex-wrap items-center justify-between gap-3`} data-testid="markdown-preview-error">
        <p>Impossibile caricare l&apos;anteprima: controlla la connessione.</p>
        <button type="button" className="rounded font-semibold underline focus-visible:outline-2 focus-visible:outline-violet-500" onClick={onRetry}>
          Riprova
        </button>
      </div>
    );
  }
  if (renderer.status !== 'ready') return <p className={emptyClass}>Caricamento dell&apos;anteprima...</p>;
  if (!html) return <p className={emptyClass}>Nessun contenuto da mostrare.</p>;
  return <div className="article min-h-40 rounded-lg border border-slate-200 p-4 dark:border-slate-700" dangerouslySetInnerHTML={{ __html: html }} />;
}
