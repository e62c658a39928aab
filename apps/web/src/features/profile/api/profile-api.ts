import type { ProfileStats, UpdateProfileRequest, User } from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { getMe } from '../../../lib/auth-api';
import { useSessionStore } from '../../../stores/session-store';

export const profileKeys = { me: ['profile', 'me'] as const, stats: ['profile', 'stats'] as const };

/** `GET /auth/me` (reads data.user); keeps the session store's copy fresh. */
export function useProfile() {
  const updateUser = useSessionStore((state) => state.updateUser);
  return useQuery({
    queryKey: profileKeys.me,
    queryFn: async () => {
      const user = await getMe();
      updateUser(user);
      return user;
    },
    staleTime: 0,
  });
}

/** `GET /auth/profile/stats`. */
export function useProfileStats() {
  return useQuery({
    queryKey: profileKeys.stats,
    queryFn: () => unwrap(apiClient.get<SuccessEnvelope<ProfileStats>>('/auth/profile/stats')),
  });
}

/** `PUT /auth/profile`: updates the cache and the session store (top bar name and avatar). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const updateUser = useSessionStore((state) => state.updateUser);
  return useMutation({
    mutationFn: async (input: UpdateProfileRequest) =>
      (await unwrap(apiClient.put<SuccessEnvelope<{ user: User }>>('/auth/profile', input))).user,
    onSuccess: (user) => {
      queryClient.setQueryData(profileKeys.me, user);
      updateUser(user);
    },
    retry: false,
  });
}

/** `POST /upload` (multipart `file` + `type=avatar`) → the stored image's URL. */
export function useUploadAvatar() {
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('type', 'avatar');
      body.append('file', file);
      const data = await unwrap(
        apiClient.post<SuccessEnvelope<{ url: string }>>('/upload', body, {
          headers: { 'Content-Type': 'multipart/form-data' },
          timeout: 30_000,
        }),
      );
      return data.url;
    },
    retry: false,
  });
}
