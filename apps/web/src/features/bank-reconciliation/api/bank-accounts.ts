import type {
  CreateReconciliationAccountRequest,
  ImportStatementResponse,
  ReconciliationAccount,
  UpdateReconciliationAccountRequest,
} from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { bankKeys } from './keys';

/** `GET /bank-accounts` (admin): the reconciled accounts with their bank balance and unmatched count. */
export const useBankAccounts = () =>
  useQuery({
    queryKey: bankKeys.accounts,
    queryFn: async () =>
      (
        await unwrap(
          apiClient.get<SuccessEnvelope<{ bankAccounts: ReconciliationAccount[] }>>('/bank-accounts'),
        )
      ).bankAccounts,
    staleTime: 30_000,
  });

/** `POST /bank-accounts` (admin); 409 when the bank and number exist. Every bank query refreshes. */
export function useCreateBankAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateReconciliationAccountRequest) =>
      (
        await unwrap(
          apiClient.post<SuccessEnvelope<{ bankAccount: ReconciliationAccount }>>('/bank-accounts', body),
        )
      ).bankAccount,
    onSuccess: () => qc.invalidateQueries({ queryKey: bankKeys.all }),
    retry: false,
  });
}

/** `PUT /bank-accounts/{id}` (admin): any subset of the fields, the statement mapping included. */
export function useUpdateBankAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateReconciliationAccountRequest }) =>
      (
        await unwrap(
          apiClient.put<SuccessEnvelope<{ bankAccount: ReconciliationAccount }>>(
            `/bank-accounts/${id}`,
            body,
          ),
        )
      ).bankAccount,
    onSuccess: () => qc.invalidateQueries({ queryKey: bankKeys.all }),
    retry: false,
  });
}

/**
 * `POST /bank-accounts/{id}/statements` (admin, multipart `file`): imports a CSV, XLSX or OFX
 * statement. `onProgress` gets the upload's share sent, 0–1 (the server then reads and matches the
 * lines: the caller shows that as an indeterminate step). Resolves with the counts (201).
 */
export function useImportStatement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({
      accountId,
      file,
      onProgress,
    }: {
      accountId: string;
      file: File;
      onProgress?: (share: number) => void;
    }) => {
      const body = new FormData();
      body.append('file', file);
      return unwrap(
        apiClient.post<SuccessEnvelope<ImportStatementResponse>>(
          `/bank-accounts/${accountId}/statements`,
          body,
          {
            headers: { 'Content-Type': 'multipart/form-data' },
            // A 5,000-line statement reads and gets its suggestions in a few seconds; a slow link adds the upload.
            timeout: 120_000,
            onUploadProgress: (e) => {
              if (onProgress && e.total) onProgress(Math.min(1, e.loaded / e.total));
            },
          },
        ),
      );
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: bankKeys.all }),
    retry: false,
  });
}
