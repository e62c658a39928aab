import { SOCKET_OPTIONS } from '@agencia/shared';
import { io, type Socket } from 'socket.io-client';
import { getAccessToken } from '../stores/session-store';

/**
 * socket.io client on the same origin (`/socket.io`), authenticated with the access token.
 * `auth` is a callback so every reconnect sends the current (possibly refreshed) token.
 */
export function createSocket(): Socket {
  return io({
    path: '/socket.io',
    ...SOCKET_OPTIONS,
    autoConnect: false,
    auth: (cb) => cb({ token: getAccessToken() }),
  });
}
