import { z } from 'zod';
import { singleLine } from './text.ts';

/** Items per page of every list (docs/product.md, section 6). */
export const listPageSize = 25;

/** The longest search a list takes. */
export const listSearchMaxLength = 200;

/** `?page=&q=` of every list: the 1-based page (anything unusable is the first) and the search. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
  q: singleLine(listSearchMaxLength).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** One page of a list, counted on the server: `{ items, total, page, pageSize }`. */
export function pageSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface Page<Item> {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * Text as searches compare it: lower case, without accents ("José" finds "jose" and "JOSÉ").
 * The server keeps this form of each searchable row beside it, so SQLite and PostgreSQL search
 * the same way.
 */
export function searchable(...parts: (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}
