import type { CSSProperties } from 'react';
import { categoryLabel } from '../../common/catalog';
import { COMPARE_PARAM } from '../../common/compare-query';
import { paths } from '../../common/paths';
import type { TextSegment } from '../../common/italian-search-text';
import type { BuildCardData } from './build-card-text';
import { CategoryBadge } from './category-badge';
import { CpuIcon } from './icons';
import { MarkedText } from './marked-text';

/** A search result's title and description cut around the words that match (the search page, decision 033). */
export interface CardHighlight {
  title: TextSegment[];
  description: TextSegment[];
}

/**
 * One card of the 'Le Mie Build' grid; `index` staggers its entrance by 0.1 s; `highlight` marks a search's
 * words. `compare`: the card sits in a GET form to /confronta and gets its "Confronta" checkbox, outside the
 * card's link and above the link's stretched hit area.
 */
export function BuildCard({ build, index, highlight, compare = false }: { build: BuildCardData; index: number; highlight?: CardHighlight; compare?: boolean }) {
  return (
    <li className="build-card group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg dark:border-slate-800 dark:bg-slate-900" style={{ '--card-index': index } as CSSProperties}>
      {build.featured_image ? (
        <img src={build.featured_image} alt="" width={640} height={360} loading={index < 3 ? 'eager' : 'lazy'} decoding="async" className="aspect-video w-full object-cover" />
      ) : (
        <div className="flex aspect-video w-full items-center justify-center bg-gradient-to-br from-violet-600 to-indigo-950 text-white" aria-hidden="true">
          <CpuIcon width={48} height={48} />
        </div>
      )}
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-center justify-between gap-2">
          {build.category && <CategoryBadge category={build.category} />}
          <span className="text-sm text-slate-600 dark:text-slate-400">{build.componentsText}</span>
        </div>
        <h3 className="mt-3 text-lg font-bold leading-snug">
          <a href={paths.build(build.slug)} className="after:absolute after:inset-0 focus-visible:underline group-hover:text-violet-700 dark:group-hover:text-violet-300" aria-label={`${build.title} (${categoryLabel(build.category)})`}>
            {highlight ? <MarkedText segments={highlight.title} /> : build.title}
          </a>
        </h3>
        <p className="mt-2 line-clamp-3 text-sm text-slate-600 dark:text-slate-300">{highlight ? <MarkedText segments={highlight.description} /> : build.description}</p>
        <p className="mt-auto flex items-baseline justify-between pt-4">
          <span className="text-sm text-slate-600 dark:text-slate-400">Totale</span>
          <span className="text-xl font-extrabold text-violet-700 dark:text-violet-300">{build.totalText}</span>
        </p>
        {compare && (
          <label className="relative z-10 mt-3 flex min-h-11 cursor-pointer items-center gap-2 border-t border-slate-200 pt-3 text-sm font-semibold dark:border-slate-800">
            <input type="checkbox" name={COMPARE_PARAM} value={build.slug} className="h-6 w-6 shrink-0 accent-violet-700" />
            Confronta<span className="sr-only"> {build.title}</span>
          </label>
        )}
      </div>
    </li>
  );
}
