import { categoryLabel } from '../../common/catalog';
import { COMPARE_PARAM } from '../../common/compare-query';
import { paths } from '../../common/paths';
import type { CompareCandidate } from '../../modules/compare';

/**
 * "Confronta con…": a plain GET form to /confronta with this build and one chosen among the nearest
 * others (compare.service.ts's candidatesFor), so it works without JavaScript. No prices in the options:
 * a price shown needs its date (affiliate-compliance.md), which the comparison itself gives.
 */
export function CompareWith({ slug, candidates, className = 'mt-8' }: { slug: string; candidates: readonly CompareCandidate[]; className?: string }) {
  if (candidates.length === 0) return null;
  return (
    <section aria-labelledby="compare-with-heading" className={`${className} rounded-2xl border border-slate-200 p-5 sm:p-6 dark:border-slate-800`} data-testid="compare-with">
      <h2 id="compare-with-heading" className="text-xl font-bold">
        Confronta con…
      </h2>
      <form method="get" action={paths.compare()} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <input type="hidden" name={COMPARE_PARAM} value={slug} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor="compare-with-build" className="text-sm font-medium text-slate-700 dark:text-slate-300">
            Un&apos;altra build da mettere a confronto
          </label>
          <select
            id="compare-with-build"
            name={COMPARE_PARAM}
            className="min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
          >
            {candidates.map((candidate) => (
              <option key={candidate.slug} value={candidate.slug}>
                {candidate.category ? `${candidate.title} (${categoryLabel(candidate.category)})` : candidate.title}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="min-h-11 rounded-xl bg-violet-700 px-5 py-2 font-semibold text-white hover:bg-violet-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
        >
          Confronta
        </button>
      </form>
    </section>
  );
}
