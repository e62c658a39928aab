import type {
  ExchangeRate,
  ForeignCurrency,
  ImportExchangeRatesResponse,
  ListExchangeRatesResponse,
  UpsertExchangeRateRequest,
} from '@agencia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

/** Query keys of the exchange rates (issue 27, decision 137). */
export const exchangeRateKeys = {
  all: ['fiscal', 'exchange-rates'] as const,
  list: (currency: ForeignCurrency, page: number) => ['fiscal', 'exchange-rates', currency, page] as const,
};

/** How many days the card lists a page. */
export const EXCHANGE_RATES_PAGE_SIZE = 10;

/** `GET /fiscal/exchange-rates?currency=&page=&limit=` (admin): the rates of a currency, newest day first. */
export function useExchangeRates(currency: ForeignCurrency, page: number) {
  return useQuery({
    queryKey: exchangeRateKeys.list(currency, page),
    queryFn: async () =>
      unwrap(
        apiClient.get<SuccessEnvelope<ListExchangeRatesResponse>>('/fiscal/exchange-rates', {
          params: { currency, page, limit: EXCHANGE_RATES_PAGE_SIZE },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: exchangeRateKeys.all });
}

/** `POST /fiscal/exchange-rates`: stores (or replaces) a day's rate; 400 with the field in Spanish. */
export function useSetExchangeRate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: UpsertExchangeRateRequest) =>
      unwrap(
        apiClient.post<SuccessEnvelope<{ rate: ExchangeRate; created: boolean }>>(
          '/fiscal/exchange-rates',
          body,
        ),
      ),
    onSuccess: invalidate,
    retry: false,
  });
}

/** `POST /fiscal/exchange-rates/import` (multipart `file`): the BCRD series; 400 naming the bad line. */
export function useImportExchangeRates() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return unwrap(
        apiClient.post<SuccessEnvelope<ImportExchangeRatesResponse>>('/fiscal/exchange-rates/import', body, {
          headers: { 'Content-Type': 'multipart/form-data' },
          timeout: 30_000,
        }),
      );
    },
    onSuccess: invalidate,
    retry: false,
  });
}
