import { type CertificationTestSet, ListCertificationTestSetsResponseSchema } from '@agencia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { certificationKeys } from './keys';

/** `GET /fiscal/certification/test-sets`: every imported workbook (e-CF and approvals), with its cases. */
export async function getTestSets(): Promise<CertificationTestSet[]> {
  const response = await apiClient.get<SuccessEnvelope<unknown>>('/fiscal/certification/test-sets');
  return ListCertificationTestSetsResponseSchema.parse(response.data.data).testSets;
}

export const testSetsQuery = queryOptions({ queryKey: certificationKeys.testSets, queryFn: getTestSets });

export function useTestSets() {
  return useQuery(testSetsQuery);
}
