export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16" data-testid="spinner">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-violet-200 border-t-violet-700 motion-reduce:animate-none dark:border-slate-700 dark:border-t-violet-400" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
