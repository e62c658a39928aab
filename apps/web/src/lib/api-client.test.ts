import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { useSessionStore } from '../stores/session-store';
import { apiClient, getErrorMessage } from './api-client';
import { registerNavigator } from './navigation';

type Handler = (config: InternalAxiosRequestConfig) => { status: number; data: unknown };

/** Fake transport: answers from `handler`, rejecting non-2xx like axios does. */
function useFakeServer(handler: Handler) {
  const calls: string[] = [];
  apiClient.defaults.adapter = async (config) => {
    calls.push(`${config.method?.toUpperCase()} ${config.url} ${config.headers.Authorization ?? '-'}`);
    const { status, data } = handler(config);
    const response = { status, data, config, headers: {}, statusText: String(status) } as AxiosResponse;
    if (status >= 400) throw new AxiosError('fail', undefined, config, undefined, response);
    return response;
  };
  return calls;
}

const user = buildUser();
const navigations: string[] = [];

describe('apiClient', () => {
  const originalAdapter = apiClient.defaults.adapter;

  beforeEach(() => {
    navigations.length = 0;
    registerNavigator((to) => navigations.push(to));
    useSessionStore.getState().login({ user, token: 'old' });
  });

  afterEach(() => {
    apiClient.defaults.adapter = originalAdapter;
    useSessionStore.getState().logout();
  });

  it('uses the token another tab already refreshed instead of rotating the refresh cookie again', async () => {
    const calls = useFakeServer((config) => {
      if (config.url === '/auth/refresh-token') return { status: 500, data: {} };
      return config.headers.Authorization === 'Bearer from-other-tab'
        ? { status: 200, data: { success: true, data: { ok: true } } }
        : { status: 401, data: { success: false, message: 'Token expirado', code: 'TOKEN_EXPIRED' } };
    });
    // The other tab rotated the cookie and persisted its new access token.
    localStorage.setItem(
      'agencia-rd-session',
      JSON.stringify({ state: { user, token: 'from-other-tab', isAuthenticated: true }, version: 0 }),
    );
    const res = await apiClient.get('/projects');
    expect(res.data.data.ok).toBe(true);
    expect(calls.some((call) => call.startsWith('POST /auth/refresh-token'))).toBe(false);
    expect(useSessionStore.getState().token).toBe('from-other-tab');
    expect(navigations).toEqual([]);
  });

  it('refreshes once for concurrent 401s and retries each request with the new token', async () => {
    const calls = useFakeServer((config) => {
      if (config.url === '/auth/refresh-token') {
        return {
          status: 200,
          data: { success: true, data: { user, token: 'new', refreshToken: 'r', expiresIn: 900 } },
        };
      }
      const ok = config.headers.Authorization === 'Bearer new';
      return ok
        ? { status: 200, data: { success: true, data: { url: config.url } } }
        : { status: 401, data: { success: false, message: 'Token expirado', code: 'TOKEN_EXPIRED' } };
    });
    const [a, b] = await Promise.all([apiClient.get('/projects'), apiClient.get('/tickets')]);
    expect(a.data.data.url).toBe('/projects');
    expect(b.data.data.url).toBe('/tickets');
    expect(calls.filter((call) => call.startsWith('POST /auth/refresh-token'))).toHaveLength(1);
    expect(useSessionStore.getState().token).toBe('new');
    expect(navigations).toEqual([]);
  });

  it('clears the session and goes to /login when the refresh fails', async () => {
    useFakeServer(() => ({
      status: 401,
      data: { success: false, message: 'No autenticado', code: 'UNAUTHENTICATED' },
    }));
    await expect(apiClient.get('/projects')).rejects.toBeInstanceOf(AxiosError);
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
    expect(navigations).toEqual(['/login']);
  });

  it('drops the 401 of a request still in flight when the user signed out, without refreshing', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls: string[] = [];
    apiClient.defaults.adapter = async (config) => {
      calls.push(`${config.method?.toUpperCase()} ${config.url}`);
      // The server answers after the sign-out revoked the session.
      await answered;
      const response = {
        status: 401,
        data: { success: false, message: 'Sesión revocada', code: 'UNAUTHENTICATED' },
        config,
        headers: {},
        statusText: '401',
      } as AxiosResponse;
      throw new AxiosError('fail', undefined, config, undefined, response);
    };
    const pending = apiClient.get('/dashboard/quick-actions').catch((e: unknown) => e);
    useSessionStore.getState().logout();
    release();
    expect(await pending).toBeInstanceOf(AxiosError);
    expect(calls).toEqual(['GET /dashboard/quick-actions']);
    expect(navigations).toEqual([]);
  });

  it('does not refresh on a failed login and returns the server message', async () => {
    const calls = useFakeServer(() => ({
      status: 401,
      data: { success: false, message: 'Credenciales incorrectas', code: 'INVALID_CREDENTIALS' },
    }));
    const error = await apiClient.post('/auth/login', {}).catch((e: unknown) => e);
    expect(getErrorMessage(error, 'x')).toBe('Credenciales incorrectas');
    expect(calls).toHaveLength(1);
    expect(navigations).toEqual([]);
  });
});
