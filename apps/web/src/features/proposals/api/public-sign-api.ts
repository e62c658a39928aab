import type {
  DeclineDocumentRequest,
  DocumentKind,
  OtpResponse,
  PublicSignableDocument,
  SignDocumentRequest,
} from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, getErrorStatus, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

// Mutations here are never retried (the app's default retries once): a retry would send a
// second e-mail or code, spend one of the code's 5 tries, or create a document twice.

/** What the public routes answer after signing or declining. */
export interface PublicSignResult {
  status: PublicSignableDocument['status'];
  statusLabel: string;
  signedAt: string | null;
  documentSha256: string | null;
}

/**
 * The signing link (`/firmar/{token}`) does not say whether it is a proposal's or a contract's;
 * the API answers each under its own path and 404s the other kind. The page reads the proposal
 * path first and, on a 404, the contract path; later calls go to the path that answered.
 */
const kinds: Record<string, DocumentKind> = {};
const base = (token: string) =>
  `/public/${kinds[token] === 'contract' ? 'contracts' : 'proposals'}/${encodeURIComponent(token)}`;
const key = (token: string) => ['public-sign', token] as const;

async function fetchDocument(token: string, kind: DocumentKind): Promise<PublicSignableDocument> {
  const path = `/public/${kind === 'contract' ? 'contracts' : 'proposals'}/${encodeURIComponent(token)}`;
  return (await unwrap(apiClient.get<SuccessEnvelope<{ document: PublicSignableDocument }>>(path))).document;
}

/** `GET /public/proposals/{token}` or `/public/contracts/{token}` (no sign-in): the document as the link shows it. */
export function usePublicSignableDocument(token: string) {
  return useQuery({
    queryKey: key(token),
    queryFn: async () => {
      const known = kinds[token];
      if (known) return fetchDocument(token, known);
      try {
        const doc = await fetchDocument(token, 'proposal');
        kinds[token] = 'proposal';
        return doc;
      } catch (error) {
        if (getErrorStatus(error) !== 404) throw error;
        const doc = await fetchDocument(token, 'contract');
        kinds[token] = 'contract';
        return doc;
      }
    },
    retry: false,
  });
}

/** `POST /public/proposals/{token}/otp`: e-mails the 6-digit code (10 minutes). */
export function useRequestSignOtp(token: string) {
  return useMutation({
    retry: false,
    mutationFn: () => unwrap(apiClient.post<SuccessEnvelope<OtpResponse>>(`${base(token)}/otp`, {})),
  });
}

/** `POST /public/proposals/{token}/sign`. */
export function useSignDocument(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
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
    retry: false,
    mutationFn: async (body: DeclineDocumentRequest) =>
      (
        await unwrap(
          apiClient.post<SuccessEnvelope<{ result: PublicSignResult }>>(`${base(token)}/decline`, body),
        )
      ).result,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(token) }),
  });
}
