import type {
  AcceptQuoteBody,
  AcceptQuoteResponse,
  CreateQuoteBody,
  ListQuotesQuery,
  ListQuotesResponse,
  Quote,
  RejectQuoteBody,
  UpdateQuoteBody,
} from '@agencia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { downloadPdf, invoiceKeys } from '../../billing-shared/api/documents';

/** Query keys of quotes (decision 114); invalidate `quoteKeys.all` after any write. */
export const quoteKeys = {
  all: ['quotes'] as const,
  list: (q: ListQuotesQuery) => ['quotes', 'list', q] as const,
  detail: (id: string) => ['quotes', 'detail', id] as const,
};

/** `GET /quotes?page&limit&status&search` (empty params omitted). */
export const useQuotes = (query: ListQuotesQuery) =>
  useQuery({
    queryKey: quoteKeys.list(query),
    queryFn: () => {
      const params = Object.fromEntries(
        Object.entries(query).filter(([, v]) => v !== '' && v !== undefined && v !== 'all'),
      );
      return unwrap(apiClient.get<SuccessEnvelope<ListQuotesResponse>>('/quotes', { params }));
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** `GET /quotes/{id}`. */
export const useQuote = (id: string | undefined) =>
  useQuery({
    queryKey: quoteKeys.detail(id ?? ''),
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ quote: Quote }>>(`/quotes/${id}`))).quote,
    enabled: Boolean(id),
    staleTime: 10_000,
  });

type One = SuccessEnvelope<{ quote: Quote }>;

function useQuoteMutation<V, R>(fn: (v: V) => Promise<R>, alsoInvoices = false) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: quoteKeys.all });
      if (alsoInvoices) qc.invalidateQueries({ queryKey: invoiceKeys.all });
    },
    retry: false,
  });
}

/** `POST /quotes` (admin). */
export const useCreateQuote = () =>
  useQuoteMutation(
    async (body: CreateQuoteBody) => (await unwrap(apiClient.post<One>('/quotes', body))).quote,
  );

/** `PUT /quotes/{id}` (admin, drafts). */
export const useUpdateQuote = () =>
  useQuoteMutation(
    async ({ id, body }: { id: string; body: UpdateQuoteBody }) =>
      (await unwrap(apiClient.put<One>(`/quotes/${id}`, body))).quote,
  );

/** `POST /quotes/{id}/send` (admin). */
export const useSendQuote = () =>
  useQuoteMutation(async (id: string) => (await unwrap(apiClient.post<One>(`/quotes/${id}/send`))).quote);

/** `POST /quotes/{id}/accept` (the quote's client): answers the quote and the draft invoice(s). */
export const useAcceptQuote = () =>
  useQuoteMutation(
    async ({ id, body }: { id: string; body: AcceptQuoteBody }) =>
      unwrap(apiClient.post<SuccessEnvelope<AcceptQuoteResponse>>(`/quotes/${id}/accept`, body)),
    true,
  );

/** `POST /quotes/{id}/reject` (the quote's client). */
export const useRejectQuote = () =>
  useQuoteMutation(
    async ({ id, body }: { id: string; body: RejectQuoteBody }) =>
      (await unwrap(apiClient.post<One>(`/quotes/${id}/reject`, body))).quote,
  );

/** Downloads `GET /quotes/{id}/pdf` as `Cotizacion-<number>.pdf`. */
export const downloadQuotePdf = (id: string, quoteNumber: string) =>
  downloadPdf(`/quotes/${id}/pdf`, `Cotizacion-${quoteNumber}.pdf`);
