import { pageWindow } from './page-window';

const linkClass =
  'inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg border px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600';
const idleClass = 'border-slate-300 text-slate-700 hover:border-violet-500 hover:text-violet-700 dark:border-slate-700 dark:text-slate-200 dark:hover:text-violet-300';
const currentClass = 'border-violet-700 bg-violet-700 text-white dark:border-violet-400 dark:bg-violet-400 dark:text-slate-950';

/** Links to the other pages of a list: previous/next and the page numbers, the current one marked. */
export function Pagination({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagine" className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 && (
          <li>
            <a href={href(page - 1)} rel="prev" className={`${linkClass} ${idleClass}`}>
              Pagina precedente
            </a>
          </li>
        )}
        {pageWindow(page, pageCount).map((number, index) =>
          number === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500 dark:text-slate-400">
              …
            </li>
          ) : (
            <li key={number}>
              <a href={href(number)} aria-current={number === page ? 'page' : undefined} className={`${linkClass} ${number === page ? currentClass : idleClass}`}>
                <span className="sr-only">Pagina </span>
                {number}
              </a>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <a href={href(page + 1)} rel="next" className={`${linkClass} ${idleClass}`}>
              Pagina successiva
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
