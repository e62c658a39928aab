import type {
  CreateShareLinkRequest,
  CreateShareLinkResponse,
  ShareDocumentType,
  ShareLink,
} from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from './api-client';

/** Query key of a document's share links. */
export const shareLinksKey = (type: ShareDocumentType, id: string) => ['share-links', type, id] as const;

/** `GET /share-links?type&id`: the document's links (never the tokens), newest first. */
export function useShareLinks(type: ShareDocumentType, id: string, enabled = true) {
  return useQuery({
    queryKey: shareLinksKey(type, id),
    queryFn: () =>
      unwrap<{ shareLinks: ShareLink[] }>(apiClient.get('/share-links', { params: { type, id } })).then(
        (d) => d.shareLinks,
      ),
    enabled,
  });
}

/** `POST /share-links` → the URL (shown once), expiry, WhatsApp message and the client's phone. */
export function useCreateShareLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareLinkRequest) =>
      unwrap<CreateShareLinkResponse>(apiClient.post('/share-links', body)),
    onSuccess: (_data, body) => qc.invalidateQueries({ queryKey: shareLinksKey(body.type, body.id) }),
  });
}

/** `DELETE /share-links/{id}` ("Revocar"). */
export function useRevokeShareLink(type: ShareDocumentType, documentId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete(`/share-links/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: shareLinksKey(type, documentId) }),
  });
}
