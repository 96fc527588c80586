/**
 * Importing an Associates Earnings report (decision 045): the file (plain, or in a ZIP) is read into rows,
 * attributed to builds, and stored in one transaction that also gives the report's days to it. Importing a
 * report again, or one whose period overlaps, replaces exactly the days it covers: the older import stays
 * (an undo of the newer one gives the days back) but is no longer summed for them. The same report (same
 * rows and period, however packed) already in use is not stored twice.
 */
import type { Kysely } from 'kysely';
import { AppError } from '../../common/errors';
import { addDays } from '../../common/rome-day';
import type { Database } from '../../db/tables';
import type { Clock } from '../clock';
import { attributeRow, type Catalogue, CLICK_WINDOW_DAYS } from './attribution';
import { type EarningsReport, readEarningsReport } from './earnings-report';
import { extractReport, isZip } from './report-archive';
import { decodeReport } from './report-text';
import * as repo from './revenue.repository';
import type { HeaderMapping, RevenueImport, RevenueImportResult } from './revenue.schema';

/** The largest report accepted, plain or inflated from its ZIP. */
export const MAX_REPORT_MB = 20;
export const MAX_REPORT_BYTES = MAX_REPORT_MB * 1024 * 1024;
/** The longest period one report may cover (Associates Central's custom ranges stay well within it). */
const MAX_PERIOD_DAYS = 1100;

export const reportTooLarge = () => new AppError('PAYLOAD_TOO_LARGE', `Il file supera il limite di ${MAX_REPORT_MB} MB`);

export interface UploadedReport {
  fileName: string;
  bytes: Uint8Array;
  mapping: HeaderMapping;
  importedBy: string;
}

function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export function toImport(row: repo.ImportRow, daysInUse: number): RevenueImport {
  return {
    id: row.id,
    file_name: row.file_name,
    period_from: row.period_from,
    period_to: row.period_to,
    rows: row.row_count,
    lines: row.line_count,
    commissions: row.fees_cents / 100,
    imported_by: row.imported_by,
    imported_at: row.imported_at,
    days_in_use: daysInUse,
  };
}

/** Reads the upload into a report; throws the Italian 4xx that says what is wrong with it. */
export async function readUpload(db: Kysely<Database>, upload: UploadedReport): Promise<{ report: EarningsReport; fileName: string }> {
  if (upload.bytes.length === 0) throw new AppError('BAD_REQUEST', 'Il file è vuoto');
  if (upload.bytes.length > MAX_REPORT_BYTES) throw reportTooLarge();
  let { bytes } = upload;
  let fileName = upload.fileName;
  if (isZip(bytes)) {
    const inner = extractReport(bytes, MAX_REPORT_BYTES, reportTooLarge);
    bytes = inner.bytes;
    fileName = `${upload.fileName} (${inner.name})`;
  }
  const text = decodeReport(bytes);
  const remembered = await repo.listHeaderMappings(db);
  const report = readEarningsReport(text, { remembered, mapping: upload.mapping });
  if (daysBetween(report.period.from, report.period.to).length > MAX_PERIOD_DAYS) {
    throw new AppError('VALIDATION_ERROR', `Il report copre più di ${MAX_PERIOD_DAYS} giorni: scaricane uno per un periodo più breve`);
  }
  return { report, fileName: fileName.slice(0, 255) };
}

/** What the attribution needs to know of the catalogue, read in the import's transaction. */
async function readCatalogue(trx: Kysely<Database>, report: EarningsReport, defaultTag: string, now: Date): Promise<Catalogue> {
  const builds = await repo.listBuildTags(trx, now.toISOString());
  const buildsByTag = new Map<string, number[]>();
  for (const build of builds) {
    const tag = build.affiliate_tag?.trim() || defaultTag;
    const tagged = buildsByTag.get(tag);
    if (tagged) tagged.push(build.id);
    else buildsByTag.set(tag, [build.id]);
  }
  const asins = [...new Set(report.rows.map((row) => row.asin))];
  const holdersOf = new Map<string, Set<number>>();
  for (const { build_id, asin } of await repo.listHolders(trx, asins)) {
    const holders = holdersOf.get(asin) ?? new Set<number>();
    holders.add(build_id);
    holdersOf.set(asin, holders);
  }
  const clicksByKey = new Map<string, { day: string; clicks: number }[]>();
  for (const row of await repo.listClicks(trx, asins, addDays(report.period.from, 1 - CLICK_WINDOW_DAYS), report.period.to)) {
    const key = `${row.build_id}\u0000${row.product}`;
    const days = clicksByKey.get(key);
    if (days) days.push({ day: row.day, clicks: row.clicks });
    else clicksByKey.set(key, [{ day: row.day, clicks: row.clicks }]);
  }
  return {
    buildsByTag,
    holdersOf,
    live: new Set(builds.filter((build) => build.live).map((build) => build.id)),
    clicks: (buildId, asin, from, to) => (clicksByKey.get(`${buildId}\u0000${asin}`) ?? []).reduce((sum, row) => (row.day >= from && row.day <= to ? sum + row.clicks : sum), 0),
  };
}

