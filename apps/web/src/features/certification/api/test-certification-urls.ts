import { type UrlSelfTest, UrlSelfTestResponseSchema } from '@agencia/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope } from '../../../lib/api-client';
import { SLOW_TIMEOUT_MS } from './keys';

/** `POST /fiscal/certification/url-test`: the server calls each of the three URLs over HTTPS. */
export async function testCertificationUrls(): Promise<UrlSelfTest[]> {
  const response = await apiClient.post<SuccessEnvelope<unknown>>(
    '/fiscal/certification/url-test',
    {},
    { timeout: SLOW_TIMEOUT_MS },
  );
  return UrlSelfTestResponseSchema.parse(response.data.data).results;
}

export function useTestCertificationUrls() {
  return useMutation({ mutationFn: testCertificationUrls, retry: false });
}
