import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { saveBlob } from './download';
import { MULTIPART, SLOW_TIMEOUT_MS } from './keys';

/**
 * `POST /fiscal/certification/sign` (multipart `file`): the XML signed with the company's
 * certificate (the sworn statement, step 13). Saved under the file's own name, as the DGII's
 * desktop signing app does, so it can be uploaded back to the DGII's portal as it is.
 */
export async function signXml(file: File): Promise<void> {
  const body = new FormData();
  body.append('file', file);
  const response = await apiClient.post<string>('/fiscal/certification/sign', body, {
    headers: MULTIPART,
    responseType: 'text',
    timeout: SLOW_TIMEOUT_MS,
  });
  saveBlob(new Blob([response.data], { type: 'application/xml;charset=utf-8' }), file.name);
}

export function useSignXml() {
  return useMutation({ mutationFn: signXml, retry: false });
}
