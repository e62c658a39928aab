import { type CertificationTestSet, CertificationTestSetResponseSchema } from '@agencia/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { certificationKeys } from './keys';

/** While a set is being sent, it is asked again this often so progress is live. */
export const SENDING_POLL_MS = 2_000;

/** `GET /fiscal/certification/test-sets/{id}`: one set with its cases. */
export async function getTestSet(id: string): Promise<CertificationTestSet> {
  const response = await apiClient.get<SuccessEnvelope<unknown>>(`/fiscal/certification/test-sets/${id}`);
  return CertificationTestSetResponseSchema.parse(response.data.data).testSet;
}

/**
 * One set, live while it is `sending`: seeded with what the list said (`initial`), asked every
 * 2 s until the run completes or stops. Disabled for sets that are not sending.
 */
export function useLiveTestSet(initial: CertificationTestSet) {
  return useQuery({
    queryKey: certificationKeys.testSet(initial._id),
    queryFn: () => getTestSet(initial._id),
    enabled: initial.status === 'sending',
    placeholderData: initial,
    refetchInterval: (query) =>
      (query.state.data ?? initial).status === 'sending' ? SENDING_POLL_MS : false,
  });
}
