/**
 * 'Cerca su Amazon' (decision 019): a modal dialog with a search field and the retailer's results, each with
 * its image, title, brand, price and availability. Choosing one adds a component with every field filled
 * or, opened from a component ('Sostituisci con un prodotto Amazon'), gives that component the product.
 *
 * The field is a combobox over a listbox (WAI-ARIA APG pattern): the focus stays in the field while ↑/↓
 * move through the results (aria-activedescendant), Enter chooses, Escape closes the dialog; a live
 * region says how many results there are. Searches leave 300 ms after the last keystroke through one
 * fetcher of the resource route /admin/retailer-search: a newer search aborts an older one still running,
 * and an answer is applied only if it is about what the field holds now, so a late answer never replaces
 * a newer one. 'Carica altri' asks for the next page and appends it.
 */
import { type KeyboardEvent, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { formatPrice } from '../../../../../common/format';
import { paths } from '../../../../../common/paths';
import { MAX_SEARCH_PAGE, type RetailerItem } from '../../../../../modules/retailer-items/retailer-items.schema';
import { ModalDialog } from '../../../modal-dialog';
import { inputClass, Notice, secondaryButtonClass } from '../../../ui';
import { ButtonSpinner } from '../button-spinner';
import { SEARCH_MESSAGES } from '../editor-messages';
import type { loadRetailerSearch } from './retailer-data';
import { useFetcherResult } from '../../../use-fetcher-result';

/** How long the field must rest before a search leaves: typing a word costs one request, not one per letter. */
export const SEARCH_DEBOUNCE_MS = 300;

export type SearchTarget = { mode: 'add' } | { mode: 'replace'; key: string; title: string };

interface RetailerSearchDialogProps {
  target: SearchTarget;
  onChoose: (item: RetailerItem) => void;
  onClose: () => void;
}

interface Results {
  q: string;
  items: RetailerItem[];
  page: number;
  total: number;
  /** The last page asked for added nothing new: there is nothing more to load. */
  exhausted: boolean;
}

/** Results of a later page, without the products an earlier page already listed (React keys are ASINs). */
function appendPage(results: Results, page: number, items: RetailerItem[]): Results {
  const known = new Set(results.items.map((item) => item.asin));
  const added = items.filter((item) => !known.has(item.asin));
  return { ...results, items: [...results.items, ...added], page, exhausted: added.length === 0 };
}

export function hasMoreResults(results: Pick<Results, 'items' | 'page' | 'total' | 'exhausted'>): boolean {
  return !results.exhausted && results.page < MAX_SEARCH_PAGE && results.items.length < results.total;
}

export function RetailerSearchDialog({ target, onChoose, onClose }: RetailerSearchDialogProps) {
  const ids = useId();
  const inputId = `${ids}-q`;
  const listboxId = `${ids}-results`;
  const statusId = `${ids}-status`;
  const fetcher = useFetcher<typeof loadRetailerSearch>();
  const { load, reset } = fetcher;
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const [failure, setFailure] = useState<{ q: string; message: string } | null>(null);
  const [active, setActive] = useState(-1);
  /** The page the running search asks for: 1 is a new search, more is 'Carica altri'. */
  const [pendingPage, setPendingPage] = useState(1);
  /** The query the last search was started for: answers about any other are dropped. */
  const searched = useRef('');
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  function search(q: string, page = 1) {
    searched.current = q;
    setFailure(null);
    setPendingPage(page);
    if (q === '') {
      // Nothing to search: whatever is still running is about older words.
      reset();
      setResults(null);
      setActive(-1);
      return;
    }
    void load(paths.admin.retailerSearch(q, page));
  }

  // The search leaves once the author pauses; a keystroke within the pause restarts it.
  const searchTyped = useEffectEvent((q: string) => {
    if (q !== searched.current) search(q);
  });
  useEffect(() => {
    const timer = setTimeout(() => searchTyped(query.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  // Applied once, and only when it is about what was last searched: the fetcher aborts an older search
  // when a newer one starts, and an answer that got through all the same is dropped here.
  useFetcherResult(fetcher, (answer) => {
    if (answer.q !== searched.current) return;
    if (answer.status === 'failed') {
      setFailure({ q: answer.q, message: answer.message });
      return;
    }
    if (answer.page === 1) {
      setResults(appendPage({ q: answer.q, items: [], page: 0, total: answer.total, exhausted: false }, 1, answer.items));
      setActive(-1);
    } else {
      setResults((current) => (current && current.q === answer.q && answer.page === current.page + 1 ? appendPage(current, answer.page, answer.items) : current));
    }
  }, { answerAtMount: 'apply' });

  // The active result stays in view as the arrows move through a list longer than the dialog.
  useEffect(() => {
    if (active < 0) return;
    listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const items = results?.items ?? [];
  const loading = fetcher.state !== 'idle';
  const loadingMore = loading && pendingPage > 1;
  const more = results !== null && hasMoreResults(results);

  // 'Carica altri' disappears after the last page: the focus would be lost with it, so it goes to the field.
  const hadMore = useRef(false);
  useEffect(() => {
    const dialog = inputRef.current?.closest('dialog');
    if (hadMore.current && !more && !dialog?.contains(document.activeElement)) inputRef.current?.focus();
    hadMore.current = more;
  }, [more]);

  function choose(item: RetailerItem | undefined) {
    if (item) onChoose(item);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => Math.min(Math.max(current + step, 0), items.length - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (active >= 0) choose(items[active]);
      // Enter before the pause is over searches at once.
      else if (query.trim() !== searched.current) search(query.trim());
    }
  }

  const status = statusText({ query: query.trim(), results, failure, loading, loadingMore });
  const title = target.mode === 'add' ? 'Cerca su Amazon' : `Sostituisci ${target.title} con un prodotto Amazon`;

  return (
    <ModalDialog title={title} onClose={onClose} describedBy={statusId} size="lg" testId="retailer-search-dialog">
      <div className="space-y-3">
        <div>
          <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
            Cerca un prodotto
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            inputMode="search"
            enterKeyHint="search"
            autoComplete="off"
            spellCheck={false}
            role="combobox"
            aria-expanded={items.length > 0}
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? `${listboxId}-${active}` : undefined}
            aria-describedby={statusId}
            placeholder="es. Ryzen 7 7800X3D"
            className={inputClass}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
          />
        </div>
        <p id={statusId} role="status" className="min-h-5 text-sm text-slate-700 dark:text-slate-300" data-testid="retailer-search-status">
          {loading && <ButtonSpinner />}
          {status}
        </p>
        {failure && (
          <Notice tone="error" testId="retailer-search-error">
            <p>{failure.message}</p>
          </Notice>
        )}
        <ul ref={listRef} id={listboxId} role="listbox" aria-label="Risultati della ricerca su Amazon" className="max-h-[55dvh] space-y-1 overflow-y-auto" data-testid="retailer-search-results">
          {items.map((item, index) => (
            <ResultOption
              key={item.asin}
              id={`${listboxId}-${index}`}
              index={index}
              item={item}
              active={index === active}
              onPoint={() => setActive(index)}
              onChoose={() => choose(item)}
            />
          ))}
        </ul>
        {more && (
          <button
            type="button"
            className={`${secondaryButtonClass} w-full`}
            disabled={loading}
            aria-busy={loadingMore}
            onClick={() => results && search(results.q, results.page + 1)}
            data-testid="retailer-search-more"
          >
            {loadingMore && <ButtonSpinner />}
            {loadingMore ? SEARCH_MESSAGES.loadingMore : 'Carica altri'}
          </button>
        )}
      </div>
    </ModalDialog>
  );
}

function statusText({
  query,
  results,
  failure,
  loading,
  loadingMore,
}: {
  query: string;
  results: Results | null;
  failure: { q: string } | null;
  loading: boolean;
  loadingMore: boolean;
}): string {
  if (loadingMore) return SEARCH_MESSAGES.loadingMore;
  if (loading) return SEARCH_MESSAGES.searching;
  if (query === '') return SEARCH_MESSAGES.typeToSearch;
  if (failure) return '';
  if (!results) return '';
  return results.items.length === 0 ? SEARCH_MESSAGES.none(results.q) : SEARCH_MESSAGES.results(results.items.length, results.total, results.q);
}

const AVAILABILITY = {
  available: { label: 'Disponibile', className: 'text-green-800 dark:text-green-300' },
  unavailable: { label: 'Non disponibile', className: 'font-semibold text-red-800 dark:text-red-300' },
} as const;

interface ResultOptionProps {
  id: string;
  index: number;
  item: RetailerItem;
  active: boolean;
  onPoint: () => void;
  onChoose: () => void;
}

function ResultOption({ id, index, item, active, onPoint, onChoose }: ResultOptionProps) {
  const availability = AVAILABILITY[item.availability];
  return (
    // The field keeps the focus (mousedown would take it): the option is chosen on click, as with Enter.
    <li
      id={id}
      role="option"
      aria-selected={active}
      data-index={index}
      data-asin={item.asin}
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={onPoint}
      onClick={onChoose}
      className={`flex cursor-pointer items-start gap-3 rounded-lg border p-2 ${
        active ? 'border-violet-600 bg-violet-50 dark:border-violet-400 dark:bg-violet-950' : 'border-transparent hover:bg-slate-50 dark:hover:bg-slate-800'
      }`}
      data-testid="retailer-search-result"
    >
      <span className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-white dark:border-slate-700">
        {item.image_url && <img src={item.image_url} alt="" width={64} height={64} loading="lazy" decoding="async" className="h-16 w-16 object-contain" />}
      </span>
      <span className="min-w-0 flex-1 text-sm">
        <span className="line-clamp-2 font-medium">{item.title}</span>
        <span className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5 text-slate-700 dark:text-slate-300">
          {item.brand && <span>{item.brand}</span>}
          <span className="font-semibold text-slate-900 tabular-nums dark:text-slate-100">{formatPrice(item.price)}</span>
          <span className={availability.className}>{availability.label}</span>
          <span>Tipo: {item.type}</span>
        </span>
      </span>
    </li>
  );
}
