/** Budget filter chips of the home page; the id travels in the URL (?budget=800-1500). */
export interface BudgetRange {
  id: string;
  label: string;
  /** The range inside a sentence, after "Build PC": "Build PC fino a 800 €". */
  phrase: string;
  min?: number;
  max?: number;
}

export const BUDGET_RANGES: readonly BudgetRange[] = [
  { id: 'fino-800', label: 'Fino a 800 €', phrase: 'fino a 800 €', max: 800 },
  { id: '800-1500', label: '800 – 1.500 €', phrase: 'da 800 a 1.500 €', min: 800, max: 1500 },
  { id: '1500-2500', label: '1.500 – 2.500 €', phrase: 'da 1.500 a 2.500 €', min: 1500, max: 2500 },
  { id: 'oltre-2500', label: 'Oltre 2.500 €', phrase: 'oltre 2.500 €', min: 2500 },
];

export function findBudgetRange(id: string | null | undefined): BudgetRange | undefined {
  return BUDGET_RANGES.find((range) => range.id === id);
}
