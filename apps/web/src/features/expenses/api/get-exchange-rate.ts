import type { ListExchangeRatesResponse } from '@agencia/shared';
import { useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

/**
 * `GET /fiscal/exchange-rates?currency=USD&from=date&to=date&limit=1` (admin): the dollar rate of
 * the purchase's day, which the API will apply (decision 137); null when none is stored.
 */
export const useUsdRate = (date: string, enabled: boolean) =>
  useQuery({
    queryKey: ['fiscal', 'exchange-rates', 'USD', 'day', date],
    queryFn: async () => {
      const data = await unwrap(
        apiClient.get<SuccessEnvelope<ListExchangeRatesResponse>>('/fiscal/exchange-rates', {
          params: { currency: 'USD', to: date, limit: 1 },
        }),
      );
      return data.rates[0] ?? null;
    },
    enabled: enabled && /^\d{4}-\d{2}-\d{2}$/.test(date),
    staleTime: 60_000,
  });
