import type {
  ConvertProposalRequest,
  ConvertProposalResponse,
  CountersignDocumentRequest,
  CreateDocumentTemplateRequest,
  CreateSignableDocumentRequest,
  DeclineDocumentRequest,
  DocumentKind,
  DocumentTemplate,
  GetSignableDocumentResponse,
  ListSignableDocumentsQuery,
  ListSignableDocumentsResponse,
  OtpResponse,
  SendSignableDocumentRequest,
  SendSignableDocumentResponse,
  SignableDocument,
  SignDocumentRequest,
  UpdateDocumentTemplateRequest,
  UpdateSignableDocumentRequest,
} from '@agencia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import type { PublicSignResult } from './public-sign-api';

// Mutations here are never retried (the app's default retries once): a retry would send a
// second e-mail or code, spend one of the code's 5 tries, or create a document twice.

/** `/proposals` or `/contracts`: both speak the same shapes (decision 171). */
export const kindPath = (kind: DocumentKind) => (kind === 'contract' ? '/contracts' : '/proposals');

/** Query keys of the proposals feature; `proposalKeys.all` invalidates every document query. */
export const proposalKeys = {
  all: ['signable-documents'] as const,
  list: (kind: DocumentKind, filters: ListSignableDocumentsQuery) =>
    ['signable-documents', kind, 'list', filters] as const,
  detail: (kind: DocumentKind, id: string) => ['signable-documents', kind, 'detail', id] as const,
  templates: ['document-templates'] as const,
};

// --- Templates ---

/** `GET /document-templates`: every template (both kinds). */
export function useDocumentTemplates() {
  return useQuery({
    queryKey: proposalKeys.templates,
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ templates: DocumentTemplate[] }>>('/document-templates')))
        .templates,
  });
}

/** `POST /document-templates` or `PUT /document-templates/{id}` (with `id`). */
export function useSaveDocumentTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: async ({
      id,
      body,
    }: {
      id?: string;
      body: CreateDocumentTemplateRequest | UpdateDocumentTemplateRequest;
    }) => {
      const request = id
        ? apiClient.put<SuccessEnvelope<{ template: DocumentTemplate }>>(`/document-templates/${id}`, body)
        : apiClient.post<SuccessEnvelope<{ template: DocumentTemplate }>>('/document-templates', body);
      return (await unwrap(request)).template;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalKeys.templates }),
  });
}

/** `DELETE /document-templates/{id}` (documents already created keep their copy). */
export function useDeleteDocumentTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: (id: string) => apiClient.delete(`/document-templates/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: proposalKeys.templates }),
  });
}

// --- Documents ---

/** `GET /proposals` / `GET /contracts` (empty filters omitted). */
export function useSignableDocuments(kind: DocumentKind, filters: ListSignableDocumentsQuery) {
  return useQuery({
    queryKey: proposalKeys.list(kind, filters),
    queryFn: () => {
      const params = Object.fromEntries(
        Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''),
      );
      return unwrap(
        apiClient.get<SuccessEnvelope<ListSignableDocumentsResponse>>(kindPath(kind), { params }),
      );
    },
    placeholderData: keepPreviousData,
  });
}

/** `GET /proposals/{id}`: the document and its trail. */
export function useSignableDocument(kind: DocumentKind, id: string) {
  return useQuery({
    queryKey: proposalKeys.detail(kind, id),
    queryFn: () =>
      unwrap(apiClient.get<SuccessEnvelope<GetSignableDocumentResponse>>(`${kindPath(kind)}/${id}`)),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: proposalKeys.all });
}

type DocumentAnswer = SuccessEnvelope<{ document: SignableDocument }>;

/** `POST /proposals` / `POST /contracts`. */
export function useCreateSignableDocument(kind: DocumentKind) {
  const invalidate = useInvalidate();
  return useMutation({
    retry: false,
    mutationFn: async (body: CreateSignableDocumentRequest) =>
      (await unwrap(apiClient.post<DocumentAnswer>(kindPath(kind), body))).document,
    onSuccess: invalidate,
  });
}

/** `PUT /proposals/{id}` (409 once signed). */
export function useUpdateSignableDocument(kind: DocumentKind, id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    retry: false,
    mutationFn: async (body: UpdateSignableDocumentRequest) =>
      (await unwrap(apiClient.put<DocumentAnswer>(`${kindPath(kind)}/${id}`, body))).document,
    onSuccess: invalidate,
  });
}

/** `POST /proposals/{id}/send`: e-mails the link; the answer carries `shareUrl` and the WhatsApp text. */
export function useSendSignableDocument(kind: DocumentKind, id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    retry: false,
    mutationFn: (body: SendSignableDocumentRequest) =>
      unwrap(
        apiClient.post<SuccessEnvelope<SendSignableDocumentResponse>>(`${kindPath(kind)}/${id}/send`, body),
      ),
    onSuccess: invalidate,
  });
}

/** `POST /proposals/{id}/countersign/otp`: e-mails the admin a code for the countersignature. */
export function useCountersignOtp(kind: DocumentKind, id: string) {
  return useMutation({
    retry: false,
    mutationFn: () =>
      unwrap(apiClient.post<SuccessEnvelope<OtpResponse>>(`${kindPath(kind)}/${id}/countersign/otp`, {})),
  });
}

/** `POST /proposals/{id}/countersign` (admin). */
export function useCountersign(kind: DocumentKind, id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    retry: false,
    mutationFn: async (body: CountersignDocumentRequest) =>
      (await unwrap(apiClient.post<DocumentAnswer>(`${kindPath(kind)}/${id}/countersign`, body))).document,
    onSuccess: invalidate,
  });
}

/** `POST /proposals/{id}/versions` ("Nueva versión"): the new draft. */
export function useNewVersion(kind: DocumentKind, id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    retry: false,
    mutationFn: async () =>
      (await unwrap(apiClient.post<DocumentAnswer>(`${kindPath(kind)}/${id}/versions`, {}))).document,
    onSuccess: invalidate,
  });
}

/**
 * `DELETE /proposals/{id}` ("Eliminar borrador"; 409 once sent). Lists are refreshed; the deleted
 * document's own query is dropped, not refetched (it would answer 404 while the page leaves).
 */
export function useDeleteSignableDocument(kind: DocumentKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: () => apiClient.delete(`${kindPath(kind)}/${id}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: proposalKeys.detail(kind, id), exact: true });
      void queryClient.invalidateQueries({
        queryKey: proposalKeys.all,
        predicate: (q) => !(q.queryKey[2] === 'detail' && q.queryKey[3] === id),
      });
    },
  });
}

