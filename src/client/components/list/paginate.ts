/** How many pages `total` items fill; an empty list still has one page. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** `page` kept within the pages there are: a filter can shrink the list under an open page. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.floor(page)), pageCount(total, pageSize));
}

/** The pages to offer as buttons: the first, the last, and the current one with its neighbours. */
export function visiblePages(page: number, count: number): (number | 'gap')[] {
  const wanted = new Set([1, count, page - 1, page, page + 1]);
  const pages = [...wanted].filter((n) => n >= 1 && n <= count).sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  for (const n of pages) {
    const previous = result.at(-1);
    if (typeof previous === 'number' && n - previous > 1) result.push('gap');
    result.push(n);
  }
  return result;
}
