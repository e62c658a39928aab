import { z } from 'zod';

/**
 * The list contract every list endpoint follows (issue 14): `page` from 1, `limit` 1–100 with a
 * default of 20, and the answer carries `data.<items>` plus `data.pagination {page, limit, total}`
 * (the shape `GET /invoices` introduced). Order is stable: each list sorts on its own key and
 * breaks ties on `id`, so a row never shows on two pages.
 */
export const PAGE_SIZE_DEFAULT = 20;
/** Largest page size a client may ask for. */
export const PAGE_SIZE_MAX = 100;
/**
 * Highest page number accepted: 1,000,000 rows ÷ 20 per page is 50,000 pages; the bound keeps
 * `OFFSET` inside the integer range (a larger page answers 400, never a database error).
 */
export const PAGE_MAX = 100_000;

/**
 * Query fields `page` and `limit` (strings in the URL, coerced). Spread into a list's query
 * schema: `z.object({ ...pageQueryFields, status: … })`. `defaultLimit` overrides 20 for screens
 * the specification gives another size (invoices: 10).
 */
export function pageQueryFields(defaultLimit: number = PAGE_SIZE_DEFAULT) {
  return {
    page: z.coerce
      .number({ error: 'La página debe ser un número' })
      .int('La página debe ser un número entero')
      .min(1, 'La página mínima es 1')
      .max(PAGE_MAX, `La página máxima es ${PAGE_MAX}`)
      .default(1),
    limit: z.coerce
      .number({ error: 'El límite debe ser un número' })
      .int('El límite debe ser un número entero')
      .min(1, 'El límite mínimo es 1')
      .max(PAGE_SIZE_MAX, `El límite máximo es ${PAGE_SIZE_MAX}`)
      .default(defaultLimit),
  };
}

/**
 * `data.pagination` of every list answer: the page served, its size, and rows matching in all.
 * The large lists (projects, tickets) count at most a cap of rows (10,000 by default, decision
 * 113): past it `total` is the cap and `totalCapped: true` ("más de 10,000" on screen), and the
 * last page number is then a lower bound. `totalCapped` is absent when `total` is exact.
 */
export const PaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalCapped: z.literal(true).optional(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

/** Row window of a page: `{ limit, offset }` for SQL (`offset = (page − 1) × limit`). */
export function pageWindow(query: { page: number; limit: number }): { limit: number; offset: number } {
  return { limit: query.limit, offset: (query.page - 1) * query.limit };
}

/** Number of pages for `total` rows (at least 1, so an empty list still shows page 1 of 1). */
export function pageCount(p: Pagination): number {
  return Math.max(1, Math.ceil(p.total / p.limit));
}

/**
 * A list answer `{ <key>: item[], pagination }` (the shape of issue 14):
 * `pageResponseSchema('tickets', TicketSchema)`.
 */
export function pageResponseSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  const shape = { [key]: z.array(item), pagination: PaginationSchema } as {
    [P in K]: z.ZodArray<T>;
  } & { pagination: typeof PaginationSchema };
  return z.object(shape);
}
