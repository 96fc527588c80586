/**
 * /api/admin/revenue: the affiliate earnings (docs/api-revenue.md, decision 045). The report comes as the
 * multipart field `file` (the admin's form) or as the raw body with `Content-Type: text/csv` (or
 * application/zip); it has its own size limit, larger than the JSON one.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../../common/errors';
import { MAX_REPORT_BYTES, reportTooLarge } from '../../modules/revenue';
import { headerMappingSchema, type HeaderMapping, INVALID_MAPPING_MESSAGE, mappingFieldsOf, revenueQuerySchema } from '../../modules/revenue/revenue.schema';
import type { AppServices } from '../../modules/services';
import type { AppEnv } from '../hono-env';
import { plainPage } from '../plain-page';
import { paths } from '../../common/paths';
import { idParam, parseJsonText, parseWith } from '../middleware/json-body';

/** Exempt from the JSON body limit in app.ts: it enforces its own. */
export const REVENUE_UPLOAD_API_PATHS = ['/api/admin/revenue/import'] as const;

/** Room for the multipart envelope (boundaries, part headers, the mapping field) around a file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const RAW_TYPES = /^(text\/csv|text\/plain|text\/tab-separated-values|application\/zip|application\/x-zip-compressed|application\/octet-stream)\b/i;
const noFile = () => new AppError('BAD_REQUEST', 'Nessun file caricato: scegli il report dei guadagni (CSV o ZIP)');

function mappingOf(raw: unknown): HeaderMapping {
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw !== 'string') throw new AppError('VALIDATION_ERROR', INVALID_MAPPING_MESSAGE);
  return parseWith(headerMappingSchema, parseJsonText(raw, INVALID_MAPPING_MESSAGE));
}

async function readUpload(c: Context<AppEnv>): Promise<{ fileName: string; bytes: Uint8Array; mapping: HeaderMapping }> {
  const type = c.req.header('Content-Type') ?? '';
  if (/^multipart\/form-data\b/i.test(type)) {
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      throw noFile();
    }
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) throw noFile();
    if (file.size > MAX_REPORT_BYTES) throw reportTooLarge();
    // The form sends one field per column to map (`map.<field>`); the API may send them as one JSON field.
    const json = form.get('mapping');
    return {
      fileName: file.name || 'report.csv',
      bytes: new Uint8Array(await file.arrayBuffer()),
      mapping: { ...mappingOf(typeof json === 'string' ? json : undefined), ...parseWith(headerMappingSchema, mappingFieldsOf(form)) },
    };
  }
  if (RAW_TYPES.test(type)) {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length === 0) throw noFile();
    return { fileName: (c.req.query('filename') ?? 'report.csv').slice(0, 255), bytes, mapping: mappingOf(c.req.query('mapping')) };
  }
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Invia il report come file (multipart/form-data, campo «file») o come testo CSV (Content-Type: text/csv)');
}

/**
 * The report's size limit on a request body, for the API and for the plain upload page (decision 047), which
 * answers with a page instead of the API's JSON error.
 */
export function reportBodyLimit(onTooLarge: (c: Context<AppEnv>) => Response = () => {
  throw reportTooLarge();
}) {
  return bodyLimit({ maxSize: MAX_REPORT_BYTES + MULTIPART_OVERHEAD_BYTES, onError: onTooLarge });
}

/** The plain upload page's answer to a report over the limit: a page, with the way back to the form. */
export function tooLargeReportPage(): Response {
  return plainPage({
    status: 413,
    heading: 'File troppo grande',
    paragraphs: [{ text: reportTooLarge().message, testId: 'report-too-large' }],
    link: { href: paths.admin.revenueUpload(), text: "Torna all'importazione" },
  });
}

export function revenueRoutes(services: AppServices) {
  const app = new Hono<AppEnv>();
  // Mounted after requireAuth: a request without a session is refused before its body is read.
  const uploadLimit = reportBodyLimit();

  app.get('/revenue', async (c) => c.json(await services.revenue.overview(parseWith(revenueQuerySchema, c.req.query()))));

  app.get('/revenue/export', async (c) => {
    const { from, to, csv } = await services.revenue.exportCsv(parseWith(revenueQuerySchema, c.req.query()));
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="guadagni-${from}-${to}.csv"`, 'Cache-Control': 'no-store' });
  });

  app.get('/revenue/imports', async (c) => c.json({ imports: await services.revenue.listImports() }));

  app.post('/revenue/import', uploadLimit, async (c) => {
    const upload = await readUpload(c);
    const result = await services.revenue.importReport({ ...upload, importedBy: c.get('session').user.username });
    return c.json(result, result.already_imported ? 200 : 201);
  });

  app.delete('/revenue/imports/:id', async (c) => {
    await services.revenue.undoImport(idParam(c));
    return c.json({ ok: true });
  });

  app.get('/builds/:id/revenue', async (c) => {
    const id = idParam(c);
    return c.json(await services.revenue.forBuild(id, parseWith(revenueQuerySchema, c.req.query())));
  });

  return app;
}
