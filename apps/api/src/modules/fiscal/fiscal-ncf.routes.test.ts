import type { Session } from '@agencia/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceVia, invoicePayload } from '../../../test/billing-factories.js';
import { fiscalCalls } from '../../../test/fiscal-factories.js';
import { injectAs, startDemoApp } from '../../../test/helpers.js';
import {
  auditLog,
  emailOutbox,
  fiscalSequences,
  invoices,
  notifications,
  users,
} from '../../db/schema/index.js';
import { sweepSequenceAlerts } from './fiscal.service.js';

// NCF ranges (Configuración → Fiscal) and the numbers invoices take when issued.

let app: FastifyInstance, admin: Session, employee: Session, client: Session;
/** Café Cibao SRL (company, RNC, contribuyente → B01). */
let companyId: string;
const { sequences, activeOf, issue, clientWithout } = fiscalCalls(() => ({ app, admin }));

beforeAll(async () => {
  ({ app, admin, employee, client } = await startDemoApp());
  companyId = client.user.clientId!;
});

describe('fiscal sequences (Configuración → Fiscal)', () => {
  it('lists the demo ranges with next NCF, remaining and alert state; admin only', async () => {
    const list = await sequences();
    const types = list.filter((s) => s.active).map((s) => s.documentType);
    expect(types).toEqual(expect.arrayContaining(['B01', 'B02', 'B04', 'B14', 'B15', 'E31', 'E32', 'E34']));
    const b15 = list.find((s) => s.documentType === 'B15')!;
    expect(b15).toMatchObject({
      rangeFrom: 1,
      rangeTo: 100,
      nextNumber: 63,
      nextNcf: 'B1500000063',
      remaining: 38,
    });
    expect(b15.isLow).toBe(false);
    for (const s of [employee, client]) {
      const res = await injectAs(app, s.token, { method: 'GET', url: '/api/fiscal/sequences' });
      expect(res.statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/fiscal/sequences' })).statusCode).toBe(401);
  });

  it('adds a range (201) and refuses a reversed range, an overlap and a second active range with 409, storing nothing', async () => {
    const post = (payload: object) =>
      injectAs(app, admin.token, { method: 'POST', url: '/api/fiscal/sequences', payload });
    const reversed = await post({ documentType: 'B16', rangeFrom: 50, rangeTo: 10, expiresOn: '2027-12-31' });
    expect(reversed.statusCode).toBe(409);
    expect(reversed.json().message).toBe('El final del rango no puede ser menor que el inicio.');
    // Issue 27: a range that has already expired cannot be added (nor moved into the past).
    const expired = await post({ documentType: 'B16', rangeFrom: 1, rangeTo: 20, expiresOn: '2020-12-31' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(
      'La fecha de vencimiento 31/12/2020 ya pasó: un rango vencido no sirve para emitir comprobantes.',
    );
    expect(
      await app.db.select().from(fiscalSequences).where(eq(fiscalSequences.documentType, 'B16')),
    ).toEqual([]);

    const created = await post({ documentType: 'B16', rangeFrom: 1, rangeTo: 20, expiresOn: '2027-12-31' });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.sequence).toMatchObject({
      documentType: 'B16',
      nextNcf: 'B1600000001',
      remaining: 20,
      alertThreshold: 35,
      active: true,
    });

    const second = await post({ documentType: 'B16', rangeFrom: 21, rangeTo: 40, expiresOn: '2027-12-31' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Ya hay un rango activo de B16. Desactívalo antes de activar otro.');

    const id = created.json().data.sequence._id;
    const off = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/fiscal/sequences/${id}`,
      payload: { active: false, rangeFrom: 5, nextNumber: 9 },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.sequence).toMatchObject({ active: false, rangeFrom: 1, nextNumber: 1 });

    const overlap = await post({ documentType: 'B16', rangeFrom: 15, rangeTo: 30, expiresOn: '2027-12-31' });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe('El rango se solapa con otro rango de B16 (1–20).');
    const rows = await app.db.select().from(fiscalSequences).where(eq(fiscalSequences.documentType, 'B16'));
    expect(rows).toHaveLength(1);

    // A new authorisation replaces the active range in one step.
    const again = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/fiscal/sequences/${id}`,
      payload: { active: true },
    });
    expect(again.json().data.sequence.active).toBe(true);
    const replacing = await post({
      documentType: 'B16',
      rangeFrom: 21,
      rangeTo: 40,
      expiresOn: '2027-12-31',
      replaceActive: true,
    });
    expect(replacing.statusCode, replacing.body).toBe(201);
    const b16 = await app.db.select().from(fiscalSequences).where(eq(fiscalSequences.documentType, 'B16'));
    expect(b16.map((r) => [r.rangeFrom, r.active]).sort()).toEqual([
      [1, false],
      [21, true],
    ]);

    const bad = await post({ documentType: 'B05', rangeFrom: 1, rangeTo: 2, expiresOn: '2027-12-31' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Tipo de comprobante inválido');
    const audited = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fiscal.sequence_created'), eq(auditLog.targetId, id)));
    expect(audited).toHaveLength(1);
  });
});

describe('issuing an invoice takes its NCF (POST /invoices/{id}/issue, /send)', () => {
  it('takes the next B01 for a company client, stamps the expiry, and answers it to the client', async () => {
    const before = await activeOf('B01');
    const draft = await createInvoiceVia(
      app,
      admin.token,
      invoicePayload(companyId, { dueDate: '2099-01-01' }),
    );
    expect(draft).toMatchObject({ documentType: 'B01', ncf: null, status: 'draft' });
    const res = await issue(draft._id);
    expect(res.statusCode, res.body).toBe(200);
    const inv = res.json().data.invoice;
    expect(inv).toMatchObject({
      // Issued, not e-mailed (decision 163).
      status: 'issued',
      ncf: before!.nextNcf,
      ncfExpiresOn: before!.expiresOn,
      documentType: 'B01',
    });
    expect(inv.history.map((h: { event: string }) => h.event)).toEqual(['created', 'issued']);
    expect((await activeOf('B01'))!.nextNumber).toBe(before!.nextNumber + 1);
    const seen = await injectAs(app, client.token, { method: 'GET', url: `/api/invoices/${draft._id}` });
    expect(seen.json().data.invoice.ncf).toBe(before!.nextNcf);
    const again = await issue(draft._id);
    expect(again.statusCode).toBe(409);
    expect((await activeOf('B01'))!.nextNumber).toBe(before!.nextNumber + 1);
    // Issue 27: editing it is refused with the way out an NCF invoice has (not "cancel it").
    const edit = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/invoices/${draft._id}`,
      payload: { notes: 'Cambio tardío' },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(
      `La factura tiene el comprobante fiscal ${before!.nextNcf} y ya no se puede editar. Para corregirla emite una nota de crédito y, si hace falta, duplícala como borrador.`,
    );
  });

  it('checks the document type against the buyer: B16 only abroad and without ITBIS, B15 only to the government (issue 27)', async () => {
    const b16 = await activeOf('B16');
    const local = await createInvoiceVia(
      app,
      admin.token,
      invoicePayload(companyId, { documentType: 'B16' }),
    );
    const refused = await issue(local._id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'El comprobante B16 · Exportaciones es solo para clientes con perfil fiscal "Extranjero (exportación de servicios)"; este cliente es "Contribuyente (crédito fiscal)". Cambia el tipo de comprobante o el perfil del cliente.',
    );
    const toGovernment = await createInvoiceVia(
      app,
      admin.token,
      invoicePayload(companyId, { documentType: 'B15' }),
    );
    expect((await issue(toGovernment._id)).statusCode).toBe(400);

    // B16 names its buyer (requiresBuyerId): this one is registered with the DGII.
    const abroad = await clientWithout('extranjero', '131-72209-1');
    const taxed = await createInvoiceVia(app, admin.token, invoicePayload(abroad));
    expect(taxed.documentType).toBe('B16');
    const withItbis = await issue(taxed._id);
    expect(withItbis.statusCode).toBe(400);
    expect(withItbis.json().message).toBe(
      'Las exportaciones (B16 · Exportaciones) no llevan ITBIS: marca las líneas como exentas.',
    );
    // None of the refusals took a number.
    expect((await activeOf('B16'))?.nextNumber).toBe(b16?.nextNumber);

    const exempt = await createInvoiceVia(
      app,
      admin.token,
      invoicePayload(abroad, {
        items: [
          {
            description: 'Desarrollo de software para cliente en Miami',
            quantity: 1,
            unitPrice: 2000,
            taxExempt: true,
          },
        ],
      }),
    );
    const ok = await issue(exempt._id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.invoice).toMatchObject({ ncf: b16!.nextNcf, taxAmount: 0, total: 2000 });
  });

  it('gives 20 concurrent issues 20 distinct consecutive NCFs', async () => {
    const before = await activeOf('B01');
    const drafts = [];
    for (let i = 0; i < 20; i++)
      drafts.push(await createInvoiceVia(app, admin.token, invoicePayload(companyId)));
    const results = await Promise.all(drafts.map((d) => issue(d._id)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const serials = results.map((r) => Number(r.json().data.invoice.ncf.slice(3))).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: 20 }, (_, i) => before!.nextNumber + i));
    expect((await activeOf('B01'))!.nextNumber).toBe(before!.nextNumber + 20);
  });

  it('refuses without consuming a number: no active range, expired, exhausted, zero total, missing buyer id', async () => {
    const cases: Array<{
      name: string;
      prepare: () => Promise<string>;
      status: number;
      message: string;
      type: string;
    }> = [
      {
        name: 'no active range (E44 has none)',
        type: 'E44',
        prepare: async () =>
          (
            await createInvoiceVia(
              app,
              admin.token,
              invoicePayload(await clientWithout('regimen_especial', '131-72209-1'), { documentType: 'E44' }),
            )
          )._id,
        status: 409,
        message:
          'No hay un rango de comprobantes activo para E44 (Regímenes Especiales Electrónica). Agrégalo en Configuración → Fiscal.',
      },
      {
        name: 'zero total',
        type: 'B01',
        prepare: async () =>
          (
            await createInvoiceVia(
              app,
              admin.token,
              invoicePayload(companyId, { items: [{ description: 'Cortesía', quantity: 1, unitPrice: 0 }] }),
            )
          )._id,
        status: 400,
        message: 'No se puede emitir una factura con total cero.',
      },
      {
        name: 'B01 without buyer id',
        type: 'B01',
        prepare: async () =>
          (
            await createInvoiceVia(
              app,
              admin.token,
              invoicePayload(await clientWithout('contribuyente'), { documentType: 'B01' }),
            )
          )._id,
        status: 400,
        message:
          'El comprobante B01 · Crédito Fiscal requiere el RNC o la cédula del cliente. Agrégalo en la ficha del cliente.',
      },
      {
        name: 'consumo of RD$250,000 without buyer id',
        type: 'B02',
        prepare: async () =>
          (
            await createInvoiceVia(
              app,
              admin.token,
              invoicePayload(await clientWithout('consumidor_final'), {
                items: [{ description: 'Sitio web', quantity: 1, unitPrice: 211_864.41 }],
              }),
            )
          )._id,
        status: 400,
        message:
          'Una factura de consumo de RD$250,000 o más requiere el RNC o la cédula del cliente. Agrégalo en la ficha del cliente.',
      },
    ];
    for (const c of cases) {
      const id = await c.prepare();
      const before = await activeOf(c.type);
      const res = await issue(id);
      expect(res.statusCode, c.name).toBe(c.status);
      expect(res.json().message, c.name).toBe(c.message);
      const [row] = await app.db.select().from(invoices).where(eq(invoices.id, id));
      expect(row, c.name).toMatchObject({ status: 'draft', ncf: null });
      expect((await activeOf(c.type))?.nextNumber, c.name).toBe(before?.nextNumber);
    }

    // consumo below RD$250,000 needs no id: issues.
    const small = await createInvoiceVia(
      app,
      admin.token,
      invoicePayload(await clientWithout('consumidor_final')),
    );
    const ok = await issue(small._id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.invoice.ncf).toMatch(/^B02\d{8}$/);
  });

  it('refuses expired and exhausted ranges (409) and consumes nothing; numbers do not restart', async () => {
    const b14 = await activeOf('B14');
    const regimen = await clientWithout('regimen_especial', '131-72209-1');
    const draft = await createInvoiceVia(app, admin.token, invoicePayload(regimen));
    expect(draft.documentType).toBe('B14');
    const intoThePast = await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/fiscal/sequences/${b14!._id}`,
      payload: { expiresOn: '2020-12-31' },
    });
    expect(intoThePast.statusCode).toBe(400);
    // A range expires with time: the stored date passes.
    await app.db
      .update(fiscalSequences)
      .set({ expiresOn: '2020-12-31' })
      .where(eq(fiscalSequences.id, b14!._id));
    const expired = await issue(draft._id);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(
      'El rango de comprobantes B14 (Regímenes Especiales) venció el 31/12/2020. Agrega un rango nuevo.',
    );
    expect((await activeOf('B14'))!.nextNumber).toBe(b14!.nextNumber);

    // Exhaust: replace with a one-number range.
    await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/fiscal/sequences/${b14!._id}`,
      payload: { active: false },
    });
    const tiny = await injectAs(app, admin.token, {
      method: 'POST',
      url: '/api/fiscal/sequences',
      payload: { documentType: 'B14', rangeFrom: 51, rangeTo: 51, expiresOn: '2099-12-31' },
    });
    expect(tiny.statusCode).toBe(201);
    const first = await issue(draft._id);
    expect(first.json().data.invoice.ncf).toBe('B1400000051');
    const second = await createInvoiceVia(app, admin.token, invoicePayload(regimen));
    const exhausted = await issue(second._id);
    expect(exhausted.statusCode).toBe(409);
    expect(exhausted.json().message).toBe(
      'El rango de comprobantes B14 (Regímenes Especiales) está agotado. Agrega un rango nuevo.',
    );
  });

  it('alerts admins once (stored, e-mail queued) when a range falls to its threshold', async () => {
    const b15 = await activeOf('B15');
    expect(b15!.remainingPercent).toBe(38);
    const gov = await clientWithout('gubernamental', '401-00732-2');
    const alertsBefore = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Quedan pocos comprobantes B15'));
    for (let i = 0; i < 5; i++) {
      const d = await createInvoiceVia(app, admin.token, invoicePayload(gov));
      expect((await issue(d._id)).statusCode).toBe(200);
    }
    const after = await activeOf('B15');
    expect(after!.isLow).toBe(true);
    const alerts = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Quedan pocos comprobantes B15'));
    // One per admin, once (not once per issue after the threshold).
    expect(alerts.length - alertsBefore.length).toBe(1);
    expect(alerts.at(-1)!.link).toBe('/settings?tab=fiscal');
    const mails = await app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, 'Quedan pocos comprobantes B15'));
    expect(mails).toHaveLength(1);
  });

  it('alerts once when a range comes within 30 days of its expiry, even with no invoice issued, across concurrent sweeps', async () => {
    const e32 = await activeOf('E32');
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await injectAs(app, admin.token, {
      method: 'PUT',
      url: `/api/fiscal/sequences/${e32!._id}`,
      payload: { expiresOn: soon },
    });
    const title = 'El rango de comprobantes E32 vence pronto';
    const before = await app.db.select().from(notifications).where(eq(notifications.title, title));
    await Promise.all([
      sweepSequenceAlerts({ db: app.db }),
      sweepSequenceAlerts({ db: app.db }),
      sequences(),
    ]);
    await sequences();
    const after = await app.db.select().from(notifications).where(eq(notifications.title, title));
    const admins = await app.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
    expect(after.length - before.length).toBe(admins.length);
    expect((await activeOf('E32'))!.expiresSoon).toBe(true);

    // Issue 27: a range found already expired is announced as expired, not "vence pronto".
    await app.db
      .update(fiscalSequences)
      .set({ expiresOn: '2026-01-31', expiryAlertedAt: null })
      .where(eq(fiscalSequences.id, e32!._id));
    await sweepSequenceAlerts({ db: app.db });
    const expiredAlerts = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'El rango de comprobantes E32 venció'));
    expect(expiredAlerts).toHaveLength(admins.length);
    expect(expiredAlerts[0]!.message).toBe(
      'El rango E32 venció el 31/01/2026 y ya no sirve para emitir. Solicita un rango nuevo a la DGII.',
    );
  });

  it('voids unused numbers for the 608 (annulment type) and never hands them out', async () => {
    const b02 = await activeOf('B02');
    const res = await injectAs(app, admin.token, {
      method: 'POST',
      url: `/api/fiscal/sequences/${b02!._id}/void`,
      payload: { annulmentType: '03', reason: 'Impresión defectuosa', count: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.voids.map((v: { ncf: string }) => v.ncf)).toEqual([
      b02!.nextNcf,
      `B02${String(b02!.nextNumber + 1).padStart(8, '0')}`,
    ]);
    expect(res.json().data.sequence.nextNumber).toBe(b02!.nextNumber + 2);
  });
});
