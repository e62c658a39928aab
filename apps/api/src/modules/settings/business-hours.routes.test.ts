import { DEFAULT_BUSINESS_HOURS } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';
import { auditLog, companySettings } from '../../db/schema/index.js';

let app: FastifyInstance;
let admin: string;
let employee: string;
let client: string;

const URL = '/api/settings/business-hours';

beforeAll(async () => {
  app = await createTestApp();
  admin = (await login(app, DEMO.admin)).token;
  employee = (await login(app, DEMO.employee)).token;
  client = (await login(app, DEMO.client)).token;
});

describe('business hours (decision 145)', () => {
  it('starts with the defaults (Mon–Fri 8–18, Sat 9–13); every signed-in role reads them', async () => {
    for (const token of [admin, employee, client]) {
      const res = await injectAs(app, token, { method: 'GET', url: URL });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.businessHours).toEqual(DEFAULT_BUSINESS_HOURS);
    }
    expect((await app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it('the admin replaces them (sorted Monday first), the others read the new hours, the change is audited', async () => {
    const businessHours = [
      { dayOfWeek: 6, startTime: '10:00', endTime: '14:00' },
      { dayOfWeek: 0, startTime: '09:00', endTime: '12:00' },
      { dayOfWeek: 1, startTime: '07:30', endTime: '16:30' },
    ];
    const put = await injectAs(app, admin, { method: 'PUT', url: URL, payload: { businessHours } });
    expect(put.statusCode).toBe(200);
    const expected = [businessHours[2], businessHours[0], businessHours[1]];
    expect(put.json().data.businessHours).toEqual(expected);

    const [row] = await app.db.select().from(companySettings).where(eq(companySettings.id, 1));
    expect(row!.businessHours).toEqual(expected);
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.business_hours_updated'));
    expect(audits.at(-1)?.metadata).toEqual({ days: [1, 6, 0] });

    for (const token of [employee, client]) {
      const read = await injectAs(app, token, { method: 'GET', url: URL });
      expect(read.json().data.businessHours).toEqual(expected);
    }
    // Closed every day is a valid setting.
    const closed = await injectAs(app, admin, { method: 'PUT', url: URL, payload: { businessHours: [] } });
    expect(closed.json().data.businessHours).toEqual([]);
  });

  it('refuses the employee, the client and anonymous callers', async () => {
    const payload = { businessHours: DEFAULT_BUSINESS_HOURS };
    for (const token of [employee, client]) {
      expect((await injectAs(app, token, { method: 'PUT', url: URL, payload })).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'PUT', url: URL, payload })).statusCode).toBe(401);
  });

  it('answers 400 with the Spanish message of the field and stores nothing', async () => {
    await injectAs(app, admin, {
      method: 'PUT',
      url: URL,
      payload: { businessHours: DEFAULT_BUSINESS_HOURS },
    });
    const day = { dayOfWeek: 1, startTime: '08:00', endTime: '17:00' };
    const cases: [unknown, string, string][] = [
      [
        [{ ...day, endTime: '08:00' }],
        'businessHours.0.endTime',
        'La hora de cierre debe ser posterior a la de apertura',
      ],
      [
        [{ ...day, endTime: '07:00' }],
        'businessHours.0.endTime',
        'La hora de cierre debe ser posterior a la de apertura',
      ],
      [[{ ...day, startTime: '8:00' }], 'businessHours.0.startTime', 'Hora de apertura inválida (HH:MM)'],
      [[{ ...day, startTime: '24:00' }], 'businessHours.0.startTime', 'Hora de apertura inválida (HH:MM)'],
      [[{ ...day, endTime: '17:60' }], 'businessHours.0.endTime', 'Hora de cierre inválida (HH:MM)'],
      [[{ ...day, dayOfWeek: 7 }], 'businessHours.0.dayOfWeek', 'Día inválido'],
      [[{ ...day, dayOfWeek: 1.5 }], 'businessHours.0.dayOfWeek', 'Día inválido'],
      [[day, { ...day, startTime: '09:00' }], 'businessHours.1.dayOfWeek', 'Este día aparece dos veces'],
    ];
    for (const [businessHours, field, message] of cases) {
      const res = await injectAs(app, admin, { method: 'PUT', url: URL, payload: { businessHours } });
      expect(res.statusCode, JSON.stringify(businessHours)).toBe(400);
      const error = res.json().errors.find((e: { field: string }) => e.field === field);
      expect(error?.message, field).toBe(message);
    }
    for (const payload of [{}, { businessHours: 'x' }, { businessHours: [null] }, null]) {
      const res = await injectAs(app, admin, { method: 'PUT', url: URL, payload: payload ?? undefined });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const read = await injectAs(app, client, { method: 'GET', url: URL });
    expect(read.json().data.businessHours).toEqual(DEFAULT_BUSINESS_HOURS);
  });
});
