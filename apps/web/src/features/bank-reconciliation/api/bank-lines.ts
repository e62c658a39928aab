import type {
  AcceptExactMatchesRequest,
  AcceptExactMatchesResponse,
  BankLine,
  ExactMatchesPreview,
  IgnoreBankLineRequest,
  ListBankLinesQuery,
  ListBankLinesResponse,
  MatchBankLineRequest,
  ReconciliationSummary,
} from '@agencia/shared';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { bankKeys } from './keys';

/** `GET /bank-accounts/{id}/lines?page&limit&status&month&direction&search` (admin), oldest first. */
export const useBankLines = (accountId: string | null, query: ListBankLinesQuery) =>
  useQuery({
    queryKey: bankKeys.lines(accountId ?? '', query),
    queryFn: () =>
      unwrap(
        apiClient.get<SuccessEnvelope<ListBankLinesResponse>>(`/bank-accounts/${accountId}/lines`, {
          params: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')),
        }),
      ),
    enabled: Boolean(accountId),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** `GET /bank-accounts/{id}/reconciliation?month=YYYY-MM` (admin): the month's bank vs portal balances. */
export const useReconciliationSummary = (accountId: string | null, month: string) =>
  useQuery({
    queryKey: bankKeys.summary(accountId ?? '', month),
    queryFn: async () =>
      (
        await unwrap(
          apiClient.get<SuccessEnvelope<{ summary: ReconciliationSummary }>>(
            `/bank-accounts/${accountId}/reconciliation`,
            { params: { month } },
          ),
        )
      ).summary,
    enabled: Boolean(accountId) && /^\d{4}-\d{2}$/.test(month),
    staleTime: 10_000,
  });

/**
 * After a match, an undo or an ignore: the bank's queries, and what a match records elsewhere —
 * invoices (paid), transfer reports (confirmed), expenses (created or paid).
 */
const refreshAfterMatch = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: bankKeys.all }),
    qc.invalidateQueries({ queryKey: ['invoices'] }),
    qc.invalidateQueries({ queryKey: ['payment-reports'] }),
    qc.invalidateQueries({ queryKey: ['expenses'] }),
  ]);

type LineAnswer = SuccessEnvelope<{ bankLine: BankLine }>;

/**
 * `POST /bank-lines/{id}/match` (admin): records the payment(s) with the line as evidence (receipts
 * e-mailed as for any payment), confirms a transfer report, or pays an expense. 409 when the line
 * was matched meanwhile (another admin).
 */
export function useMatchBankLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: MatchBankLineRequest }) =>
      (await unwrap(apiClient.post<LineAnswer>(`/bank-lines/${id}/match`, body, { timeout: 30_000 })))
        .bankLine,
    onSuccess: () => refreshAfterMatch(qc),
    retry: false,
  });
}

/** `POST /bank-lines/{id}/expense {ruleId}` (admin): creates the expense a debit rule describes and matches it. */
export function useCreateExpenseFromLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ruleId }: { id: string; ruleId: string }) =>
      (await unwrap(apiClient.post<LineAnswer>(`/bank-lines/${id}/expense`, { ruleId }, { timeout: 30_000 })))
        .bankLine,
    onSuccess: () => refreshAfterMatch(qc),
    retry: false,
  });
}

/** `DELETE /bank-lines/{id}/match` (admin): undoes exactly what the match recorded. */
export function useUndoBankMatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await unwrap(apiClient.delete<LineAnswer>(`/bank-lines/${id}/match`, { timeout: 30_000 }))).bankLine,
    onSuccess: () => refreshAfterMatch(qc),
    retry: false,
  });
}

/** `POST /bank-lines/{id}/ignore {reason}` (admin): the line needs no portal record. */
export function useIgnoreBankLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: IgnoreBankLineRequest }) =>
      (await unwrap(apiClient.post<LineAnswer>(`/bank-lines/${id}/ignore`, body))).bankLine,
    onSuccess: () => qc.invalidateQueries({ queryKey: bankKeys.all }),
    retry: false,
  });
}

/** `DELETE /bank-lines/{id}/ignore` (admin): the ignored line waits for a match again. */
export function useUnignoreBankLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await unwrap(apiClient.delete<LineAnswer>(`/bank-lines/${id}/ignore`))).bankLine,
    onSuccess: () => qc.invalidateQueries({ queryKey: bankKeys.all }),
    retry: false,
  });
}

/**
 * `GET /bank-accounts/{id}/exact-matches?month=YYYY-MM` (admin): the month's exact matches across
 * every page — what "Aceptar todas las coincidencias exactas del mes" would record. Read on demand
 * (fresh each time the admin asks), never cached.
 */
export const fetchExactMatches = (accountId: string, month: string) =>
  unwrap(
    apiClient.get<SuccessEnvelope<ExactMatchesPreview>>(`/bank-accounts/${accountId}/exact-matches`, {
      params: { month },
    }),
  );

/**
 * `POST /bank-accounts/{id}/exact-matches {month, lineIds}` (admin): records the confirmed lines,
 * each in its own transaction; answers how many were recorded and each failure with its reason.
 */
export function useAcceptExactMatches() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, body }: { accountId: string; body: AcceptExactMatchesRequest }) =>
      unwrap(
        apiClient.post<SuccessEnvelope<AcceptExactMatchesResponse>>(
          `/bank-accounts/${accountId}/exact-matches`,
          body,
          { timeout: 300_000 },
        ),
      ),
    onSettled: () => refreshAfterMatch(qc),
    retry: false,
  });
}