/** `POST /proposals/{id}/convert`: a project, a retainer or a first invoice, once. */
export function useConvertProposal(kind: DocumentKind, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    retry: false,
    mutationFn: (body: ConvertProposalRequest) =>
      unwrap(
        apiClient.post<SuccessEnvelope<ConvertProposalResponse>>(`${kindPath(kind)}/${id}/convert`, body),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: proposalKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['leads'] });
    },
  });
}

// --- The recipient inside the portal (decision 174) ---

/** `POST /proposals/{id}/otp` (a client, its own sent document): e-mails the 6-digit code. */
export function usePortalSignOtp(kind: DocumentKind, id: string) {
  return useMutation({
    retry: false,
    mutationFn: () => unwrap(apiClient.post<SuccessEnvelope<OtpResponse>>(`${kindPath(kind)}/${id}/otp`, {})),
  });
}

/** `POST /proposals/{id}/sign`: the recipient's signature, the same body as the link's. */
export function usePortalSign(kind: DocumentKind, id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    retry: false,
    mutationFn: async (body: SignDocumentRequest) =>
      (
        await unwrap(
          apiClient.post<SuccessEnvelope<{ result: PublicSignResult }>>(`${kindPath(kind)}/${id}/sign`, body),
        )
      ).result,
    onSuccess: invalidate,
  });
}

/** `POST /proposals/{id}/decline {reason}`. */
export function usePortalDecline(kind: DocumentKind, id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    retry: false,
    mutationFn: async (body: DeclineDocumentRequest) =>
      (
        await unwrap(
          apiClient.post<SuccessEnvelope<{ result: PublicSignResult }>>(
            `${kindPath(kind)}/${id}/decline`,
            body,
          ),
        )
      ).result,
    onSuccess: invalidate,
  });
}

/** Someone a document can be made for: a lead or a client, as the recipient picker lists them. */
export interface RecipientOption {
  value: string;
  label: string;
  group: 'Prospectos' | 'Clientes';
}

/**
 * Leads (`GET /leads`, when the user may read them) and clients (`GET /clients`, admins) for the
 * "Nueva propuesta" picker, filtered by `search`; values are `lead:<id>` / `client:<id>`.
 */
export function useRecipientOptions(search: string, enabled: boolean, withClients: boolean) {
  return useQuery({
    queryKey: ['signable-documents', 'recipients', search, withClients],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<RecipientOption[]> => {
      const [leads, clients] = await Promise.all([
        unwrap(
          apiClient.get<
            SuccessEnvelope<{ leads: Array<{ _id: string; title: string; contactName: string }> }>
          >('/leads', { params: { limit: 50, ...(search ? { q: search } : {}) } }),
        ).catch(() => ({ leads: [] })),
        withClients
          ? unwrap(
              apiClient.get<
                SuccessEnvelope<{
                  clients: Array<{
                    _id: string;
                    firstName: string;
                    lastName: string;
                    companyName: string | null;
                  }>;
                }>
              >('/clients', { params: { limit: 50, ...(search ? { search } : {}) } }),
            ).catch(() => ({ clients: [] }))
          : { clients: [] },
      ]);
      return [
        ...leads.leads.map((l) => ({
          value: `lead:${l._id}`,
          label: `${l.title} · ${l.contactName}`,
          group: 'Prospectos' as const,
        })),
        ...clients.clients.map((c) => ({
          value: `client:${c._id}`,
          label: c.companyName
            ? `${c.companyName} (${c.firstName} ${c.lastName})`
            : `${c.firstName} ${c.lastName}`,
          group: 'Clientes' as const,
        })),
      ];
    },
  });
}
