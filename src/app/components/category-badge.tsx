import { categoryLabel } from '../../common/catalog';

const COLORS: Record<string, string> = {
  gaming: 'bg-violet-100 text-violet-800 dark:bg-violet-900/60 dark:text-violet-200',
  editing: 'bg-sky-100 text-sky-800 dark:bg-sky-900/60 dark:text-sky-200',
  office: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
  workstation: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-200',
  budget: 'bg-lime-100 text-lime-900 dark:bg-lime-900/60 dark:text-lime-200',
  premium: 'bg-fuchsia-100 text-fuchsia-800 dark:bg-fuchsia-900/60 dark:text-fuchsia-200',
};

export function CategoryBadge({ category }: { category: string }) {
  return (
    <span className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${COLORS[category] ?? 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200'}`}>
      {categoryLabel(category)}
    </span>
  );
}
