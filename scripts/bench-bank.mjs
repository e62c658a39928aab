#!/usr/bin/env node
// `npm run bench:bank`: how long a 5,000-line bank statement takes to import and get its
// suggestions (issue 48: "under 5 s"), against the production build with the demo seed.
//   A fresh server (new DATA_DIR, PGlite) gets a DOP bank account; a generated BHD-layout CSV
//   (`;`, account rows first, Latin-1, running balance) of 5,000 lines — credits that name demo
//   invoice numbers, credits of open invoices' exact balances, plain transfers and bank fees — is
//   uploaded with `POST /api/bank-accounts/{id}/statements`, then every line is read with its
//   suggestions through `GET /api/bank-accounts/{id}/lines?limit=100` (50 pages).
// Prints the import time, the suggestions time and their sum, per run (a number, not a pass/fail).
// Options: --runs=3, --lines=5000.
import { ensureBuilt } from './lib/build-check.mjs';
import { ensureNodeRuntime } from './lib/node-runtime.mjs';
import { ROOT, startServer } from './lib/proc.mjs';

await ensureNodeRuntime();
const arg = (name, fallback) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback) || fallback;
const RUNS = Math.max(1, arg('runs', 3));
const LINES = Math.max(1, arg('lines', 5000));

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

/** A BHD statement of `n` lines dated over the last months, with the open invoices' numbers and balances mixed in. */
function statement(n, invoices, run) {
  const rows = [
    ';Banco BHD;;;;;;;;',
    ';Cuenta;0000-000000-0;;;;;;;',
    ';Fecha;Número de Referencia;;Descripción;Débitos;Créditos;Balance;;',
  ];
  let balance = 1_000_000_00;
  const money = (c) =>
    (c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  for (let i = 0; i < n; i++) {
    const day = new Date(Date.UTC(2025, 0, 1) + Math.floor((i * 360) / n) * 86_400_000);
    const date = `${String(day.getUTCDate()).padStart(2, '0')}-${String(day.getUTCMonth() + 1).padStart(2, '0')}-${day.getUTCFullYear()}`;
    const inv = invoices[i % Math.max(1, invoices.length)];
    let cents;
    let text;
    switch (i % 4) {
      case 0:
        cents = inv ? Math.round(inv.balance * 100) : 150_000;
        text = inv ? `TRANSFERENCIA PAGO ${inv.invoiceNumber}` : 'TRANSFERENCIA RECIBIDA';
        break;
      case 1:
        cents = inv ? Math.round(inv.balance * 100) : 99_900;
        text = `TRANSFERENCIA RECIBIDA ${i}`;
        break;
      case 2:
        cents = 10_000 + ((i * 7919) % 5_000_000);
        text = `DEPOSITO CLIENTE ${i}`;
        break;
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

try {
  const { token } = await api(null, 'POST', '/auth/login', { email: 'admin@demo.do', password: 'Demo1234!' });
  const open = [];
  for (let page = 1; page <= 5; page++) {
    const data = await api(token, 'GET', `/invoices?limit=100&page=${page}`);
    open.push(
      ...data.invoices.filter(
        (i) =>
          i.balance > 0 &&
          i.currency === 'DOP' &&
          ['sent', 'pending', 'overdue', 'issued'].includes(i.status),
      ),
    );
    if (data.invoices.length < 100) break;
  }
  console.info(
    `bench:bank — ${LINES} lines per statement, ${open.length} open DOP invoices in the demo data`,
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
    form.append('file', new Blob([statement(LINES, open, run)], { type: 'text/csv' }), 'estado-bhd.csv');
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
