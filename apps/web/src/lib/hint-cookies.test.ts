import { SIGNED_IN_HINT_COOKIE, THEME_HINT_COOKIE } from '@agencia/shared/constants';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { useSessionStore } from '../stores/session-store';
import { useThemeStore } from '../stores/theme-store';
import { syncServerHints } from './hint-cookies';

/** The cookies the page can read, as name → value. */
function cookies(): Record<string, string> {
  return Object.fromEntries(
    document.cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
}

describe('server hint cookies (decision 027)', () => {
  let stop: () => void = () => {};

  beforeEach(() => {
    useSessionStore.getState().logout();
    useThemeStore.getState().setVariant('default');
  });

  afterEach(() => {
    stop();
    useSessionStore.getState().logout();
    useThemeStore.getState().setVariant('default');
  });

  it('says "signed in" while a session is stored, and nothing after sign-out', () => {
    stop = syncServerHints();
    expect(cookies()[SIGNED_IN_HINT_COOKIE]).toBeUndefined();
    useSessionStore.getState().login({ user: buildUser(), token: 'access-1' });
    expect(cookies()[SIGNED_IN_HINT_COOKIE]).toBe('1');
    useSessionStore.getState().logout();
    expect(cookies()[SIGNED_IN_HINT_COOKIE]).toBeUndefined();
  });

  it('names a theme variant other than the default, and is removed for the default', () => {
    useThemeStore.getState().setVariant('modern');
    stop = syncServerHints();
    expect(cookies()[THEME_HINT_COOKIE]).toBe('modern');
    useThemeStore.getState().setVariant('default');
    expect(cookies()[THEME_HINT_COOKIE]).toBeUndefined();
  });

  it('reflects a session that was already stored when the app starts', () => {
    useSessionStore.getState().login({ user: buildUser(), token: 'access-1' });
    stop = syncServerHints();
    expect(cookies()[SIGNED_IN_HINT_COOKIE]).toBe('1');
  });
});
