import { type CertificationTestSet, CertificationTestSetResponseSchema } from '@agencia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { certificationKeys } from './keys';

/**
 * `POST /fiscal/certification/test-sets/{id}/send`: 202, the run starts in the background (each
 * case in the DGII's order; the first rejection stops it). Answers the set, now `sending`.
 */
export async function sendTestSet(id: string): Promise<CertificationTestSet> {
  const response = await apiClient.post<SuccessEnvelope<unknown>>(
    `/fiscal/certification/test-sets/${id}/send`,
    {},
  );
  return CertificationTestSetResponseSchema.parse(response.data.data).testSet;
}

export function useSendTestSet() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendTestSet,
    onSuccess: (testSet) => {
      qc.setQueryData(certificationKeys.testSet(testSet._id), testSet);
      qc.setQueryData<CertificationTestSet[]>(certificationKeys.testSets, (sets) =>
        sets?.map((s) => (s._id === testSet._id ? testSet : s)),
      );
      return qc.invalidateQueries({ queryKey: certificationKeys.overview });
    },
    retry: false,
  });
}
