import { type LoginRequest, type Session, SessionSchema, type User, UserSchema } from '@agencia/shared';
import { apiClient, type SuccessEnvelope } from './api-client';

/** `POST /auth/login`. Throws the axios error (401 'Credenciales incorrectas', 429 when throttled). */
export async function login(credentials: LoginRequest): Promise<Session> {
  const response = await apiClient.post<SuccessEnvelope<Session>>('/auth/login', credentials);
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
