import { type CertificationOverview, GetCertificationResponseSchema } from '@agencia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { certificationKeys } from './keys';

/** `GET /fiscal/certification` (admin): the wizard's whole state — steps, URLs, simulation, received. */
export async function getCertification(): Promise<CertificationOverview> {
  const response = await apiClient.get<SuccessEnvelope<unknown>>('/fiscal/certification');
  return GetCertificationResponseSchema.parse(response.data.data).certification;
}

export const certificationQuery = queryOptions({
  queryKey: certificationKeys.overview,
  queryFn: getCertification,
});

/**
 * The overview; `pollMs` asks again on that interval while the caller is mounted (the reception
 * steps poll every 5 s while open, to show what the DGII sends as it arrives).
 */
export function useCertification(pollMs?: number) {
  return useQuery({ ...certificationQuery, refetchInterval: pollMs ?? false });
}
