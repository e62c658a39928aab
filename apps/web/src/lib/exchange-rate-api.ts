import {
  type ExchangeRate,
  type ForeignCurrency,
  type ListExchangeRatesResponse,
  oldestUsableRateDay,
  type UpsertExchangeRateRequest,
} from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from './api-client';

/*
 * The rate a foreign-currency document will take, read before the user saves (decision 163):
 * shared by the expense form and the invoice form, which may not import each other, and by
 * Configuración → Fiscal through the same query key family.
 */

/**
 * `GET /fiscal/exchange-rates?currency&from&to&limit=1` (admin): the rate a document dated `day`
 * takes — that day's or the latest of the 7 days before it, the window the API applies
 * (decision 137) — or null when there is none.
 */
export function useRateForDay(currency: ForeignCurrency, day: string, enabled: boolean) {
  return useQuery({
    queryKey: ['fiscal', 'exchange-rates', currency, 'day', day],
    queryFn: async () => {
      const data = await unwrap(
        apiClient.get<SuccessEnvelope<ListExchangeRatesResponse>>('/fiscal/exchange-rates', {
          params: { currency, from: oldestUsableRateDay(day), to: day, limit: 1 },
        }),
      );
      return data.rates[0] ?? null;
    },
    enabled: enabled && /^\d{4}-\d{2}-\d{2}$/.test(day),
    staleTime: 60_000,
  });
}

/** `POST /fiscal/exchange-rates` (admin): stores a day's rate from the form that needs it. */
export function useRecordRate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpsertExchangeRateRequest) =>
      unwrap(
        apiClient.post<SuccessEnvelope<{ rate: ExchangeRate; created: boolean }>>(
          '/fiscal/exchange-rates',
          body,
        ),
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['fiscal', 'exchange-rates'] }),
    retry: false,
  });
}
