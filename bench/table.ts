/** A plain text table for the bench reports: the first column left-aligned, the others right-aligned. */
export function printTable(header: string[], lines: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)));
  const format = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
}
