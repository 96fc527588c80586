/** Wires the affiliate earnings' use cases (decision 045) to one database. */
import type { DataDeps } from '../data-deps';
import { importReport, type UploadedReport, undoImport, toImport } from './import-report';
import { periodOf, readBuild, readOverview } from './read-revenue';
import { revenueCsv } from './revenue-export';
import * as repo from './revenue.repository';
import type { BuildRevenue, RevenueImport, RevenueImportResult, RevenueOverview } from './revenue.schema';

export interface RevenueDeps extends DataDeps {
  /** The tracking ID of every build without its own `affiliate_tag`. */
  defaultAffiliateTag: string;
}

export function createRevenueService(deps: RevenueDeps) {
  const { db, clock } = deps;
  return {
    importReport: (upload: UploadedReport): Promise<RevenueImportResult> => importReport(deps, upload),
    undoImport: (id: number): Promise<void> => undoImport(db, id),
    listImports: async (): Promise<RevenueImport[]> => (await repo.listImports(db)).map((row) => toImport(row, row.days_in_use)),
    overview: (query: { from?: string; to?: string }): Promise<RevenueOverview> => readOverview(db, periodOf(clock, query)),
    /** The period's figures as a CSV whose text cells a spreadsheet shows and never evaluates. */
    exportCsv: async (query: { from?: string; to?: string }): Promise<{ from: string; to: string; csv: string }> => {
      const overview = await readOverview(db, periodOf(clock, query));
      return { ...overview.period, csv: revenueCsv(overview) };
    },
    forBuild: (buildId: number, query: { from?: string; to?: string }): Promise<BuildRevenue> => readBuild(db, buildId, periodOf(clock, query)),
  };
}

export type RevenueService = ReturnType<typeof createRevenueService>;
