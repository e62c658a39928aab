import type {
  EcfCertificate,
  EcfConnectionTest,
  FiscalEcfSettings,
  UpdateFiscalEcfSettingsRequest,
} from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

/**
 * Query keys of direct e-CF emission (issue 26). Every key starts with `['fiscal', 'ecf']`, so a
 * change here also refreshes the dashboard's e-CF alerts (`['fiscal', 'ecf', 'alerts']`).
 */
export const ecfKeys = {
  all: ['fiscal', 'ecf'] as const,
  settings: ['fiscal', 'ecf', 'settings'] as const,
  certificate: ['fiscal', 'ecf', 'certificate'] as const,
};

/** The DGII can take a while to authenticate and to read a certificate: 30 s, not the client's 10 s. */
const SLOW_TIMEOUT_MS = 30_000;

/** `GET /fiscal/settings` (admin): e-CF mode, DGII environment and whether a certificate is loaded. */
export const useEcfSettings = () =>
  useQuery({
    queryKey: ecfKeys.settings,
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ settings: FiscalEcfSettings }>>('/fiscal/settings')))
        .settings,
  });

/** `GET /fiscal/certificate` (admin): the loaded certificate (never its key), or null. */
export const useEcfCertificate = () =>
  useQuery({
    queryKey: ecfKeys.certificate,
    queryFn: async () =>
      (
        await unwrap(
          apiClient.get<SuccessEnvelope<{ certificate: EcfCertificate | null }>>('/fiscal/certificate'),
        )
      ).certificate,
  });

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ecfKeys.all });
}

/** `PUT /fiscal/settings {ecfMode}`: 409 (Spanish message) for `direct` without a valid certificate. */
export function useUpdateEcfMode() {
  const qc = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: UpdateFiscalEcfSettingsRequest) =>
      (
        await unwrap(
          apiClient.put<SuccessEnvelope<{ settings: FiscalEcfSettings }>>('/fiscal/settings', body),
        )
      ).settings,
    onSuccess: (settings) => {
      qc.setQueryData(ecfKeys.settings, settings);
      return invalidate();
    },
    retry: false,
  });
}

/**
 * `POST /fiscal/certificate` (multipart: `file` = the .p12/.pfx, `password`): 201 with the
 * certificate read; 400 with a Spanish message (and its field) on a wrong password, a file that
 * is no PKCS#12 or an expired certificate.
 */
export function useUploadEcfCertificate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ file, password }: { file: File; password: string }) => {
      const body = new FormData();
      body.append('password', password);
      body.append('file', file);
      return (
        await unwrap(
          apiClient.post<SuccessEnvelope<{ certificate: EcfCertificate }>>('/fiscal/certificate', body, {
            headers: { 'Content-Type': 'multipart/form-data' },
            timeout: SLOW_TIMEOUT_MS,
          }),
        )
      ).certificate;
    },
    onSuccess: invalidate,
    retry: false,
  });
}

/** `POST /fiscal/connection-test`: authenticates with the DGII using the certificate. */
export function useEcfConnectionTest() {
  return useMutation({
    mutationFn: async () =>
      (
        await unwrap(
          apiClient.post<SuccessEnvelope<{ result: EcfConnectionTest }>>(
            '/fiscal/connection-test',
            {},
            { timeout: SLOW_TIMEOUT_MS },
          ),
        )
      ).result,
    retry: false,
  });
}
