/** Wires the affiliate earnings' use cases (decision 045) to one database. */
import type { DataDeps } from '../data-deps';
import { importReport, type UploadedReport, undoImport, toImport } from './import-report';
import { periodOf, readBuild, readOverview } from './read-revenue';
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
    forBuild: (buildId: number, query: { from?: string; to?: string }): Promise<BuildRevenue> => readBuild(db, buildId, periodOf(clock, query)),
  };
}

export type RevenueService = ReturnType<typeof createRevenueService>;
