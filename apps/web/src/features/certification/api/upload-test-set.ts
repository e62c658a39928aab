import { type CertificationTestSet, CertificationTestSetResponseSchema } from '@agencia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { certificationKeys, MULTIPART, SLOW_TIMEOUT_MS } from './keys';

/** The two workbooks the DGII hands out: the e-CF test set (step 2) and the approvals (step 3). */
export type WorkbookKind = 'ecf' | 'approval';

const PATHS: Record<WorkbookKind, string> = {
  ecf: '/fiscal/certification/test-sets',
  approval: '/fiscal/certification/approval-sets',
};

/**
 * `POST /fiscal/certification/test-sets` or `…/approval-sets` (multipart `file`, the DGII's
 * .xlsx): 201 with the imported set. An approvals set starts sending at once. 400 when the file
 * is not a workbook; 422 with one problem per case and field (see `workbook-problems.ts`).
 */
export async function uploadWorkbook(kind: WorkbookKind, file: File): Promise<CertificationTestSet> {
  const body = new FormData();
  body.append('file', file);
  const response = await apiClient.post<SuccessEnvelope<unknown>>(PATHS[kind], body, {
    headers: MULTIPART,
    timeout: SLOW_TIMEOUT_MS,
  });
  return CertificationTestSetResponseSchema.parse(response.data.data).testSet;
}

export function useUploadWorkbook(kind: WorkbookKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadWorkbook(kind, file),
    onSuccess: () => qc.invalidateQueries({ queryKey: certificationKeys.all }),
    retry: false,
  });
}
