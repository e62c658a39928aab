import { LOGIN_ACCOUNT_FREE_FAILURES } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, DEMO_PASSWORD, uniqueIp } from '../../../test/helpers.js';
import { emailOutbox } from '../../db/schema/index.js';
import { FAILED_LOGINS_SUBJECT } from './auth.service.js';
import { LoginThrottle } from './login-throttle.js';

/*
 * Issue 43 item 6 (decision 162, OWASP ASVS 5.0 V6.3.1 and V6.1.1): a per-account limit across
 * addresses — each extra address no longer buys 10 more guesses — without a lockout the attacker
 * controls: increasing delays, the owner's usual addresses exempt, and an e-mail to the owner.
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

const attempt = (email: string, password: string, remoteAddress = uniqueIp()) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

const mailsTo = async (to: string) =>
  (await app.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter(
    (m) => m.subject === FAILED_LOGINS_SUBJECT,
  );

describe('login throttle per account across addresses (issue 43 item 6)', () => {
  it('after 10 failures from 10 addresses, an 11th address waits even with the right password', async () => {
    const known = uniqueIp();
    expect((await attempt(DEMO.client2, DEMO_PASSWORD, known)).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_ACCOUNT_FREE_FAILURES; i++)
      expect((await attempt(DEMO.client2, 'Incorrecta1!')).statusCode).toBe(401);

    const fresh = await attempt(DEMO.client2, DEMO_PASSWORD);
    expect(fresh.statusCode).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(fresh.headers['retry-after'])).toBeLessThanOrEqual(30);
    // The same answer as for any throttled sign-in: nothing says the account exists.
    expect(fresh.json()).toMatchObject({ code: 'THROTTLED' });

    // Not a lockout: the address the owner signed in from before still gets in.
    expect((await attempt(DEMO.client2, DEMO_PASSWORD, known)).statusCode).toBe(200);

    // The owner is told once, through the outbox.
    const mails = await mailsTo(DEMO.client2);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Hubo ${LOGIN_ACCOUNT_FREE_FAILURES} intentos fallidos`);
    expect(mails[0]!.text).toContain('Desde los equipos en los que ya iniciaste sesión');
    // A further failure (from the known address, which may still try) raises the delay, no new mail.
    expect((await attempt(DEMO.client2, 'Incorrecta1!', known)).statusCode).toBe(401);
    const later = await attempt(DEMO.client2, DEMO_PASSWORD);
    expect(later.statusCode).toBe(429);
    expect(Number(later.headers['retry-after'])).toBeGreaterThan(30);
    expect(await mailsTo(DEMO.client2)).toHaveLength(1);
  });

  it('an unknown account is slowed the same way (no difference to enumerate) and nobody is mailed', async () => {
    const email = 'nadie.aqui@demo.do';
    for (let i = 0; i < LOGIN_ACCOUNT_FREE_FAILURES; i++)
      expect((await attempt(email, 'Incorrecta1!')).statusCode).toBe(401);
    expect((await attempt(email, 'Incorrecta1!')).statusCode).toBe(429);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('keeps the per-address limit: 10 failures block that account on that address', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 10; i++)
      expect((await attempt(DEMO.employee, 'Incorrecta1!', ip)).statusCode).toBe(401);
    expect((await attempt(DEMO.employee, DEMO_PASSWORD, ip)).statusCode).toBe(429);
  });
});

describe('LoginThrottle per-account delays', () => {
  it('double after each failure past the free ones, up to the maximum, and spare known addresses', async () => {
    const throttle = new LoginThrottle(null, () => {}, { firstSeconds: 1, maxSeconds: 4 });
    const email = 'Delays@Demo.do';
    for (let i = 0; i < LOGIN_ACCOUNT_FREE_FAILURES - 1; i++)
      expect(await throttle.fail(email, `10.9.0.${i}`)).toMatchObject({
        accountDelaySeconds: 0,
        notifyOwner: false,
      });
    expect(await throttle.check(email, '10.9.1.1')).toBe(0);
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      const outcome = await throttle.fail(email.toLowerCase(), `10.9.2.${i}`);
      expect(outcome.notifyOwner).toBe(i === 0);
      seen.push(outcome.accountDelaySeconds);
      expect(await throttle.check(email, '10.9.3.1')).toBe(outcome.accountDelaySeconds);
      expect(await throttle.check(email, '10.9.3.1', async () => true)).toBe(0);
    }
    expect(seen).toEqual([1, 2, 4, 4]);
  });
});
