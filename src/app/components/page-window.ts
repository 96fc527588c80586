/**
 * The page numbers a pagination shows: the first and the last, the current one and its neighbours, with
 * null for each gap ("…"). A gap of a single page shows that page instead: "…" would take as much room.
 */
export function pageWindow(page: number, pageCount: number, around = 1): (number | null)[] {
  const shown = new Set([1, pageCount]);
  for (let near = page - around; near <= page + around; near += 1) if (near >= 1 && near <= pageCount) shown.add(near);
  const result: (number | null)[] = [];
  let previous = 0;
  for (const number of [...shown].sort((a, b) => a - b)) {
    if (number - previous === 2) result.push(previous + 1);
    else if (number - previous > 2) result.push(null);
    result.push(number);
    previous = number;
  }
  return result;
}
