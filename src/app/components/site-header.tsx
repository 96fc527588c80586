import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../common/paths';
import { CloseIcon, CpuIcon, ExternalIcon, MenuIcon } from './icons';
import { ThemeToggle } from './theme-toggle';

interface SiteHeaderProps {
  siteName: string;
  socialUrl: string | null;
}

const linkClass = 'rounded-lg px-3 py-2 font-medium text-slate-700 hover:bg-slate-100 hover:text-violet-700 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-violet-300';

export function SiteHeader({ siteName, socialUrl }: SiteHeaderProps) {
  // The menu is open on the page it was opened on: a navigation closes it, with no effect to run.
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.key;

  const links = (
    <>
      <Link to={paths.home()} className={linkClass}>
        Home
      </Link>
      <Link to={paths.builds()} className={linkClass}>
        Build
      </Link>
      {socialUrl && (
        <a href={socialUrl} target="_blank" rel="noopener noreferrer" className={`${linkClass} inline-flex items-center gap-1`}>
          Social <ExternalIcon width={14} height={14} />
          <span className="sr-only">(si apre in una nuova scheda)</span>
        </a>
      )}
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur dark:border-slate-800/80 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link to={paths.home()} className="flex items-center gap-2 text-lg font-extrabold tracking-tight">
          <span className="rounded-lg bg-gradient-to-br from-violet-600 to-indigo-950 p-1.5 text-white">
            <CpuIcon />
          </span>
          {siteName}
        </Link>
        <nav aria-label="Principale" className="hidden items-center gap-1 md:flex">
          {links}
          <ThemeToggle />
        </nav>
        <button
          type="button"
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Chiudi il menu' : 'Apri il menu'}
          onClick={() => setOpenOn(menuOpen ? null : location.key)}
          data-testid="menu-button"
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
      </div>
      <nav
        id="mobile-menu"
        aria-label="Menu mobile"
        hidden={!menuOpen}
        className="border-t border-slate-200 px-4 pb-4 pt-2 md:hidden dark:border-slate-800"
      >
        <div className="flex flex-col gap-1">
          {links}
          <div className="flex items-center gap-2 px-3 py-2 font-medium text-slate-700 dark:text-slate-200">
            Tema <ThemeToggle />
          </div>
        </div>
      </nav>
    </header>
  );
}
