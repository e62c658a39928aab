#!/usr/bin/env node
// `npm run bench:bank`: how long a 5,000-line bank statement takes to import and get its
// suggestions (issue 48: "under 5 s"), against the production build with the demo seed plus a
// realistic book of open work, so the suggestions have real candidates to search.
//   Set-up (not timed): a fresh server (new DATA_DIR, PGlite) gets --clients=100 company clients
//   and --invoices=500 open DOP invoices spread over them (created and sent through the API), 20
//   more invoices of the demo client with a pending transfer report each (the client reports them),
//   and 100 expenses of a demo supplier, unpaid by any bank line.
//   Timed: a generated BHD-layout CSV (`;`, account rows first, Latin-1, running balance) of 5,000
//   lines — credits naming open invoice numbers, credits of open invoices' exact balances, credits
//   of the reports' amounts, plain transfers, debits of the expenses' amounts and bank fees — is
//   uploaded with `POST /bank-accounts/{id}/statements`, then every line is read with its
//   suggestions through `GET /bank-accounts/{id}/lines?limit=100` (50 pages).
// Prints the import time, the suggestions time and their sum, per run (a number, not a pass/fail).
// Options: --runs=3, --lines=5000, --clients=100, --invoices=500.
import { ensureBuilt } from './lib/build-check.mjs';
import { ensureNodeRuntime } from './lib/node-runtime.mjs';
import { ROOT, startServer } from './lib/proc.mjs';

await ensureNodeRuntime();
const arg = (name, fallback) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback) || fallback;
const RUNS = Math.max(1, arg('runs', 3));
const LINES = Math.max(1, arg('lines', 5000));
const CLIENTS = Math.max(1, arg('clients', 100));
const INVOICES = Math.max(1, arg('invoices', 500));

