/**
 * The visitors' choices of a personalised build (decision 030) as the author reads them: "3 visitatori su
 * 10 scelgono RTX 5070", "1 visitatore su 10 ha già Corsair Vengeance 32GB DDR5", where 10 is the build's
 * personalised visits of the window. Counts in it-IT format.
 */
import { formatCount } from '../../../common/format';
import type { ChoiceCount } from '../../../modules/analytics/analytics.schema';

export const NO_CHOICES = 'Nessun visitatore ha ancora personalizzato questa build.';

export function choiceSentence(choice: Pick<ChoiceCount, 'kind' | 'name' | 'count'>, personalizedViews: number): string {
  const { count, name } = choice;
  // Both counts are once per visitor and 30 minutes, but not always in the same half hour: never "4 su 3".
  const of = `su ${formatCount(Math.max(personalizedViews, count))}`;
  const who = count === 1 ? `1 visitatore ${of}` : `${formatCount(count)} visitatori ${of}`;
  if (choice.kind === 'swap') return `${who} ${count === 1 ? 'sceglie' : 'scelgono'} ${name}`;
  return `${who} ${count === 1 ? 'ha' : 'hanno'} già ${name}`;
}
