import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const pageParam = 'page';
export const searchParam = 'q';

/** The 1-based page in the address; anything else (missing, 0, "abc") is the first page. */
function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

export interface ListParams<Filter extends string> {
  page: number;
  q: string;
  /** Each named filter's value in the address; absent when not set. */
  filters: Partial<Record<Filter, string>>;
  setPage: (page: number) => void;
  /** A new search starts again at page 1. */
  setQ: (q: string) => void;
  /** Sets (or, with undefined or '', removes) filters; the list starts again at page 1. */
  setFilters: (filters: Partial<Record<Filter, string | undefined>>) => void;
}

/**
 * A list's page, search and filters kept in the address (`?q=ana&role=admin&page=2`), so a
 * reload, a shared link or Back shows the same list. Typing replaces the history entry; a new
 * page or filter adds one.
 */
export function useListParams<const Filter extends string = never>(
  filterNames: readonly Filter[] = [],
): ListParams<Filter> {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readPage(searchParams.get(pageParam));
  const q = searchParams.get(searchParam) ?? '';
  const filterKey = filterNames.map((name) => `${name}=${searchParams.get(name) ?? ''}`).join('&');
  const filters = useMemo(() => {
    const given = new URLSearchParams(filterKey);
    const values: Partial<Record<Filter, string>> = {};
    for (const name of filterNames) {
      const value = given.get(name);
      if (value) values[name] = value;
    }
    return values;
    // filterKey is the filters' values; the names are the caller's constant list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey]);

  const setPage = useCallback(
    (next: number) =>
      void setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next > 1) params.set(pageParam, String(next));
        else params.delete(pageParam);
        return params;
      }),
    [setSearchParams],
  );

  const setQ = useCallback(
    (next: string) =>
      void setSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next) params.set(searchParam, next);
          else params.delete(searchParam);
          params.delete(pageParam);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const setFilters = useCallback(
    (next: Partial<Record<Filter, string | undefined>>) =>
      void setSearchParams((current) => {
        const params = new URLSearchParams(current);
        for (const [name, value] of Object.entries(next) as [Filter, string | undefined][]) {
          if (value) params.set(name, value);
          else params.delete(name);
        }
        params.delete(pageParam);
        return params;
      }),
    [setSearchParams],
  );

  return { page, q, filters, setPage, setQ, setFilters };
}