if (!(await ensureBuilt(ROOT))) process.exit(1);
const server = await startServer({ env: { RATE_LIMIT_MAX: '1000000' } });
const api = async (token, method, path, body, headers = {}) => {
  const res = await fetch(`${server.baseURL}/api${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
};

/** A BHD statement of `n` lines dated over a year, naming open invoices, reports and expenses. */
function statement(n, { invoices, reports, expenses }, run) {
  const rows = [
    ';Banco BHD;;;;;;;;',
    ';Cuenta;0000-000000-0;;;;;;;',
    ';Fecha;Número de Referencia;;Descripción;Débitos;Créditos;Balance;;',
  ];
  let balance = 1_000_000_00;
  const money = (c) =>
    (c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const pick = (list, i) => (list.length ? list[i % list.length] : null);
  for (let i = 0; i < n; i++) {
    const day = new Date(Date.UTC(2025, 0, 1) + Math.floor((i * 360) / n) * 86_400_000);
    const date = `${String(day.getUTCDate()).padStart(2, '0')}-${String(day.getUTCMonth() + 1).padStart(2, '0')}-${day.getUTCFullYear()}`;
    const inv = pick(invoices, i);
    let cents;
    let text;
    switch (i % 8) {
      case 0: // the invoice number in the description
        cents = inv ? Math.round(inv.balance * 100) : 150_000;
        text = inv ? `TRANSFERENCIA PAGO ${inv.invoiceNumber}` : 'TRANSFERENCIA RECIBIDA';
        break;
      case 1: // an open invoice's exact balance, the client named
        cents = inv ? Math.round(inv.balance * 100) : 99_900;
        text = inv ? `TRANSF ${inv.clientName.toUpperCase()}` : `TRANSFERENCIA RECIBIDA ${i}`;
        break;
      case 2: // an exact balance, nobody named
        cents = inv ? Math.round(inv.balance * 100) - (i % 3 === 0 ? 15_000 : 0) : 12_345;
        text = `TRANSFERENCIA RECIBIDA ${i}`;
        break;
      case 3: {
        const r = pick(reports, i);
        cents = r ? Math.round(r.amount * 100) : 50_000;
        text = `TRANSFERENCIA LBTR ${i}`;
        break;
      }
      case 4:
      case 5:
        cents = 10_000 + ((i * 7919) % 5_000_000);
        text = `DEPOSITO CLIENTE ${i}`;
        break;
      case 6: {
        const e = pick(expenses, i);
        cents = -(e ? e.cents : 250_000);
        text = `PAGO SUPLIDOR ${e ? e.name.toUpperCase() : i}`;
        break;
      }
      default:
        cents = -(500 + (i % 300) * 100);
        text = 'COMISION MANEJO DE CUENTA';
    }
    balance += cents;
    const debit = cents < 0 ? money(-cents) : '';
    const credit = cents > 0 ? money(cents) : '';
    rows.push(`;${date};R${run}-${i};;${text};${debit};${credit};${money(balance)};;`);
  }
  return Buffer.from(`${rows.join('\r\n')}\r\n`, 'latin1');
}

/** Runs `fn` over `items`, `width` at a time; the results in order. */
async function pool(items, width, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/** A 1×1 PNG: the transfer screenshot a client attaches to a report. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const today = new Date().toISOString().slice(0, 10);
const inDays = (d) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
const COMPANY_WORDS = ['Soluciones', 'Comercial', 'Inversiones', 'Distribuidora', 'Grupo', 'Servicios'];
const PLACE_WORDS = ['Caribe', 'Cibao', 'Quisqueya', 'del Este', 'Ozama', 'Yaque', 'Higüey', 'Bávaro'];

/** A made-up RNC with a valid DGII check digit (weights 7,9,8,6,5,4,3,2 mod 11, shared `rncCheckDigit`). */
function rnc(i) {
  const first8 = `13${String(400_000 + i).padStart(6, '0')}`;
  const sum = [7, 9, 8, 6, 5, 4, 3, 2].reduce((acc, w, k) => acc + w * Number(first8[k]), 0);
  const r = sum % 11;
  return `${first8}${r === 0 ? 2 : r === 1 ? 1 : 11 - r}`;
}

/** The open book the statement is matched against (see the header). Returns what the lines name. */
async function seedBook(token, clientToken, clientId) {
  const t0 = performance.now();
  // The demo's NCF ranges are small: a fresh DGII authorisation for the 520 invoices' types.
  for (const documentType of ['B01', 'B02'])
    await api(token, 'POST', '/fiscal/sequences', {
      documentType,
      rangeFrom: 5_000_000,
      rangeTo: 5_010_000,
      expiresOn: `${new Date().getUTCFullYear() + 1}-12-31`,
      replaceActive: true,
    });
  const clients = await pool(
    Array.from({ length: CLIENTS }, (_, i) => i),
    4,
    async (i) => {
      const name = `${COMPANY_WORDS[i % COMPANY_WORDS.length]} ${PLACE_WORDS[(i * 7) % PLACE_WORDS.length]} ${i + 1} SRL`;
      const { client } = await api(token, 'POST', '/clients', {
        firstName: 'Contacto',
        lastName: `Banco ${i + 1}`,
        email: `bench-banco-${i + 1}@clientes.example`,
        clientType: 'company',
        companyName: name,
        companyRUC: rnc(i),
        taxpayerType: 'contribuyente',
      });
      return { id: client._id, name };
    },
  );
  const invoice = async (forClient, i) => {
    const { invoice: created } = await api(token, 'POST', '/invoices', {
      clientId: forClient,
      issueDate: today,
      dueDate: inDays(30),
      items: [
        {
          description: 'Servicios digitales del mes',
          quantity: 1 + (i % 3),
          unitPrice: 1_500 + ((i * 7_919) % 90_000) + (i % 100) / 100,
        },
      ],
    });
    const { invoice: sent } = await api(token, 'POST', `/invoices/${created._id}/send`);
    return sent;
  };
  const open = await pool(
    Array.from({ length: INVOICES }, (_, i) => i),
    4,
    async (i) => {
      const c = clients[i % clients.length];
      const inv = await invoice(c.id, i);
      return { ...inv, clientName: c.name };
    },
  );
  const reported = await pool(
    Array.from({ length: 20 }, (_, i) => i),
    2,
    async (i) => {
      const inv = await invoice(clientId, INVOICES + i);
      const amount = Math.round(inv.balance * 50) / 100; // half of it, reported by the client
      const form = new FormData();
      form.append('amount', String(amount));
      form.append('date', today);
      form.append('bank', 'Banco BHD');
      form.append('reference', `BENCH-${i}`);
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'comprobante.png');
      await api(clientToken, 'POST', `/invoices/${inv._id}/payment-reports`, form);
      return { amount };
    },
  );
  const { suppliers } = await api(token, 'GET', '/suppliers?limit=100');
  const supplier = suppliers.find((s) => s.taxId || s.rnc) ?? suppliers[0];
  const expenses = supplier
    ? await pool(
        Array.from({ length: 100 }, (_, i) => i),
        4,
        async (i) => {
          const services = 1_000 + ((i * 3_571) % 40_000);
          await api(token, 'POST', '/expenses', {
            supplierId: supplier._id,
            documentType: 'B01',
            ncf: `B01${String(70_000_000 + i).padStart(8, '0')}`,
            issueDate: today,
            expenseType: '02',
            servicesAmount: services,
            paymentMethod: '02',
            description: `Servicio del suplidor ${i}`,
          });
          return { cents: services * 100, name: supplier.name };
        },
      )
    : [];
  console.info(
    `set-up: ${clients.length} clients, ${open.length} open invoices, ${reported.length} transfer reports, ${expenses.length} expenses in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  return { invoices: open, reports: reported, expenses };
}

try {
  const { token } = await api(null, 'POST', '/auth/login', { email: 'admin@demo.do', password: 'Demo1234!' });
  const demoClient = await api(null, 'POST', '/auth/login', {
    email: 'cliente@demo.do',
    password: 'Demo1234!',
  });
  const book = await seedBook(token, demoClient.token, demoClient.user.clientId);
  console.info(
    `bench:bank — ${LINES} lines per statement against ${book.invoices.length + book.reports.length} open DOP invoices, ${book.reports.length} pending reports, ${book.expenses.length} expenses`,
  );
  for (let run = 1; run <= RUNS; run++) {
    const { bankAccount } = await api(token, 'POST', '/bank-accounts', {
      bank: 'Banco BHD',
      accountNumber: `BENCH-${run}-${Date.now()}`,
      currency: 'DOP',
      openingBalance: 1_000_000,
      openingDate: '2025-01-01',
    });
    const form = new FormData();
    form.append('file', new Blob([statement(LINES, book, run)], { type: 'text/csv' }), 'estado-bhd.csv');
    const t0 = performance.now();
    const imported = await api(token, 'POST', `/bank-accounts/${bankAccount._id}/statements`, form);
    const t1 = performance.now();
    let seen = 0;
    let suggested = 0;
    for (let page = 1; ; page++) {
      const data = await api(token, 'GET', `/bank-accounts/${bankAccount._id}/lines?limit=100&page=${page}`);
      seen += data.bankLines.length;
      suggested += data.bankLines.filter((l) => l.suggestions.length > 0).length;
      if (data.bankLines.length < 100) break;
    }
    const t2 = performance.now();
    const s = (ms) => (ms / 1000).toFixed(2);
    console.info(
      `run ${run}: import ${s(t1 - t0)} s (${imported.imported} lines), suggestions ${s(t2 - t1)} s (${seen} lines, ${suggested} with suggestions), total ${s(t2 - t0)} s`,
    );
  }
} finally {
  await server.stop();
}
