import type {
  SessionInfo,
  TwoFactorSetupResponse,
  TwoFactorStatus,
  UpdatePreferencesRequest,
  UserPreferences,
} from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../lib/api-client';
import { useDisplayStore } from '../../stores/display-store';

/** Query keys of the signed-in user's own account (profile, settings and security screens). */
export const accountKeys = {
  sessions: ['account', 'sessions'] as const,
  twoFactor: ['account', '2fa'] as const,
  preferences: ['account', 'preferences'] as const,
};

/** `GET /auth/sessions`. */
export function useSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ sessions: SessionInfo[] }>>('/auth/sessions'))).sessions,
    staleTime: 0,
  });
}

/** `DELETE /auth/sessions/{id}` and `POST /auth/sessions/revoke-others`. */
export function useRevokeSessions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
  const one = useMutation({
    mutationFn: (id: string) => apiClient.delete(`/auth/sessions/${id}`),
    onSuccess,
    retry: false,
  });
  const others = useMutation({
    mutationFn: async () =>
      (await unwrap(apiClient.post<SuccessEnvelope<{ revoked: number }>>('/auth/sessions/revoke-others', {})))
        .revoked,
    onSuccess,
    retry: false,
  });
  return { one, others };
}

/** `GET /auth/2fa`. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: accountKeys.twoFactor,
    queryFn: () => unwrap(apiClient.get<SuccessEnvelope<TwoFactorStatus>>('/auth/2fa')),
    staleTime: 0,
  });
}

/** Setup, enable, disable and recovery-code mutations of the two-factor card. */
export function useTwoFactorMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor });
  return {
    setup: useMutation({
      mutationFn: () =>
        unwrap(apiClient.post<SuccessEnvelope<TwoFactorSetupResponse>>('/auth/2fa/setup', {})),
      retry: false,
    }),
    enable: useMutation({
      mutationFn: async (code: string) =>
        (
          await unwrap(
            apiClient.post<SuccessEnvelope<{ recoveryCodes: string[] }>>('/auth/2fa/enable', { code }),
          )
        ).recoveryCodes,
      onSuccess,
      retry: false,
    }),
    disable: useMutation({
      mutationFn: (password: string) => apiClient.post('/auth/2fa/disable', { password }),
      onSuccess,
      retry: false,
    }),
    regenerate: useMutation({
      mutationFn: async (password: string) =>
        (
          await unwrap(
            apiClient.post<SuccessEnvelope<{ recoveryCodes: string[] }>>('/auth/2fa/recovery-codes', {
              password,
            }),
          )
        ).recoveryCodes,
      onSuccess,
      retry: false,
    }),
  };
}

/** `GET /auth/preferences`. */
export function usePreferences() {
  return useQuery({
    queryKey: accountKeys.preferences,
    queryFn: async () =>
      (await unwrap(apiClient.get<SuccessEnvelope<{ preferences: UserPreferences }>>('/auth/preferences')))
        .preferences,
  });
}

/** `PUT /auth/preferences` (any subset; the cache takes the answer). */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdatePreferencesRequest) =>
      (
        await unwrap(
          apiClient.put<SuccessEnvelope<{ preferences: UserPreferences }>>('/auth/preferences', input),
        )
      ).preferences,
    onSuccess: (preferences) => {
      queryClient.setQueryData(accountKeys.preferences, preferences);
      useDisplayStore.getState().setDateFormat(preferences.dateFormat);
    },
    retry: false,
  });
}
