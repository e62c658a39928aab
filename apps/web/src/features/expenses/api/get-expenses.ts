import type { ListExpensesQuery, ListExpensesResponse } from '@agencia/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { expenseKeys } from './keys';

/** Rows per page of /expenses. */
export const EXPENSES_PAGE_SIZE = 20;

/** Drops empty filters so the URL the API sees (and the cache key) only names the chosen ones. */
const clean = (q: ListExpensesQuery) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '' && v !== 'all'));

/**
 * `GET /expenses?page=&limit=&search=&status=&expenseType=&projectId=&billable=`: admins every
 * purchase, employees those of their projects; clients get 403.
 */
export const expensesQuery = (q: ListExpensesQuery) =>
  queryOptions({
    queryKey: expenseKeys.list(clean(q)),
    queryFn: () =>
      unwrap(apiClient.get<SuccessEnvelope<ListExpensesResponse>>('/expenses', { params: clean(q) })),
    placeholderData: keepPreviousData,
  });

export const useExpenses = (q: ListExpensesQuery) => useQuery(expensesQuery(q));
