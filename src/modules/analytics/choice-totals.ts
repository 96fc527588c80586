/**
 * The visitors' choices as the admin reads them (decision 030): the rows of a window added up per choice
 * (a build, a component, a kind and a product), named as the choice was most counted, most chosen first.
 */
import { isValidAsin } from '../../common/asin';
import type { ChoiceCount, OverviewChoice } from './analytics.schema';
import type { BuildTotals } from './analytics.repository';
import type { BuildChoiceSum, ChoiceSum } from './choices.repository';

interface Total<T> {
  row: T;
  count: number;
  best: number;
}

/** Adds up rows of one choice counted under several names; the name is the most counted one. */
function addUp<T extends ChoiceSum>(rows: readonly T[], keyOf: (row: T) => string): Total<T>[] {
  const totals = new Map<string, Total<T>>();
  for (const row of rows) {
    const key = keyOf(row);
    const total = totals.get(key) ?? { row, count: 0, best: -1 };
    total.count += row.count;
    if (row.count > total.best) Object.assign(total, { row, best: row.count });
    totals.set(key, total);
  }
  return [...totals.values()].filter((total) => total.count > 0).sort((a, b) => b.count - a.count || a.row.name.localeCompare(b.row.name, 'it'));
}

const choiceKey = (row: ChoiceSum) => `${row.kind}\n${row.componentId ?? ''}\n${row.product}`;

function toChoice(total: Total<ChoiceSum>): ChoiceCount {
  const { kind, componentId, product, name } = total.row;
  return { kind, component_id: componentId, asin: isValidAsin(product) ? product : null, name, count: total.count };
}

/** A build's most chosen swaps and owned parts. */
export function topChoices(rows: readonly ChoiceSum[], limit: number): ChoiceCount[] {
  return addUp(rows, choiceKey).slice(0, limit).map(toChoice);
}

/** The most chosen across builds, each with its build and the build's personalised visits in the window. */
export function topBuildChoices(rows: readonly BuildChoiceSum[], builds: readonly BuildTotals[], limit: number): OverviewChoice[] {
  const buildKey = (build: { deleted: boolean; buildId?: number; id?: number }) => `${build.deleted ? 'deleted' : 'build'}-${build.buildId ?? build.id}`;
  const personalized = new Map(builds.map((build) => [buildKey(build), build.personalizedViews]));
  return addUp(rows, (row) => `${buildKey(row)}\n${choiceKey(row)}`)
    .slice(0, limit)
    .map((total) => {
      const { buildId, slug, title, deleted } = total.row;
      return { ...toChoice(total), build_id: buildId, slug, title, deleted, personalized_views: personalized.get(buildKey(total.row)) ?? 0 };
    });
}
