/**
 * The comparison page's data (/confronta), formatted on the server like the build page's (build-page-text.ts):
 * each build as its page shows it, the parts row by row by type, what differs, the cheapest total, and the
 * compatibility summary in counts and messages.
 */
import { componentTypeRank } from '../../../common/catalog';
import { formatCount } from '../../../common/format';
import type { CompatibilitySummary } from '../../../compatibility/assess';
import { CHECK_LABELS, type CheckStatus } from '../../../compatibility/checks';
import type { Comparison } from '../../../modules/compare';
import { type BuildPageData, type ComponentData, toBuildPage } from '../builds/build-page-text';

export interface CompareCheckIssue {
  label: string;
  status: Exclude<CheckStatus, 'ok'>;
  message: string;
}

export interface CompareCompatibility {
  counts: Record<CheckStatus, number>;
  /** The checks that did not pass, with their message. */
  issues: CompareCheckIssue[];
  wattsText: string;
}

export interface ComparedBuildData {
  page: BuildPageData;
  /** The lowest total of the comparison (ties all marked; none when every total is the same). */
  cheapest: boolean;
  compatibility: CompareCompatibility;
}

export interface CompareRow {
  type: string;
  /** Per build, in the columns' order: its parts of this type (none: the cell shows "—"). */
  cells: ComponentData[][];
  /** Whether every build has the same parts here (by ASIN, else by name). */
  same: boolean;
}

export interface ComparePageData {
  builds: ComparedBuildData[];
  rows: CompareRow[];
}

const WATTS_UNKNOWN = 'Non disponibile';

function compatibilityOf(summary: CompatibilitySummary): CompareCompatibility {
  const counts: Record<CheckStatus, number> = { ok: 0, warning: 0, error: 0, unknown: 0 };
  for (const check of summary.checks) counts[check.status] += 1;
  const issues = summary.checks
    .filter((check) => check.status !== 'ok')
    .map((check) => ({ label: CHECK_LABELS[check.rule], status: check.status as CompareCheckIssue['status'], message: check.message }));
  return { counts, issues, wattsText: summary.estimated_watts === null ? WATTS_UNKNOWN : `${formatCount(summary.estimated_watts)} W` };
}

/** What makes two parts the same product: the ASIN, else the name as written, case aside. */
function partIdentity(part: ComponentData): string {
  return part.asin ? `asin:${part.asin}` : `name:${part.name.trim().toLowerCase()}`;
}

function sameParts(cells: readonly ComponentData[][]): boolean {
  const spelled = cells.map((parts) => parts.map(partIdentity).sort().join('|'));
  return spelled.every((text) => text === spelled[0]);
}

/** The catalogue's type order (common/catalog.ts), then any other type by name. */
function byTypeOrder(a: string, b: string): number {
  return componentTypeRank(a) - componentTypeRank(b) || a.localeCompare(b);
}

export function toComparePage(comparison: Pick<Comparison, 'compared'>): ComparePageData {
  const pages = comparison.compared.map((entry) => toBuildPage(entry.build));
  const totals = pages.map((page) => page.total_price);
  const lowest = Math.min(...totals);
  const allEqual = totals.every((total) => total === lowest);
  const types = [...new Set(pages.flatMap((page) => page.components.map((part) => part.type)))].sort(byTypeOrder);
  const rows = types.map((type) => {
    const cells = pages.map((page) => page.components.filter((part) => part.type === type));
    return { type, cells, same: sameParts(cells) };
  });
  return {
    builds: pages.map((page) => ({ page, cheapest: !allEqual && page.total_price === lowest, compatibility: compatibilityOf(page.compatibility) })),
    rows,
  };
}
