import { NOTIFICATION_EVENT, type Notification } from '@agencia/shared';
import { describe, expect, it } from 'vitest';
import { effects, mergeEffects, publish } from './effects.js';

function recorder() {
  const sent: string[] = [];
  const app = {
    realtime: {
      toUser: (id: string, event: string) => sent.push(`user:${id} ${event}`),
      toRoles: (roles: string[], event: string) => sent.push(`roles:${roles.join('+')} ${event}`),
    },
  };
  return { sent, app: app as unknown as Parameters<typeof publish>[0] };
}

const note = { id: 'n1' } as unknown as Notification;

describe('publish', () => {
  it('pushes notifications first, then each message to its users once and to its roles', () => {
    const { sent, app } = recorder();
    publish(
      app,
      effects({
        messages: [
          { event: 'ticket:updated', userIds: ['u2', 'u2', 'u3'], roles: ['admin', 'employee'] },
          { event: 'nav:badges', userIds: new Set(['u3']) },
        ],
        notifications: [{ userId: 'u1', notification: note }],
      }),
    );
    expect(sent).toEqual([
      `user:u1 ${NOTIFICATION_EVENT}`,
      'user:u2 ticket:updated',
      'user:u3 ticket:updated',
      'roles:admin+employee ticket:updated',
      'user:u3 nav:badges',
    ]);
  });

  it('sends nothing for empty effects, and merged effects keep their order', () => {
    const { sent, app } = recorder();
    publish(app, effects());
    expect(sent).toEqual([]);
    const merged = mergeEffects(
      effects({ messages: [{ event: 'a', roles: ['admin'] }] }),
      effects({
        messages: [{ event: 'b', roles: ['client'] }],
        notifications: [{ userId: 'u9', notification: note }],
      }),
    );
    publish(app, merged);
    expect(sent).toEqual([`user:u9 ${NOTIFICATION_EVENT}`, 'roles:admin a', 'roles:client b']);
  });
});
