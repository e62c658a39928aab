import type { ListBankLinesQuery } from '@agencia/shared';

/** Query keys of bank reconciliation (decision 167); everything lives under `['bank']`. */
export const bankKeys = {
  all: ['bank'] as const,
  accounts: ['bank', 'accounts'] as const,
  lines: (accountId: string, query: ListBankLinesQuery) => ['bank', 'lines', accountId, query] as const,
  summary: (accountId: string, month: string) => ['bank', 'summary', accountId, month] as const,
  rules: ['bank', 'rules'] as const,
};
