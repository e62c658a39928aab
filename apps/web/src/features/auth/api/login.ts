import type { LoginRequest, TwoFactorLoginRequest } from '@agencia/shared';
import { useMutation } from '@tanstack/react-query';
import { login, loginWithTwoFactor } from '../../../lib/auth-api';

/** `POST /auth/login` as a mutation. No retry: a 401 or 429 will not change by repeating it. */
export function useLoginMutation() {
  return useMutation({
    mutationFn: (credentials: LoginRequest) => login(credentials),
    retry: false,
  });
}

/** `POST /auth/login/2fa` as a mutation (second step when two-factor is on). No retry. */
export function useTwoFactorLoginMutation() {
  return useMutation({
    mutationFn: (input: TwoFactorLoginRequest) => loginWithTwoFactor(input),
    retry: false,
  });
}
