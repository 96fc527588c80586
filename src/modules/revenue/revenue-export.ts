/**
 * The earnings of a period as a CSV for a spreadsheet (semicolons and decimal commas, as Italian Excel reads
 * them). The report's text comes back out as it went in, so every text cell that a spreadsheet would take for a
 * formula (=, +, -, @, tab, carriage return first) is written with a leading apostrophe: shown, never evaluated.
 */
import type { RevenueOverview } from './revenue.schema';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell, quoted, defused if a spreadsheet would evaluate it. */
export function textCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const numberCell = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

export function revenueCsv(overview: RevenueOverview): string {
  const lines = [['Tipo', 'Nome', 'ASIN', 'Tracking ID', 'Metodo', 'Commissioni (€)', 'Articoli spediti', 'Resi'].map(textCell).join(';')];
  for (const build of overview.builds) {
    lines.push([textCell('build'), textCell(build.deleted ? `${build.title} (eliminata)` : build.title), '""', '""', textCell(build.method), numberCell(build.commissions), numberCell(build.items_shipped), numberCell(build.returns)].join(';'));
  }
  for (const product of overview.products) {
    lines.push([textCell('prodotto'), textCell(product.name), textCell(product.asin), '""', '""', numberCell(product.commissions), numberCell(product.items_shipped), numberCell(product.returns)].join(';'));
  }
  for (const product of overview.unattributed.products) {
    lines.push([textCell('non attribuito'), textCell(product.name), textCell(product.asin), textCell(product.tracking_id), textCell('non attribuito'), numberCell(product.commissions), numberCell(product.items_shipped), numberCell(product.returns)].join(';'));
  }
  // The BOM tells Excel the file is UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
