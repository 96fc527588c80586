import type { BuildPageData } from './build-page-text';
import { BuyAll, PriceTotal } from './buy-all';
import { COMPONENT_LIST_ID } from './component-list';

/**
 * On a phone the component list, with the total and the cart link, comes after the whole article: this
 * summary near the top gives them at once (hidden from 640 px up, where the page is short enough). Same
 * total, price date, cart link and disclosure as under the list (buy-all.tsx), and a link down to it.
 */
export function BuildSummary({ build, now, disclosure }: { build: BuildPageData; now: number; disclosure: string }) {
  if (build.components.length === 0) return null;
  return (
    <section aria-labelledby="summary-heading" className="mt-6 rounded-2xl border border-slate-200 p-4 sm:hidden dark:border-slate-800" data-testid="build-summary">
      <h2 id="summary-heading" className="sr-only">
        Riepilogo
      </h2>
      <PriceTotal build={build} now={now} testId="summary-total" />
      <div className="mt-4">
        <BuyAll build={build} disclosure={disclosure} />
      </div>
      <p className="mt-3 text-center">
        <a href={`#${COMPONENT_LIST_ID}`} className="font-semibold text-violet-700 underline dark:text-violet-300">
          Vedi i componenti
        </a>
      </p>
    </section>
  );
}
