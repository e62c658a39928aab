import {
  GetRequestResponseSchema,
  type ListRequestsQuery,
  ListRequestsResponseSchema,
  type RequestKind,
  type RequestStatus,
} from '@agencia/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';

/** `GET /requests`: quote and access requests (admin). */
export async function listRequests(query: ListRequestsQuery) {
  const response = await apiClient.get<SuccessEnvelope<unknown>>('/requests', { params: query });
  return ListRequestsResponseSchema.parse(response.data.data);
}

export const requestsQuery = (query: ListRequestsQuery) =>
  queryOptions({ queryKey: ['requests', 'list', query], queryFn: () => listRequests(query) });

export function useRequests(query: ListRequestsQuery) {
  return useQuery({ ...requestsQuery(query), placeholderData: (previous) => previous });
}

/** `GET /requests/{kind}/{id}`. */
export async function getRequest(kind: RequestKind, id: string) {
  const response = await apiClient.get<SuccessEnvelope<unknown>>(`/requests/${kind}/${id}`);
  return GetRequestResponseSchema.parse(response.data.data).request;
}

export function useRequest(kind: RequestKind | null, id: string | null) {
  return useQuery({
    queryKey: ['requests', 'detail', kind, id],
    queryFn: () => getRequest(kind as RequestKind, id as string),
    enabled: Boolean(kind && id),
  });
}

/** `PATCH /requests/{kind}/{id}/status`; refreshes the list and the detail. */
export function useUpdateRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { kind: RequestKind; id: string; status: RequestStatus }) => {
      const response = await apiClient.patch<SuccessEnvelope<unknown>>(
        `/requests/${input.kind}/${input.id}/status`,
        {
          status: input.status,
        },
      );
      return GetRequestResponseSchema.parse(response.data.data).request;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['requests'] }),
  });
}

/** URL of a stored document (downloaded through the authenticated client as a blob). */
export async function downloadRequestFile(id: string, fileId: string, filename: string): Promise<void> {
  const response = await apiClient.get<Blob>(`/requests/access/${id}/files/${fileId}`, {
    responseType: 'blob',
  });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}