/**
 * Gives every day from `from` to `to` to the newest import whose period covers it (none: the day has no
 * figures). Returns how many days changed owner away from an import other than `exceptId`.
 */
export async function recomputeOwners(trx: Kysely<Database>, from: string, to: string, exceptId: number | null = null): Promise<number> {
  const imports = await repo.listImportsMeeting(trx, from, to);
  const before = new Map((await repo.listOwners(trx, from, to)).map((owner) => [owner.day, owner.import_id]));
  const owners: { day: string; import_id: number }[] = [];
  let moved = 0;
  for (const day of daysBetween(from, to)) {
    let owner: number | null = null;
    for (const candidate of imports) if (candidate.period_from <= day && candidate.period_to >= day && (owner === null || candidate.id > owner)) owner = candidate.id;
    const previous = before.get(day);
    if (previous !== undefined && previous !== owner && previous !== exceptId) moved++;
    if (owner !== null) owners.push({ day, import_id: owner });
  }
  await repo.replaceOwners(trx, from, to, owners);
  return moved;
}

export interface ImportDeps {
  db: Kysely<Database>;
  clock: Clock;
  defaultAffiliateTag: string;
}

export async function importReport(deps: ImportDeps, upload: UploadedReport): Promise<RevenueImportResult> {
  const { db, clock } = deps;
  const { report, fileName } = await readUpload(db, upload);
  const days = daysBetween(report.period.from, report.period.to);
  return db.transaction().execute(async (trx) => {
    await repo.lockRevenue(trx);
    const now = clock.now();
    const same = await repo.findImportByHash(trx, report.contentHash);
    if (same) {
      const owned = (await repo.listOwners(trx, report.period.from, report.period.to)).filter((owner) => owner.import_id === same.id).length;
      if (owned === days.length) return { import: toImport(same, owned), already_imported: true, replaced_days: 0 };
      // The same report, but newer imports took some of its days since: it comes back as the newest.
      await repo.deleteImport(trx, same.id);
    }
    const stored = await repo.insertImport(trx, {
      file_name: fileName,
      content_hash: report.contentHash,
      period_from: report.period.from,
      period_to: report.period.to,
      row_count: report.rows.length,
      line_count: report.lines,
      fees_cents: report.feesCents,
      imported_by: upload.importedBy,
      imported_at: now.toISOString(),
    });
    const rowIds = await repo.insertRows(trx, stored.id, report.rows);
    const catalogue = await readCatalogue(trx, report, deps.defaultAffiliateTag, now);
    const shares: repo.ShareInsert[] = [];
    report.rows.forEach((row, index) => {
      for (const share of attributeRow(row, catalogue)) {
        shares.push({
          row_id: rowIds[index]!,
          import_id: stored.id,
          day: row.day,
          build_id: share.buildId,
          method: share.method,
          weight: share.weight,
          items_shipped: share.itemsShipped,
          returns: share.returns,
          revenue_cents: share.revenueCents,
          fees_cents: share.feesCents,
        });
      }
    });
    await repo.insertShares(trx, shares);
    const replaced = await recomputeOwners(trx, report.period.from, report.period.to, stored.id);
    await repo.rememberHeaderMappings(trx, report.mappedHeaders, now.toISOString());
    return { import: toImport(stored, days.length), already_imported: false, replaced_days: replaced };
  });
}

/** Undoes an import: its figures go, and its days go back to the newest import left that covers them. */
export async function undoImport(db: Kysely<Database>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repo.lockRevenue(trx);
    const found = await repo.findImport(trx, id);
    if (!found) throw new AppError('NOT_FOUND', 'Importazione non trovata');
    await repo.deleteImport(trx, id);
    await recomputeOwners(trx, found.period_from, found.period_to);
  });
}
