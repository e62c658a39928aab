import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bankFixture, createBankAccount, importStatement } from '../../../test/bank-factories.js';
import { createTestApp, DEMO, injectAs, login } from '../../../test/helpers.js';

let app: FastifyInstance;
let admin: string;
let employee: string;
let client: string;

beforeAll(async () => {
  app = await createTestApp();
  admin = (await login(app, DEMO.admin)).token;
  employee = (await login(app, DEMO.employee)).token;
  client = (await login(app, DEMO.client)).token;
});

async function linesOf(id: string, query = '') {
  const res = await injectAs(app, admin, {
    method: 'GET',
    url: `/api/bank-accounts/${id}/lines?limit=100${query}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.bankLines as Array<{
    date: string;
    description: string;
    reference: string;
    amount: number;
    balance: number | null;
    status: string;
  }>;
}

describe('statement import: each bank’s layout and encoding', () => {
  it('BHD: `;`, account rows above the header, Latin-1, DD-MM-YYYY; totals row skipped', async () => {
    const id = await createBankAccount(app, admin);
    const res = await importStatement(app, admin, id, bankFixture('bhd.csv'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({
      imported: 4,
      duplicates: 0,
      lines: 4,
      layout: 'bhd',
      from: '2026-02-02',
      to: '2026-02-09',
      gaps: [],
    });
    const lines = await linesOf(id);
    expect(lines.map((l) => [l.date, l.reference, l.amount, l.balance])).toEqual([
      ['2026-02-02', '100201', 25000, 125000],
      ['2026-02-03', '100202', -350, 124650],
      ['2026-02-05', '100203', -5900, 118750],
      ['2026-02-09', '100204', 1180.5, 119930.5],
    ]);
    expect(lines[1]!.description).toBe('COMISIÓN MANEJO DE CUENTA');
    expect(lines.every((l) => l.status === 'unmatched')).toBe(true);
  });

  it('an overlapping statement adds only its new lines; the same file again adds none', async () => {
    const id = await createBankAccount(app, admin);
    expect((await importStatement(app, admin, id, bankFixture('bhd.csv'))).statusCode).toBe(201);
    const overlap = await importStatement(app, admin, id, bankFixture('bhd-overlap.csv'));
    expect(overlap.json().data).toMatchObject({ imported: 2, duplicates: 2, lines: 4, gaps: [] });
    const again = await importStatement(app, admin, id, bankFixture('bhd.csv'));
    expect(again.json().data).toMatchObject({ imported: 0, duplicates: 4, lines: 4 });
    const lines = await linesOf(id);
    expect(lines.map((l) => l.reference)).toEqual([
      '100201',
      '100202',
      '100203',
      '100204',
      '100205',
      '100206',
    ]);
    const account = await injectAs(app, admin, { method: 'GET', url: `/api/bank-accounts/${id}` });
    expect(account.json().data.bankAccount).toMatchObject({
      bankBalance: 122926,
      lastLineDate: '2026-02-13',
      unmatchedCount: 6,
    });
  });

  it('Popular: UTF-8 with BOM, DD/MM/YYYY, always-positive amount with a Crédito/Débito column', async () => {
    const id = await createBankAccount(app, admin, { bank: 'Banco Popular Dominicano' });
    const res = await importStatement(app, admin, id, bankFixture('popular.csv'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ imported: 3, layout: 'popular', gaps: [] });
    const lines = await linesOf(id);
    expect(lines.map((l) => [l.date, l.amount, l.balance])).toEqual([
      ['2026-03-01', 12500, 62500],
      ['2026-03-02', -175, 62325],
      ['2026-03-04', -2000, 60325],
    ]);
    expect(lines[2]!.description).toBe('PAGO TARJETA ÑANDÚ');
  });

  it('Banreservas: UTF-16 with Débito / Crédito / Balance, newest first, stored oldest first', async () => {
    const id = await createBankAccount(app, admin, { bank: 'Banreservas' });
    const res = await importStatement(app, admin, id, bankFixture('banreservas.csv'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      imported: 3,
      layout: 'banreservas',
      from: '2026-01-10',
      to: '2026-01-20',
      gaps: [],
    });
    expect((await linesOf(id)).map((l) => [l.date, l.amount])).toEqual([
      ['2026-01-10', 5250],
      ['2026-01-15', -250],
      ['2026-01-20', 7080],
    ]);
  });

  it('OFX (SGML): signed TRNAMT, FITID as the reference, no running balance', async () => {
    const id = await createBankAccount(app, admin, { currency: 'USD' });
    const res = await importStatement(app, admin, id, bankFixture('statement.ofx'), 'movimientos.ofx');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ imported: 3, layout: 'ofx' });
    const lines = await linesOf(id);
    expect(lines.map((l) => [l.date, l.reference, l.amount, l.balance])).toEqual([
      ['2026-04-03', 'OFX-0001', 1500, null],
      ['2026-04-05', 'OFX-0002', -25, null],
      ['2026-04-10', 'OFX-0003', -99.99, null],
    ]);
    expect(lines[0]!.description).toBe('WIRE FROM CLIENT FIVE LLC · INV FAC-2026-9001');
  });

  it('XLSX: dates and numbers from the cells', async () => {
    const id = await createBankAccount(app, admin);
    const res = await importStatement(app, admin, id, bankFixture('popular.xlsx'), 'movimientos.xlsx');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ imported: 2, layout: 'popular', gaps: [] });
    expect((await linesOf(id)).map((l) => [l.date, l.amount, l.balance])).toEqual([
      ['2026-05-04', 4130, 14130],
      ['2026-05-06', -15.5, 14114.5],
    ]);
  });

  it('another bank: refused until the account has a generic mapping, then read with it', async () => {
    const id = await createBankAccount(app, admin, { bank: 'Banco Ficticio del Caribe' });
    const refused = await importStatement(app, admin, id, bankFixture('generic-pipe.csv'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^No reconocemos el formato de este archivo/);
    expect(refused.json().code).toBe('UNKNOWN_STATEMENT_LAYOUT');
    const put = await injectAs(app, admin, {
      method: 'PUT',
      url: `/api/bank-accounts/${id}`,
      payload: {
        mapping: {
          delimiter: '|',
          decimalSeparator: '.',
          thousandsSeparator: ',',
          dateFormat: 'MM/DD/YYYY',
          headerRow: 3,
          columns: {
            date: 'Date',
            description: 'Memo',
            reference: 'Ref',
            amount: 'Amount',
            balance: 'Running Bal',
          },
        },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await importStatement(app, admin, id, bankFixture('generic-pipe.csv'));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ imported: 2, layout: 'generic', gaps: [] });
    expect((await linesOf(id)).map((l) => [l.date, l.amount])).toEqual([
      ['2026-06-01', 2400],
      ['2026-06-03', -12],
    ]);
  });

  it('a broken row → 400 in Spanish naming the row, and nothing is imported', async () => {
    const id = await createBankAccount(app, admin);
    const res = await importStatement(app, admin, id, bankFixture('broken.csv'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Fila 6: no tiene débito ni crédito. No se importó ninguna línea.');
    expect(await linesOf(id)).toEqual([]);
    const fixed = Buffer.from(
      bankFixture('broken.csv').toString('latin1').replace(';PAGO;;;', ';PAGO;10.00;;'),
      'latin1',
    );
    const amount = await importStatement(app, admin, id, fixed);
    expect(amount.statusCode).toBe(400);
    expect(amount.json().message).toBe(
      'Fila 7: el monto «1.0O0,00» no es un número. No se importó ninguna línea.',
    );
    expect(await linesOf(id)).toEqual([]);
  });

  it('a break in the running balance is reported with its row', async () => {
    const id = await createBankAccount(app, admin);
    const res = await importStatement(app, admin, id, bankFixture('bhd-gap.csv'));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.gaps).toEqual([{ row: 5, date: '2026-02-06', expected: 11450, actual: 11250 }]);
  });

  it('the first new line of an import is checked against the last line already kept before it', async () => {
    const id = await createBankAccount(app, admin);
    expect((await importStatement(app, admin, id, bankFixture('bhd.csv'))).statusCode).toBe(201);
    const bhd = (rows: string[]) =>
      Buffer.from(
        [
          ';Banco BHD;;;;;;;;',
          ';Fecha;Número de Referencia;;Descripción;Débitos;Créditos;Balance;;',
          ...rows,
        ].join('\r\n'),
        'latin1',
      );
    // Follows on from 09-02 (119,930.50): no gap.
    const next = await importStatement(
      app,
      admin,
      id,
      bhd([
        ';12-02-2026;100205;;TRANSFERENCIA RECIBIDA CLIENTE DOS;;3,000.00;122,930.50;;',
        ';13-02-2026;100206;;CARGO ITBIS 0.15% TRANSFERENCIAS;4.50;;122,926.00;;',
      ]),
    );
    expect(next.json().data).toMatchObject({ imported: 2, gaps: [] });
    // A statement is missing between 13-02 (122,926.00) and this one: the gap names the stored line.
    const after = await importStatement(
      app,
      admin,
      id,
      bhd([
        ';20-02-2026;100210;;DEPOSITO;;100.00;123,100.00;;',
        ';21-02-2026;100211;;COMISION;10.00;;123,090.00;;',
      ]),
    );
    expect(after.statusCode).toBe(201);
    expect(after.json().data).toMatchObject({ imported: 2, duplicates: 0 });
    expect(after.json().data.gaps).toEqual([
      {
        row: 3,
        date: '2026-02-20',
        expected: 123026,
        actual: 123100,
        previous: { date: '2026-02-13', reference: '100206' },
      },
    ]);
    // The same file again adds nothing and reports nothing across imports (no new first line).
    const again = await importStatement(
      app,
      admin,
      id,
      bhd([
        ';20-02-2026;100210;;DEPOSITO;;100.00;123,100.00;;',
        ';21-02-2026;100211;;COMISION;10.00;;123,090.00;;',
      ]),
    );
    expect(again.json().data).toMatchObject({ imported: 0, duplicates: 2, gaps: [] });
  });

  it('Spanish 400s on the account and the upload; 409 on a duplicate account', async () => {
    const bad = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/bank-accounts',
      payload: {
        bank: 'BHD',
        accountNumber: '1',
        currency: 'EUR',
        openingBalance: 0,
        openingDate: '2026-01-01',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Moneda inválida (DOP o USD)');
    const id = await createBankAccount(app, admin, { bank: 'Banco Caribe', accountNumber: '123-456' });
    const dup = await injectAs(app, admin, {
      method: 'POST',
      url: '/api/bank-accounts',
      payload: {
        bank: 'banco caribe',
        accountNumber: '123-456',
        currency: 'DOP',
        openingBalance: 0,
        openingDate: '2026-01-01',
      },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Ya existe una cuenta con ese banco y número');
    const noFile = await injectAs(app, admin, { method: 'POST', url: `/api/bank-accounts/${id}/statements` });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Adjunta el archivo del estado de cuenta (CSV, XLSX u OFX)');
    const badMonth = await injectAs(app, admin, {
      method: 'GET',
      url: `/api/bank-accounts/${id}/lines?month=2026-13`,
    });
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().message).toBe('Mes inválido (AAAA-MM)');
  });

  it('only admins: employees and clients get 403 on every bank route', async () => {
    const id = await createBankAccount(app, admin);
    for (const token of [employee, client]) {
      expect((await injectAs(app, token, { method: 'GET', url: '/api/bank-accounts' })).statusCode).toBe(403);
      expect(
        (await injectAs(app, token, { method: 'GET', url: `/api/bank-accounts/${id}/lines` })).statusCode,
      ).toBe(403);
      expect((await importStatement(app, token, id, bankFixture('bhd.csv'))).statusCode).toBe(403);
      expect((await injectAs(app, token, { method: 'GET', url: '/api/bank-rules' })).statusCode).toBe(403);
    }
    expect(await linesOf(id)).toEqual([]);
  });
});
