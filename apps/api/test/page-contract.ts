import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@agencia/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { injectAs } from './helpers.js';

/** One answer of a paginated list: `data[key]` rows plus `data.pagination` (decision 088). */
interface PageAnswer<T> {
  items: T[];
  pagination: { page: number; limit: number; total: number };
}

const withQuery = (url: string, query: string) => `${url}${url.includes('?') ? '&' : '?'}${query}`;

/** `GET /api{url}` as `token`; expects 200 and returns the rows under `data[key]` and the pagination. */
export async function getPage<T = { _id: string }>(
  app: FastifyInstance,
  token: string,
  url: string,
  key: string,
): Promise<PageAnswer<T>> {
  const res = await injectAs(app, token, { method: 'GET', url: `/api${url}` });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  return { items: data[key] as T[], pagination: data.pagination };
}

/**
 * The `page`/`limit` bounds of the contract on `url`: no parameters → page 1 of 20; `limit=1`
 * and `limit=100` are served; `limit=101`, `limit=0`, `page=0` and `page=abc` answer 400 with
 * the Spanish message of the field, never 500.
 */
export async function expectPageBounds(app: FastifyInstance, token: string, url: string, key: string) {
  const first = await getPage(app, token, url, key);
  expect(first.pagination.page).toBe(1);
  expect(first.pagination.limit).toBe(PAGE_SIZE_DEFAULT);
  expect(first.items.length).toBe(Math.min(PAGE_SIZE_DEFAULT, first.pagination.total));
  const one = await getPage(app, token, withQuery(url, 'limit=1'), key);
  expect(one.pagination).toEqual({ page: 1, limit: 1, total: first.pagination.total });
  expect(one.items.length).toBe(Math.min(1, first.pagination.total));
  const max = await getPage(app, token, withQuery(url, `limit=${PAGE_SIZE_MAX}`), key);
  expect(max.pagination.limit).toBe(PAGE_SIZE_MAX);
  expect(max.items.length).toBe(Math.min(PAGE_SIZE_MAX, first.pagination.total));
  const bad: Array<[string, string, string]> = [
    [`limit=${PAGE_SIZE_MAX + 1}`, 'limit', `El límite máximo es ${PAGE_SIZE_MAX}`],
    ['limit=0', 'limit', 'El límite mínimo es 1'],
    ['page=0', 'page', 'La página mínima es 1'],
    ['page=abc', 'page', 'La página debe ser un número'],
  ];
  for (const [query, field, message] of bad) {
    const res = await injectAs(app, token, { method: 'GET', url: `/api${withQuery(url, query)}` });
    expect(res.statusCode, `${url} ${query}`).toBe(400);
    expect(res.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, message })]));
  }
}

/**
 * Reads every page of `url` with `limit` rows a page and checks the walk: the total never
 * changes, each page holds `limit` rows except the last, no row shows twice, and the page after
 * the last is empty. Returns all rows in page order.
 */
export async function walkPages<T extends { _id: string }>(
  app: FastifyInstance,
  token: string,
  url: string,
  key: string,
  limit: number,
): Promise<{ items: T[]; total: number }> {
  const items: T[] = [];
  const first = await getPage<T>(app, token, withQuery(url, `limit=${limit}&page=1`), key);
  const total = first.pagination.total;
  const pages = Math.max(1, Math.ceil(total / limit));
  items.push(...first.items);
  for (let page = 2; page <= pages + 1; page++) {
    const next = await getPage<T>(app, token, withQuery(url, `limit=${limit}&page=${page}`), key);
    expect(next.pagination).toEqual({ page, limit, total });
    expect(next.items.length, `page ${page}`).toBe(Math.max(0, Math.min(limit, total - (page - 1) * limit)));
    items.push(...next.items);
  }
  expect(items.length).toBe(total);
  expect(new Set(items.map((i) => i._id)).size).toBe(total);
  return { items, total };
}
