import { NOTIFICATION_EVENT, type Notification, PROJECT_CHANGED_EVENT } from '@agencia/shared';
import { describe, expect, it } from 'vitest';
import { publish } from '../../lib/effects.js';
import { projectChanged } from './projects.effects.js';

/** A fake realtime that records every push as `to event payload`. */
function recorder() {
  const sent: string[] = [];
  const app = {
    realtime: {
      toUser: (id: string, event: string, payload: unknown) =>
        sent.push(`user:${id} ${event} ${JSON.stringify(payload)}`),
      toRoles: (roles: string[], event: string, payload: unknown) =>
        sent.push(`roles:${roles.join('+')} ${event} ${JSON.stringify(payload)}`),
    },
  };
  return { sent, app: app as unknown as Parameters<typeof publish>[0] };
}

const note = { id: 'n1' } as unknown as Notification;

describe('projectChanged (what a projects write pushes after commit)', () => {
  it('tells the audience (each once) and the admins that the project changed, after the notifications', () => {
    const { sent, app } = recorder();
    publish(
      app,
      projectChanged('p1', ['u1', 'u2', 'u1'], { notifications: [{ userId: 'u3', notification: note }] }),
    );
    expect(sent).toEqual([
      `user:u3 ${NOTIFICATION_EVENT} {"id":"n1"}`,
      `user:u1 ${PROJECT_CHANGED_EVENT} {"projectId":"p1"}`,
      `user:u2 ${PROJECT_CHANGED_EVENT} {"projectId":"p1"}`,
      `roles:admin ${PROJECT_CHANGED_EVENT} {"projectId":"p1"}`,
    ]);
  });

  it('with badges also refreshes the navigation badges of the audience and the admins', () => {
    const { sent, app } = recorder();
    publish(app, projectChanged('p1', ['u1'], { badges: true }));
    expect(sent).toEqual([
      `user:u1 ${PROJECT_CHANGED_EVENT} {"projectId":"p1"}`,
      `roles:admin ${PROJECT_CHANGED_EVENT} {"projectId":"p1"}`,
      'user:u1 nav:badges {}',
      'roles:admin nav:badges {}',
    ]);
  });

  it('with badges but nobody in the audience only the admins hear that the project changed (as before)', () => {
    const { sent, app } = recorder();
    publish(app, projectChanged('p1', [], { badges: true }));
    expect(sent).toEqual([`roles:admin ${PROJECT_CHANGED_EVENT} {"projectId":"p1"}`]);
  });
});
