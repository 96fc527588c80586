import type { ReactNode } from 'react';
import { MAX_COMPARED, MIN_COMPARED } from '../../common/compare-query';
import { paths } from '../../common/paths';

/**
 * "Confronta" on a grid of cards (the home, the search results): the grid is a plain GET form to
 * /confronta, each card's checkbox (BuildCard `compare`) one `build` field, so it works without script;
 * the server keeps the first 3.
 */
export function CompareForm({ children }: { children: ReactNode }) {
  return (
    <form method="get" action={paths.compare()} data-testid="compare-form">
      {children}
      <div className="mt-6 flex flex-col items-start gap-2 sm:flex-row sm:items-center">
        <button
          type="submit"
          aria-describedby="compare-help"
          className="min-h-11 rounded-xl bg-violet-700 px-5 py-2 font-semibold text-white hover:bg-violet-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
        >
          Confronta le build selezionate
        </button>
        <p id="compare-help" className="text-sm text-slate-600 dark:text-slate-400">
          {`Seleziona da ${MIN_COMPARED} a ${MAX_COMPARED} build con «Confronta».`}
        </p>
      </div>
    </form>
  );
}
