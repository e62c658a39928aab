import type {
  CommercialApprovalRequest,
  CommercialApprovalStatus,
  GetReceivedEcfResponse,
  ListReceivedEcfResponse,
  ReceivedEcf,
  ReceivedEcfDetail,
} from '@agencia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { downloadXml } from '../../billing-shared/api/documents';

/** The list's query: a page and, optionally, one commercial status. */
export interface ReceivedEcfListQuery {
  page: number;
  limit: number;
  approvalStatus?: CommercialApprovalStatus;
}

/** Query keys of the e-CF received from suppliers (issue 26, "Receiving"). */
export const receivedEcfKeys = {
  all: ['ecf-received'] as const,
  lists: ['ecf-received', 'list'] as const,
  list: (q: ReceivedEcfListQuery) => ['ecf-received', 'list', q] as const,
  detail: (id: string) => ['ecf-received', 'detail', id] as const,
};

/** `GET /fiscal/received?page&limit&approvalStatus` (admin): newest received first. */
export const useReceivedEcfs = (query: ReceivedEcfListQuery) =>
  useQuery({
    queryKey: receivedEcfKeys.list(query),
    queryFn: () =>
      unwrap(
        apiClient.get<SuccessEnvelope<ListReceivedEcfResponse>>('/fiscal/received', {
          params: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)),
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** `GET /fiscal/received/{id}` (admin): the document with its answers and the DGII's messages. */
export const useReceivedEcf = (id: string | null) =>
  useQuery({
    queryKey: receivedEcfKeys.detail(id ?? ''),
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<GetReceivedEcfResponse>>(`/fiscal/received/${id}`)))
        .document,
    enabled: Boolean(id),
    staleTime: 10_000,
  });

/**
 * `POST /fiscal/received/{id}/approval` (admin): approve or reject (with a reason) commercially;
 * the API signs the ACECF and sends it to the DGII. The answered document replaces the cached
 * detail, and every list is asked again (its status changed).
 */
export function useAnswerReceivedEcf() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: CommercialApprovalRequest }) =>
      (
        await unwrap(
          apiClient.post<SuccessEnvelope<GetReceivedEcfResponse>>(`/fiscal/received/${id}/approval`, body),
        )
      ).document,
    onSuccess: (document: ReceivedEcfDetail) => {
      qc.setQueryData(receivedEcfKeys.detail(document._id), document);
      return qc.invalidateQueries({ queryKey: receivedEcfKeys.lists });
    },
    retry: false,
  });
}

/** `GET /fiscal/received/{id}/xml`: the supplier's XML as received (RNC + e-NCF + `.xml`). */
export const downloadReceivedEcfXml = (document: Pick<ReceivedEcf, '_id' | 'issuerRnc' | 'encf'>) =>
  downloadXml(`/fiscal/received/${document._id}/xml`, `${document.issuerRnc}${document.encf}.xml`);
