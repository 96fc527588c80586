/** Class names shared by the manager's pieces (the admin-wide ones live in ../ui). */
export const smallButtonClass =
  'inline-flex items-center justify-center rounded-md border border-slate-300 px-2.5 py-1 text-sm font-medium hover:border-violet-500 hover:text-violet-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 disabled:cursor-not-allowed disabled:opacity-60 dark:border-slate-600 dark:hover:text-violet-200';
export const dangerButtonClass =
  'inline-flex items-center justify-center rounded-md border border-red-300 px-2.5 py-1 text-sm font-medium text-red-800 hover:border-red-600 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 disabled:cursor-not-allowed disabled:opacity-60 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950';
export const labelClass = 'mb-1 block text-sm font-medium';
export const hintClass = 'mt-1 text-sm text-slate-700 dark:text-slate-300';
