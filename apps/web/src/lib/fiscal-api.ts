import type {
  CreateFiscalSequenceRequest,
  FiscalSequence,
  UpdateFiscalSequenceRequest,
  VoidNcfRequest,
} from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from './api-client';

/** Query key of the NCF ranges (the dashboard warning reads the same key). */
export const fiscalKeys = { sequences: ['fiscal', 'sequences'] as const };

/** `GET /fiscal/sequences` (admin). */
export const fiscalSequencesQuery = {
  queryKey: fiscalKeys.sequences,
  queryFn: async () =>
    (await unwrap(apiClient.get<SuccessEnvelope<{ sequences: FiscalSequence[] }>>('/fiscal/sequences')))
      .sequences,
};
export const useFiscalSequences = (enabled = true) => useQuery({ ...fiscalSequencesQuery, enabled });

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: fiscalKeys.sequences });
}

/** `POST /fiscal/sequences`: a new active range (409 with a Spanish message on overlap or a second active one). */
export function useCreateSequence() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: CreateFiscalSequenceRequest) =>
      (await unwrap(apiClient.post<SuccessEnvelope<{ sequence: FiscalSequence }>>('/fiscal/sequences', body)))
        .sequence,
    onSuccess: invalidate,
    retry: false,
  });
}

/** `PUT /fiscal/sequences/{id}`: activate/deactivate, threshold, expiry. */
export function useUpdateSequence() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateFiscalSequenceRequest }) =>
      (
        await unwrap(
          apiClient.put<SuccessEnvelope<{ sequence: FiscalSequence }>>(`/fiscal/sequences/${id}`, body),
        )
      ).sequence,
    onSuccess: invalidate,
    retry: false,
  });
}

/** `POST /fiscal/sequences/{id}/void`: annuls the next numbers (608). */
export function useVoidNumbers() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: VoidNcfRequest }) =>
      (
        await unwrap(
          apiClient.post<SuccessEnvelope<{ voids: Array<{ ncf: string }>; sequence: FiscalSequence }>>(
            `/fiscal/sequences/${id}/void`,
            body,
          ),
        )
      ).voids,
    onSuccess: invalidate,
    retry: false,
  });
}
