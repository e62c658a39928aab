import type { LoginRequest } from '@agencia/shared';
import { useMutation } from '@tanstack/react-query';
import { login } from '../../../lib/auth-api';

/** `POST /auth/login` as a mutation. No retry: a 401 or 429 will not change by repeating it. */
export function useLoginMutation() {
  return useMutation({
    mutationFn: (credentials: LoginRequest) => login(credentials),
    retry: false,
  });
}
