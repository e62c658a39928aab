import type { PaymentInstructions, UpdatePaymentInstructionsRequest } from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from './api-client';

/** Query key of the company's payment instructions (shared by settings and billing screens). */
export const paymentInstructionsKey = ['settings', 'payment-instructions'] as const;

type Envelope = SuccessEnvelope<{ paymentInstructions: PaymentInstructions }>;

/**
 * `GET /settings/payment-instructions`: bank accounts and other ways to pay. Anyone who may read
 * invoices may read them (clients included); `enabled` lets a page ask only when it will show them.
 */
export function usePaymentInstructions(enabled = true) {
  return useQuery({
    queryKey: paymentInstructionsKey,
    queryFn: async () =>
      (await unwrap(apiClient.get<Envelope>('/settings/payment-instructions'))).paymentInstructions,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** `PUT /settings/payment-instructions` (admin): replaces the whole list and the other methods. */
export function useUpdatePaymentInstructions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdatePaymentInstructionsRequest) =>
      (await unwrap(apiClient.put<Envelope>('/settings/payment-instructions', input))).paymentInstructions,
    onSuccess: (data) => queryClient.setQueryData(paymentInstructionsKey, data),
    retry: false,
  });
}
