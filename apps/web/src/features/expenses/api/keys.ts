import type { ListExpensesQuery, ListSuppliersQuery } from '@agencia/shared';

/** Query keys of purchases and suppliers (decision 140); invalidate `all` after any write. */
export const expenseKeys = {
  all: ['expenses'] as const,
  list: (q: ListExpensesQuery) => ['expenses', 'list', q] as const,
  detail: (id: string) => ['expenses', 'detail', id] as const,
};

export const supplierKeys = {
  all: ['suppliers'] as const,
  list: (q: ListSuppliersQuery) => ['suppliers', 'list', q] as const,
  detail: (id: string) => ['suppliers', 'detail', id] as const,
};
