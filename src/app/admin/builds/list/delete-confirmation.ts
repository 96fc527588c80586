/**
 * The confirmation before a build is deleted: the spec's question, then what goes with the build and what
 * stays (decision 027). Its revisions are deleted with it, counted; its views and clicks stay in the
 * dashboard's 'Rendimento' under its title, marked '(eliminata)'.
 */
import { formatCount } from '../../../../common/format';
import type { BuildListRow } from '../../../../modules/builds';

export function deleteConfirmation(build: Pick<BuildListRow, 'title' | 'revision_count'>): string {
  const question = `Sei sicuro di voler eliminare "${build.title}"?`;
  const revisions =
    build.revision_count === 0
      ? ''
      : build.revision_count === 1
        ? 'Verrà eliminata anche 1 revisione della cronologia. '
        : `Verranno eliminate anche le sue ${formatCount(build.revision_count)} revisioni della cronologia. `;
  return `${question}\n\n${revisions}Visite e clic restano nel Rendimento della dashboard, come "${build.title} (eliminata)".`;
}
