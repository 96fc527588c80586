/**
 * What the "Guadagni" screen reads (the earnings of the chosen period, the imports) and its writes (import a
 * report, undo an import). A report missing a column comes back with the file's headers, so the screen asks
 * the author to map it (the server remembers the mapping).
 */
import { addDays, romeDay } from '../../../common/rome-day';
import type { RevenueImport, RevenueImportResult, RevenueOverview } from '../../../modules/revenue/revenue.schema';
import { MAPPING_FIELD_PREFIX, mappingFieldsOf, REPORT_FIELDS, type ReportField } from '../../../modules/revenue/revenue.schema';
import { attempt, errorDetails, errorFields, errorMessage, revenueApi } from '../api';
import { formId, formText } from '../form-data';
import { formatDate } from '../../../common/format';
import { importedSentence, REVENUE_TEXT } from './revenue-text';

export const REVENUE_DAYS = 30;
export const REVENUE_INTENT = { upload: 'import', undo: 'undo' } as const;
export const REVENUE_FIELDS = { intent: 'intent', file: 'file', id: 'id', from: 'from', to: 'to', mapPrefix: MAPPING_FIELD_PREFIX } as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface RevenueData {
  period: { from: string; to: string };
  overview: RevenueOverview | null;
  imports: RevenueImport[] | null;
  error: string | null;
}

/** The period in the address (?from=&to=), else the last 30 Europe/Rome days. */
export function periodOfUrl(url: URL, now = new Date()): { from: string; to: string } {
  const to = url.searchParams.get('to') ?? '';
  const from = url.searchParams.get('from') ?? '';
  const end = DAY.test(to) ? to : romeDay(now);
  return { from: DAY.test(from) && from <= end ? from : addDays(end, 1 - REVENUE_DAYS), to: end };
}

export async function loadRevenue(request: Request): Promise<RevenueData> {
  const period = periodOfUrl(new URL(request.url));
  const [overview, imports] = await Promise.all([attempt(revenueApi.overview(period.from, period.to, request.signal)), attempt(revenueApi.imports(request.signal))]);
  const error = !overview.ok ? errorMessage(overview.error, REVENUE_TEXT.loadFailed) : !imports.ok ? errorMessage(imports.error, REVENUE_TEXT.importsFailed) : null;
  return { period, overview: overview.ok ? overview.data : null, imports: imports.ok ? imports.data : null, error };
}

export interface RevenueOutcome {
  ok: boolean;
  text: string;
  intent: string;
  /** A report missing required columns: which, and the file's headers to map them to. */
  mapping: { missing: ReportField[]; headers: string[] } | null;
}

export async function revenueAction(request: Request): Promise<RevenueOutcome> {
  const form = await request.formData();
  const intent = formText(form, REVENUE_FIELDS.intent);
  if (intent === REVENUE_INTENT.undo) {
    const id = formId(form, REVENUE_FIELDS.id);
    if (id === null) return { ok: false, text: REVENUE_TEXT.undoFailed, intent, mapping: null };
    const result = await attempt(revenueApi.undoImport(id, request.signal));
    return { ok: result.ok, text: result.ok ? REVENUE_TEXT.undone : errorMessage(result.error, REVENUE_TEXT.undoFailed), intent, mapping: null };
  }
  const file = form.get(REVENUE_FIELDS.file);
  if (!(file instanceof File) || file.size === 0) return { ok: false, text: REVENUE_TEXT.noFile, intent, mapping: null };
  const body = new FormData();
  body.append(REVENUE_FIELDS.file, file, file.name);
  for (const [field, header] of Object.entries(mappingFieldsOf(form))) body.append(`${MAPPING_FIELD_PREFIX}${field}`, header);
  const result = await attempt(revenueApi.importReport(body, request.signal));
  if (result.ok) return importSuccess(result.data);
  return importFailure(errorMessage(result.error, REVENUE_TEXT.importFailed), errorFields(result.error), errorDetails(result.error));
}

/** The outcome of a report imported, for the screen's notice. */
export function importSuccess(result: RevenueImportResult): RevenueOutcome {
  return { ok: true, text: importedSentence(result, (day) => formatDate(`${day}T12:00:00Z`)), intent: REVENUE_INTENT.upload, mapping: null };
}

/**
 * The outcome of a report refused. A missing column comes as the error's field `column.<field>`, with the
 * file's headers as its details: the form then asks which header is which.
 */
export function importFailure(text: string, fields: Record<string, string>, headers: string[]): RevenueOutcome {
  const missing = Object.keys(fields)
    .filter((key) => key.startsWith('column.'))
    .map((key) => key.slice('column.'.length))
    .filter((field): field is ReportField => (REPORT_FIELDS as readonly string[]).includes(field));
  return { ok: false, text, intent: REVENUE_INTENT.upload, mapping: missing.length > 0 && headers.length > 0 ? { missing, headers } : null };
}
