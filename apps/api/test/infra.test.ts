import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, notifications, users } from '../src/db/schema/index.js';
import { queueEmail } from '../src/lib/mailer.js';
import { createNotifications } from '../src/lib/notify.js';
import { readFile, safeFilename, saveFile } from '../src/lib/storage.js';
import { createTestApp, DEMO } from './helpers.js';

// 1×1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});

describe('storage', () => {
  it('stores a PNG with its sniffed type and reads it back byte for byte', async () => {
    const saved = await saveFile(app.db, {
      ownerType: 'test',
      ownerId: null,
      filename: '../../x/logo.png',
      data: PNG,
      uploadedBy: null,
    });
    expect(saved).toMatchObject({ contentType: 'image/png', filename: 'logo.png', sizeBytes: PNG.length });
    const back = await readFile(app.db, saved.id);
    expect(back?.data.equals(PNG)).toBe(true);
  });

  it('refuses HTML bytes named .png (415) and files over the limit (413)', async () => {
    await expect(
      saveFile(app.db, {
        ownerType: 'test',
        ownerId: null,
        filename: 'evil.png',
        data: Buffer.from('<html><script>alert(1)</script></html>'),
        uploadedBy: null,
        allowed: ['image/png'],
      }),
    ).rejects.toMatchObject({ statusCode: 415 });
    await expect(
      saveFile(app.db, {
        ownerType: 'test',
        ownerId: null,
        filename: 'big.png',
        data: Buffer.alloc(2048, 1),
        uploadedBy: null,
        maxBytes: 1024,
      }),
    ).rejects.toMatchObject({ statusCode: 413 });
  });

  it('cleans client filenames', () => {
    expect(safeFilename('C:\\fakepath\\fac"tura<1>.pdf')).toBe('factura1.pdf');
    expect(safeFilename('')).toBe('archivo');
  });
});

describe('outbox and notifications', () => {
  it('queues an email row', async () => {
    const id = await queueEmail(app.db, { to: 'a@demo.do', subject: 'Hola', text: 'Prueba' });
    const [row] = await app.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ to: 'a@demo.do', status: 'queued' });
  });

  it('notifies every admin, skipping the actor and users who switched the topic off', async () => {
    const [employee] = await app.db.select().from(users).where(eq(users.email, DEMO.employee));
    await app.db
      .update(users)
      .set({ notificationPrefs: { emailNotifications: false, topics: { ticketComments: false } } })
      .where(eq(users.id, employee!.id));
    const created = await createNotifications(app.db, {
      roles: ['admin', 'employee'],
      topic: 'ticketComments',
      title: 'Nuevo comentario',
      message: 'Un cliente comentó el ticket',
      link: '/tickets/1',
    });
    const recipients = created.map((c) => c.userId);
    expect(recipients).not.toContain(employee!.id);
    const [admin] = await app.db.select().from(users).where(eq(users.email, DEMO.admin));
    expect(recipients).toContain(admin!.id);
    const stored = await app.db.select().from(notifications).where(eq(notifications.userId, admin!.id));
    expect(stored.map((n) => n.title)).toContain('Nuevo comentario');
  });
});
