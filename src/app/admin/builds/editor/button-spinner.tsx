/** Small spinner inside a button whose action is running (the button also says so in words). */
export function ButtonSpinner() {
  return <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none" />;
}
