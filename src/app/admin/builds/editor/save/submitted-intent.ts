/** The `intent` of what a fetcher is submitting (its `json`, or its multipart `formData`), to show which action runs. */
export function submittedIntent(submitted: unknown): string | null {
  if (submitted instanceof FormData) {
    const intent = submitted.get('intent');
    return typeof intent === 'string' ? intent : null;
  }
  if (typeof submitted !== 'object' || submitted === null || !('intent' in submitted)) return null;
  return typeof submitted.intent === 'string' ? submitted.intent : null;
}
