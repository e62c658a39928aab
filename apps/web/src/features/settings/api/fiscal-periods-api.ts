import type { ClosedFiscalPeriod, DeleteFiscalPeriodRequest, FiscalPeriodCorrection } from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

/** Query key of the closed fiscal periods. */
export const fiscalPeriodKeys = { all: ['fiscal', 'periods'] as const };

/** `GET /fiscal/periods` (admin): closed months, newest first. */
export const fiscalPeriodsQuery = {
  queryKey: fiscalPeriodKeys.all,
  queryFn: async () =>
    (await unwrap(apiClient.get<SuccessEnvelope<{ periods: ClosedFiscalPeriod[] }>>('/fiscal/periods')))
      .periods,
};
export const useFiscalPeriods = () => useQuery(fiscalPeriodsQuery);

/** `GET /fiscal/periods/corrections` (admin): filed months with changes recorded after closing. */
export const useFiscalPeriodCorrections = () =>
  useQuery({
    queryKey: [...fiscalPeriodKeys.all, 'corrections'],
    queryFn: async () =>
      (
        await unwrap(
          apiClient.get<SuccessEnvelope<{ corrections: FiscalPeriodCorrection[] }>>(
            '/fiscal/periods/corrections',
          ),
        )
      ).corrections,
  });

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: fiscalPeriodKeys.all });
}

/** `POST /fiscal/periods`: closes a past month (409 if already closed, 400 if not over). */
export function useCloseFiscalPeriod() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (period: string) =>
      (
        await unwrap(
          apiClient.post<SuccessEnvelope<{ period: ClosedFiscalPeriod }>>('/fiscal/periods', { period }),
        )
      ).period,
    onSuccess: invalidate,
    retry: false,
  });
}

/** `DELETE /fiscal/periods/{period}` with `{reason}`: reopens a closed month (audited). */
export function useReopenFiscalPeriod() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ period, body }: { period: string; body: DeleteFiscalPeriodRequest }) =>
      (
        await unwrap(
          apiClient.delete<SuccessEnvelope<{ period: ClosedFiscalPeriod }>>(`/fiscal/periods/${period}`, {
            data: body,
          }),
        )
      ).period,
    onSuccess: invalidate,
    retry: false,
  });
}
