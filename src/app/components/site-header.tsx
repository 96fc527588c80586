import { paths } from '../../common/paths';
import { PAGE_HOOKS } from '../page-script/hooks';
import { CloseIcon, CpuIcon, ExternalIcon, MenuIcon } from './icons';
import { SearchForm } from './search-form';
import { ThemeToggle } from './theme-toggle-button';

interface SiteHeaderProps {
  siteName: string;
  socialUrl: string | null;
}

const linkClass = 'rounded-lg px-3 py-2 font-medium text-slate-700 hover:bg-slate-100 hover:text-violet-700 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-violet-300';

/**
 * The site search's field. It takes the room left between the name and the menu, down to a phone's (min-w-0
 * lets it shrink).
 */
function HeaderSearch() {
  return (
    <SearchForm
      id="site-search"
      ariaLabel="Cerca nel sito"
      placeholder="Cerca una build"
      required
      className="flex min-w-0 flex-1 justify-end md:max-w-xs"
      inputClassName="w-full min-w-0 rounded-l-lg border border-r-0 border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-violet-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
      buttonClassName="rounded-r-lg border border-violet-700 bg-violet-700 px-3 text-white hover:bg-violet-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 dark:border-violet-400 dark:bg-violet-400 dark:text-slate-950"
      buttonLabel={<span className="sr-only">Avvia la ricerca</span>}
    />
  );
}

/**
 * The public header. Plain links (public pages are documents, decision 017); on a phone the menu is a
 * <details>, so it opens without JavaScript, and the page script adds Escape and click-outside to it.
 */
export function SiteHeader({ siteName, socialUrl }: SiteHeaderProps) {
  const links = (
    <>
      <a href={paths.home()} className={linkClass}>
        Home
      </a>
      <a href={paths.builds()} className={linkClass}>
        Build
      </a>
      <a href={paths.deals()} className={linkClass}>
        Offerte
      </a>
      {socialUrl && (
        <a href={socialUrl} target="_blank" rel="noopener noreferrer" className={`${linkClass} inline-flex items-center gap-1`}>
          Social <ExternalIcon width={14} height={14} />
          <span className="sr-only">(si apre in una nuova scheda)</span>
        </a>
      )}
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <a href={paths.home()} className="flex items-center gap-2 text-lg font-extrabold tracking-tight">
          <span className="rounded-lg bg-gradient-to-br from-violet-600 to-indigo-950 p-1.5 text-white">
            <CpuIcon />
          </span>
          {siteName}
        </a>
        <HeaderSearch />
        <nav aria-label="Principale" className="hidden items-center gap-1 md:flex">
          {links}
          <ThemeToggle />
        </nav>
        <details className="group md:hidden" data-enhance={PAGE_HOOKS.menu}>
          {/* A <summary> is a button with its open/closed state for assistive technologies. */}
          <summary
            className="flex cursor-pointer list-none rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-500 dark:text-slate-200 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
            data-testid="menu-button"
          >
            <span className="sr-only">Menu</span>
            <MenuIcon className="block group-open:hidden" />
            <CloseIcon className="hidden group-open:block" />
          </summary>
          <nav
            id="mobile-menu"
            aria-label="Menu mobile"
            className="absolute inset-x-0 top-full border-y border-slate-200 bg-white px-4 pb-4 pt-2 shadow-lg dark:border-slate-800 dark:bg-slate-950"
          >
            <div className="flex flex-col gap-1">
              {links}
              <div className="flex items-center gap-2 px-3 py-2 font-medium text-slate-700 dark:text-slate-200" data-needs-js="">
                Tema <ThemeToggle />
              </div>
            </div>
          </nav>
        </details>
      </div>
    </header>
  );
}
