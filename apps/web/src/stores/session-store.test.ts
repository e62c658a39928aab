import { STORAGE_KEYS } from '@agencia/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { useSessionStore } from './session-store';

describe('session store', () => {
  beforeEach(() => {
    useSessionStore.getState().logout();
  });

  it('login stores user and token and marks the session authenticated', () => {
    const user = buildUser();
    useSessionStore.getState().login({ user, token: 'access-1' });
    const state = useSessionStore.getState();
    expect(state.user).toEqual(user);
    expect(state.token).toBe('access-1');
    expect(state.isAuthenticated).toBe(true);
    const persisted = JSON.parse(localStorage.getItem(STORAGE_KEYS.session) ?? '{}');
    expect(persisted.state).toEqual({ user, token: 'access-1', isAuthenticated: true });
  });

  it('never persists the loading flag or a refresh token', () => {
    useSessionStore.getState().login({ user: buildUser(), token: 'access-1' });
    useSessionStore.getState().setLoading(true);
    expect(useSessionStore.getState().isLoading).toBe(true);
    const raw = localStorage.getItem(STORAGE_KEYS.session) ?? '';
    expect(raw).not.toContain('isLoading');
    expect(raw).not.toContain('refreshToken');
  });

  it('logout clears the session and removes the persisted copy', () => {
    useSessionStore.getState().login({ user: buildUser(), token: 'access-1' });
    useSessionStore.getState().logout();
    const state = useSessionStore.getState();
    expect(state.user).toBeNull();
    expect(state.token).toBeNull();
    expect(state.isAuthenticated).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('updateUser merges changed fields into the current user', () => {
    useSessionStore.getState().login({ user: buildUser(), token: 'access-1' });
    useSessionStore.getState().updateUser({ firstName: 'Ana', phone: '809-555-0101' });
    const user = useSessionStore.getState().user;
    expect(user?.firstName).toBe('Ana');
    expect(user?.phone).toBe('809-555-0101');
    expect(user?.lastName).toBe('Pérez');
  });

  it('updateUser does nothing when nobody is signed in', () => {
    useSessionStore.getState().updateUser({ firstName: 'Ana' });
    expect(useSessionStore.getState().user).toBeNull();
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
  });
});
