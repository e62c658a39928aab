import {
  type CertificationOverview,
  GetCertificationResponseSchema,
  type UpdateCertificationStepRequest,
} from '@agencia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { certificationKeys } from './keys';

/**
 * `PUT /fiscal/certification/steps/{step}`: checks a step off (`completed: true`, `completedOn`
 * `YYYY-MM-DD`, optional note) or undoes it (`completed: false`). Answers the new overview.
 */
export async function updateCertificationStep(
  step: number,
  body: UpdateCertificationStepRequest,
): Promise<CertificationOverview> {
  const response = await apiClient.put<SuccessEnvelope<unknown>>(`/fiscal/certification/steps/${step}`, body);
  return GetCertificationResponseSchema.parse(response.data.data).certification;
}

export function useUpdateCertificationStep() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ step, body }: { step: number; body: UpdateCertificationStepRequest }) =>
      updateCertificationStep(step, body),
    onSuccess: (overview) => qc.setQueryData(certificationKeys.overview, overview),
    retry: false,
  });
}
