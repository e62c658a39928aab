import { type CertificationOverview, GetCertificationResponseSchema } from '@agencia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { certificationKeys } from './keys';

/** `POST /fiscal/certification/certified-elsewhere {confirm: true}`: certified outside the portal. */
export async function confirmCertifiedElsewhere(): Promise<CertificationOverview> {
  const response = await apiClient.post<SuccessEnvelope<unknown>>(
    '/fiscal/certification/certified-elsewhere',
    {
      confirm: true,
    },
  );
  return GetCertificationResponseSchema.parse(response.data.data).certification;
}

export function useConfirmCertifiedElsewhere() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: confirmCertifiedElsewhere,
    onSuccess: (overview) => {
      qc.setQueryData(certificationKeys.overview, overview);
      // The dashboard's e-CF alerts and the e-CF card read the same state.
      return qc.invalidateQueries({ queryKey: ['fiscal', 'ecf'] });
    },
    retry: false,
  });
}
