/** A page of a list call (packages/contracts/src/paging.ts). */
export interface Page<T> {
  list: readonly T[];
  total: number;
  page: number;
  size: number;
}

/** useInfiniteQuery's getNextPageParam for list calls: the next page while there is one. */
export function nextPage(last: Page<unknown>): number | undefined {
  return last.list.length > 0 && last.page * last.size < last.total ? last.page + 1 : undefined;
}

/**
 * The pages' rows in order, each id once: rows that arrive while the user reads shift the pages,
 * so a later page may repeat a row the one before it ended with.
 */
export function flattenPages<T extends { id: number }>(pages: readonly Page<T>[] | undefined): T[] {
  if (!pages) return [];
  const seen = new Set<number>();
  const rows: T[] = [];
  for (const page of pages) {
    for (const row of page.list) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}
