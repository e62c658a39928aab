import { ListPrintedRepresentationsResponseSchema, type PrintedRepresentation } from '@agencia/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { fileNameOf, saveBlob } from './download';
import { certificationKeys, SLOW_TIMEOUT_MS } from './keys';

/** `GET /fiscal/certification/printed-representations`: the simulated documents' PDFs and their checks. */
export async function getPrintedRepresentations(): Promise<PrintedRepresentation[]> {
  const response = await apiClient.get<SuccessEnvelope<unknown>>(
    '/fiscal/certification/printed-representations',
  );
  return ListPrintedRepresentationsResponseSchema.parse(response.data.data).documents;
}

export const printedRepresentationsQuery = queryOptions({
  queryKey: certificationKeys.printedRepresentations,
  queryFn: getPrintedRepresentations,
});

/** The list, asked only while step 5 is open (`enabled`): each PDF is rendered to be checked. */
export function usePrintedRepresentations(enabled: boolean) {
  return useQuery({ ...printedRepresentationsQuery, enabled });
}

/** `GET /fiscal/certification/printed-representations.zip`: every PDF, to upload to the DGII's portal. */
export async function downloadPrintedRepresentationsZip(): Promise<void> {
  const response = await apiClient.get<Blob>('/fiscal/certification/printed-representations.zip', {
    responseType: 'blob',
    timeout: SLOW_TIMEOUT_MS,
  });
  saveBlob(response.data, fileNameOf(response, 'representaciones-impresas.zip'));
}
