import {
  type LoginRequest,
  type LoginResponse,
  LoginResponseSchema,
  type Session,
  SessionSchema,
  type TwoFactorLoginRequest,
  type User,
  UserSchema,
} from '@agencia/shared';
import { apiClient, type SuccessEnvelope } from './api-client';

/**
 * `POST /auth/login`: a session, or `{ twoFactorRequired, challengeToken }` when the account has
 * two-factor on. Throws the axios error (401 'Credenciales incorrectas', 429 when throttled).
 */
export async function login(credentials: LoginRequest): Promise<LoginResponse> {
  const response = await apiClient.post<SuccessEnvelope<LoginResponse>>('/auth/login', credentials);
  return LoginResponseSchema.parse(response.data.data);
}

/** `POST /auth/login/2fa`: finishes a two-factor login with the app's code or a recovery code. */
export async function loginWithTwoFactor(input: TwoFactorLoginRequest): Promise<Session> {
  const response = await apiClient.post<SuccessEnvelope<Session>>('/auth/login/2fa', input);
  return SessionSchema.parse(response.data.data);
}

/** `GET /auth/me`: the signed-in user, fresh from the server. */
export async function getMe(): Promise<User> {
  const response = await apiClient.get<SuccessEnvelope<{ user: User }>>('/auth/me');
  return UserSchema.parse(response.data.data.user);
}

/** `POST /auth/logout`: revokes the refresh token family and clears the cookie. */
export async function logout(): Promise<void> {
  await apiClient.post('/auth/logout', {});
}

/**
 * `POST /auth/change-password`: returns the updated user (mustChangePassword cleared). Other
 * sessions of the user end; this one stays. 400 with the spec's message on a wrong current one.
 */
export async function changePassword(input: { currentPassword: string; newPassword: string }): Promise<User> {
  const response = await apiClient.post<SuccessEnvelope<{ user: User }>>('/auth/change-password', input);
  return UserSchema.parse(response.data.data.user);
}
