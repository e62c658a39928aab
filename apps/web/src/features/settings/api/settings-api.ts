import type {
  BusinessHours,
  CompanySettings,
  IntegrationsStatus,
  ListAuditQuery,
  ListAuditResponse,
  UpdateCompanySettingsRequest,
} from '@agencia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { businessHoursQuery } from '../../../lib/business-hours';
import { publicSettingsQuery } from '../../../lib/public-settings';

export const settingsKeys = {
  company: ['settings', 'company'] as const,
  integrations: ['settings', 'integrations'] as const,
  audit: (q: ListAuditQuery) => ['audit', q] as const,
};

/** `GET /settings`. */
export function useCompanySettings() {
  return useQuery({
    queryKey: settingsKeys.company,
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ settings: CompanySettings }>>('/settings'))).settings,
  });
}

/** `PUT /settings` (admin); refreshes the public settings so the top bar title updates. */
export function useUpdateCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateCompanySettingsRequest) =>
      (await unwrap(apiClient.put<SuccessEnvelope<{ settings: CompanySettings }>>('/settings', input)))
        .settings,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsKeys.company, settings);
      void queryClient.invalidateQueries({ queryKey: publicSettingsQuery.queryKey });
    },
    retry: false,
  });
}

/** `PUT /settings/business-hours` (admin): replaces the working days; the calendar reads the answer. */
export function useUpdateBusinessHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (businessHours: BusinessHours) =>
      (
        await unwrap(
          apiClient.put<SuccessEnvelope<{ businessHours: BusinessHours }>>('/settings/business-hours', {
            businessHours,
          }),
        )
      ).businessHours,
    onSuccess: (businessHours) => queryClient.setQueryData(businessHoursQuery.queryKey, businessHours),
    retry: false,
  });
}

/** `POST /upload` with `type=logo` (admin) → URL of the stored logo. */
export function useUploadLogo() {
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('type', 'logo');
      body.append('file', file);
      return (
        await unwrap(
          apiClient.post<SuccessEnvelope<{ url: string }>>('/upload', body, {
            headers: { 'Content-Type': 'multipart/form-data' },
            timeout: 30_000,
          }),
        )
      ).url;
    },
    retry: false,
  });
}

/** `GET /settings/integrations` (admin). */
export function useIntegrations(enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.integrations,
    queryFn: () => unwrap(apiClient.get<SuccessEnvelope<IntegrationsStatus>>('/settings/integrations')),
    enabled,
  });
}

/** `POST /settings/test-email` → the server's message. */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: async () =>
      (await apiClient.post<{ message: string }>('/settings/test-email', {})).data.message,
    retry: false,
  });
}

/** `GET /audit` (admin). */
export function useAuditLog(query: ListAuditQuery, enabled: boolean) {
  return useQuery({
    queryKey: settingsKeys.audit(query),
    queryFn: () =>
      unwrap(
        apiClient.get<SuccessEnvelope<ListAuditResponse>>('/audit', {
          params: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '' && v !== undefined)),
        }),
      ),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** `DELETE /auth/account` (client users, password required). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => apiClient.delete('/auth/account', { data: { password } }),
    retry: false,
  });
}
