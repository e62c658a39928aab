import type {
  DeclineDocumentRequest,
  OtpResponse,
  PublicSignableDocument,
  SignDocumentRequest,
} from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

/** What the public routes answer after signing or declining. */
export interface PublicSignResult {
  status: PublicSignableDocument['status'];
  statusLabel: string;
  signedAt: string | null;
  documentSha256: string | null;
}

const base = (token: string) => `/public/proposals/${encodeURIComponent(token)}`;
const key = (token: string) => ['public-sign', token] as const;

/** `GET /public/proposals/{token}` (no sign-in): the document as the link shows it. */
export function usePublicSignableDocument(token: string) {
  return useQuery({
    queryKey: key(token),
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ document: PublicSignableDocument }>>(base(token))))
        .document,
    retry: false,
  });
}

/** `POST /public/proposals/{token}/otp`: e-mails the 6-digit code (10 minutes). */
export function useRequestSignOtp(token: string) {
  return useMutation({
    mutationFn: () => unwrap(apiClient.post<SuccessEnvelope<OtpResponse>>(`${base(token)}/otp`, {})),
  });
}

/** `POST /public/proposals/{token}/sign`. */
export function useSignDocument(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SignDocumentRequest) =>
      (
        await unwrap(
          apiClient.post<SuccessEnvelope<{ result: PublicSignResult }>>(`${base(token)}/sign`, body),
        )
      ).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(token) }),
  });
}

/** `POST /public/proposals/{token}/decline {reason}`. */
export function useDeclineDocument(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DeclineDocumentRequest) =>
      (
        await unwrap(
          apiClient.post<SuccessEnvelope<{ result: PublicSignResult }>>(`${base(token)}/decline`, body),
        )
      ).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(token) }),
  });
}
