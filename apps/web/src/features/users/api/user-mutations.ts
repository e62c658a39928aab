import type {
  CreateUserRequest,
  UpdateUserRequest,
  User,
  UserCostRateResponse,
  UserStatus,
} from '@agencia/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';
import { usersKeys } from './get-users';

const userOf = async (request: Promise<{ data: SuccessEnvelope<{ user: User }> }>) =>
  (await unwrap(request)).user;

/** Invalidates every users query (lists, stats, details, activity) after a write. */
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: usersKeys.all });
}

/** `POST /users`. */
export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: CreateUserRequest) => userOf(apiClient.post('/users', input)),
    onSuccess: invalidate,
    retry: false,
  });
}

/** `PUT /users/{id}`. */
export function useUpdateUser(id: string) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: UpdateUserRequest) => userOf(apiClient.put(`/users/${id}`, input)),
    onSuccess: invalidate,
    retry: false,
  });
}

/** `PATCH /users/{id}/status` (deactivating closes the user's sessions on the server). */
export function useUpdateUserStatus() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: UserStatus }) =>
      userOf(apiClient.patch(`/users/${id}/status`, { status })),
    onSuccess: invalidate,
    retry: false,
  });
}

/** `DELETE /users/{id}`. */
export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete(`/users/${id}`),
    onSuccess: invalidate,
    retry: false,
  });
}

/** `POST /users/{id}/reset-password` → the generated temporary password (shown once). */
export function useResetPassword() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await unwrap(
          apiClient.post<SuccessEnvelope<{ temporaryPassword: string }>>(`/users/${id}/reset-password`, {}),
        )
      ).temporaryPassword,
    onSuccess: invalidate,
    retry: false,
  });
}

/** `GET /users/{id}/cost-rate` (admin): what an hour of the person costs the agency (decision 140/142). */
export function useUserCostRate(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...usersKeys.all, 'cost-rate', id],
    queryFn: () => unwrap<UserCostRateResponse>(apiClient.get(`/users/${id}/cost-rate`)),
    enabled,
  });
}

/** `PUT /users/{id}/cost-rate` (admin): decimal pesos per hour, or null to clear it. */
export function useUpdateUserCostRate(id: string) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (costRate: number | null) =>
      unwrap<UserCostRateResponse>(apiClient.put(`/users/${id}/cost-rate`, { costRate })),
    onSuccess: invalidate,
    retry: false,
  });
}
