import {
  AcceptExactMatchesResponseSchema,
  type BankLine,
  ExactMatchesPreviewSchema,
  GetBankLineResponseSchema,
  GetReconciliationAccountResponseSchema,
  GetReconciliationSummaryResponseSchema,
  ListBankLinesResponseSchema,
  ListBankRulesResponseSchema,
  ListReconciliationAccountsResponseSchema,
  type MatchBankLineRequest,
  type ReconciliationAccount,
  type ReconciliationSummary,
  type UpdateReconciliationAccountRequest,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { apiUrl, http, ok, server } from '../../../test/msw';
import { renderRoutes, renderWithProviders } from '../../../test/render';
import { useSessionStore } from '../../stores/session-store';
import { ReconciliationSummaryCard } from './components/reconciliation-summary';
import { StatementMappingModal } from './components/statement-mapping-modal';
import { BankReconciliationPage } from './pages/bank-reconciliation-page';

const ACCOUNT_ID = '11111111-1111-4111-8111-111111111111';
const LINE_ID = '22222222-2222-4222-8222-222222222222';
const INVOICE_ID = '33333333-3333-4333-8333-333333333333';

const account: ReconciliationAccount = {
  _id: ACCOUNT_ID,
  bank: 'Banco BHD',
  accountNumber: '0000-111122-3',
  currency: 'DOP',
  openingBalance: 100_000,
  openingDate: '2026-01-31',
  mapping: null,
  bankBalance: 125_000,
  lastLineDate: '2026-02-02',
  unmatchedCount: 1,
  createdAt: '2026-02-01T10:00:00.000Z',
  updatedAt: '2026-02-01T10:00:00.000Z',
};

const summary: ReconciliationSummary = {
  month: '2026-02',
  bankAccountId: ACCOUNT_ID,
  currency: 'DOP',
  openingBalance: 100_000,
  bankBalance: 125_000,
  portalBalance: 101_500,
  difference: 23_500,
  lines: { total: 3, matched: 1, ignored: 1, unmatched: 1 },
  unmatchedBank: { count: 1, credits: 25_000, debits: 0 },
  unmatchedPortal: {
    count: 1,
    total: 1_500,
    items: [
      {
        kind: 'payment',
        id: '44444444-4444-4444-8444-444444444444',
        date: '2026-02-10',
        amount: 1_500,
        label: 'FAC-2026-0007 · Cliente Dos',
      },
    ],
  },
  reconciled: false,
};

const match: MatchBankLineRequest = { invoices: [{ id: INVOICE_ID, amount: 25_000 }] };
const line: BankLine = {
  _id: LINE_ID,
  bankAccountId: ACCOUNT_ID,
  date: '2026-02-02',
  description: 'TRANSFERENCIA RECIBIDA CLIENTE UNO SRL',
  reference: '100201',
  amount: 25_000,
  balance: 125_000,
  status: 'unmatched',
  ignoreReason: null,
  match: null,
  suggestions: [
    {
      kind: 'invoice',
      id: INVOICE_ID,
      amount: 25_000,
      reason: 'Una factura abierta de exactamente ese monto, del cliente nombrado en la descripción',
      rule: 'exact_client',
      exact: true,
      label: 'FAC-2026-0012 · Cliente Uno SRL',
      invoices: [
        {
          id: INVOICE_ID,
          invoiceNumber: 'FAC-2026-0012',
          clientName: 'Cliente Uno SRL',
          clientEmail: 'pagos@clienteuno.do',
          balance: 25_000,
        },
      ],
      match: { invoices: [{ id: INVOICE_ID, amount: 25_000 }] },
    },
  ],
};

beforeEach(() => {
  useSessionStore.setState({ user: buildUser({ role: 'admin' }), isAuthenticated: true } as never);
});
afterEach(() => {
  useSessionStore.setState({ user: null, isAuthenticated: false } as never);
});

describe('Conciliación bancaria', { timeout: 30_000 }, () => {
  it('the mapping dialog previews the file as the mapping reads it and saves the mapping on the account', async () => {
    const csv = [
      'Banco Ficticio del Caribe',
      'Statement',
      'Date|Memo|Ref|Amount|Running Bal',
      '06/01/2026|ACH CREDIT CLIENT SEVEN|G-1|2400.00|12400.00',
      '06/13/2026|SERVICE CHARGE|G-2|-12.00|12388.00',
    ].join('\r\n');
    const file = new File([csv], 'movimientos.csv', { type: 'text/csv' });
    const saved: UpdateReconciliationAccountRequest[] = [];
    server.use(
      http.put(apiUrl(`/bank-accounts/${ACCOUNT_ID}`), async ({ request }) => {
        const body = (await request.json()) as UpdateReconciliationAccountRequest;
        saved.push(body);
        return ok(GetReconciliationAccountResponseSchema, {
          bankAccount: { ...account, mapping: body.mapping as never },
        });
      }),
    );
    let reimported = 0;
    renderWithProviders(
      <StatementMappingModal
        opened
        file={file}
        account={account}
        onClose={() => {}}
        onSaved={() => reimported++}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Formato del archivo' });
    // The raw rows, with the guessed header row (3, after the bank's own lines) marked.
    const raw = await within(dialog).findByRole('table', { name: 'Primeras filas del archivo' });
    expect(within(raw).getByText('Encabezado')).toBeTruthy();
    expect(within(raw).getByText('ACH CREDIT CLIENT SEVEN')).toBeTruthy();
    // How the lines will read: with day-first dates the 13th month is refused, named by its row.
    const lines = within(dialog).getByRole('table', { name: 'Así se leerán las líneas' });
    expect(within(lines).getByText('Fecha no válida «06/13/2026»')).toBeTruthy();
    // Month first: both rows read, the debit negative.
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Formato de fecha' }));
    fireEvent.click(await screen.findByRole('option', { name: 'MM/DD/YYYY' }));
    await waitFor(() => expect(within(lines).queryByText(/Fecha no válida/)).toBeNull());
    expect(within(lines).getByText('SERVICE CHARGE')).toBeTruthy();
    expect(within(lines).getByText('-RD$12.00')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar formato e importar' }));
    await waitFor(() => expect(reimported).toBe(1));
    expect(saved[0]?.mapping).toEqual({
      delimiter: '|',
      decimalSeparator: '.',
      thousandsSeparator: ',',
      dateFormat: 'MM/DD/YYYY',
      headerRow: 3,
      columns: {
        date: 'Date',
        description: 'Memo',
        reference: 'Ref',
        balance: 'Running Bal',
        amount: 'Amount',
        type: null,
        debit: null,
        credit: null,
      },
    });
  });

  it('accepting a suggestion shows what will be recorded and the receipt e-mail, and records only on Confirmar', async () => {
    const posted: MatchBankLineRequest[] = [];
    let current = line;
    server.use(
      http.get(apiUrl('/bank-accounts'), () =>
        ok(ListReconciliationAccountsResponseSchema, { bankAccounts: [account] }),
      ),
      http.get(apiUrl(`/bank-accounts/${ACCOUNT_ID}/lines`), () =>
        ok(ListBankLinesResponseSchema, {
          bankLines: current.status === 'unmatched' ? [current] : [],
          pagination: { page: 1, limit: 20, total: current.status === 'unmatched' ? 1 : 0 },
        }),
      ),
      http.get(apiUrl(`/bank-accounts/${ACCOUNT_ID}/reconciliation`), () =>
        ok(GetReconciliationSummaryResponseSchema, { summary }),
      ),
      http.get(apiUrl('/bank-rules'), () => ok(ListBankRulesResponseSchema, { bankRules: [] })),
      http.post(apiUrl(`/bank-lines/${LINE_ID}/match`), async ({ request }) => {
        posted.push((await request.json()) as MatchBankLineRequest);
        current = {
          ...line,
          status: 'matched',
          suggestions: [],
          match: {
            payments: [
              {
                paymentId: '55555555-5555-4555-8555-555555555555',
                invoiceId: INVOICE_ID,
                invoiceNumber: 'FAC-2026-0012',
                amount: 25_000,
              },
            ],
            paymentReportId: null,
            expenseId: null,
            matchedBy: null,
            matchedAt: '2026-02-03T12:00:00.000Z',
          },
        };
        return ok(GetBankLineResponseSchema, { bankLine: current });
      }),
    );
    renderRoutes(
      [{ path: '/billing/reconciliation', element: <BankReconciliationPage /> }],
      '/billing/reconciliation',
    );
    const card = await screen.findByRole('article', { name: /TRANSFERENCIA RECIBIDA CLIENTE UNO SRL/ });
    expect(within(card).getByText(/del cliente nombrado en la descripción/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Aceptar: FAC-2026-0012 · Cliente Uno SRL' }));

    const dialog = await screen.findByRole('dialog', { name: 'Registrar el pago' });
    expect(
      within(dialog).getByText(/Pago de RD\$25,000\.00 a la factura FAC-2026-0012 \(Cliente Uno SRL/),
    ).toBeTruthy();
    expect(
      within(dialog).getByText('Se enviará el recibo por correo a Cliente Uno SRL (pagos@clienteuno.do).'),
    ).toBeTruthy();
    expect(posted).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(posted).toEqual([match]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Registrar el pago' })).toBeNull());
    expect(await screen.findByText('No hay líneas sin conciliar')).toBeTruthy();
  });

  it('accepts every exact match of the month across pages after a confirmation with count and total', async () => {
    const OTHER = '66666666-6666-4666-8666-666666666666';
    const posted: unknown[] = [];
    server.use(
      http.get(apiUrl('/bank-accounts'), () =>
        ok(ListReconciliationAccountsResponseSchema, { bankAccounts: [{ ...account, unmatchedCount: 30 }] }),
      ),
      http.get(apiUrl(`/bank-accounts/${ACCOUNT_ID}/lines`), () =>
        ok(ListBankLinesResponseSchema, {
          bankLines: [{ ...line, suggestions: [] }],
          pagination: { page: 1, limit: 20, total: 30 },
        }),
      ),
      http.get(apiUrl(`/bank-accounts/${ACCOUNT_ID}/reconciliation`), () =>
        ok(GetReconciliationSummaryResponseSchema, { summary }),
      ),
      http.get(apiUrl('/bank-rules'), () => ok(ListBankRulesResponseSchema, { bankRules: [] })),
      http.get(apiUrl(`/bank-accounts/${ACCOUNT_ID}/exact-matches`), ({ request }) =>
        ok(ExactMatchesPreviewSchema, {
          month: new URL(request.url).searchParams.get('month')!,
          count: 2,
          total: 26_500,
          skipped: 1,
          lines: [
            {
              lineId: LINE_ID,
              date: '2026-02-02',
              description: 'TRANSFERENCIA RECIBIDA CLIENTE UNO SRL',
              amount: 25_000,
              label: 'FAC-2026-0012 · Cliente Uno SRL',
              reason: 'exacto',
            },
            {
              lineId: OTHER,
              date: '2026-02-20',
              description: 'TRANSFERENCIA 2',
              amount: 1_500,
              label: 'FAC-2026-0015 · Cliente Dos',
              reason: 'exacto',
            },
          ],
        }),
      ),
      http.post(apiUrl(`/bank-accounts/${ACCOUNT_ID}/exact-matches`), async ({ request }) => {
        posted.push(await request.json());
        return ok(AcceptExactMatchesResponseSchema, {
          recorded: 1,
          failed: [
            {
              lineId: OTHER,
              date: '2026-02-20',
              description: 'TRANSFERENCIA 2',
              amount: 1_500,
              reason: 'Esta línea del banco ya está conciliada o ignorada',
            },
          ],
        });
      }),
    );
    renderRoutes(
      [{ path: '/billing/reconciliation', element: <BankReconciliationPage /> }],
      '/billing/reconciliation?mes=2026-02',
    );
    fireEvent.click(
      await screen.findByRole('button', {
        name: 'Aceptar todas las coincidencias exactas del mes (febrero 2026)',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Aceptar las coincidencias exactas de febrero 2026',
    });
    expect(dialog.textContent).toContain('2 líneas del mes (todas las páginas)');
    expect(dialog.textContent).toContain('RD$26,500.00 en total');
    expect(dialog.textContent).toContain('1 línea queda fuera porque su factura ya la toma otra línea');
    expect(within(dialog).getByText(/FAC-2026-0015 · Cliente Dos/)).toBeTruthy();
    expect(posted).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Aceptar 2' }));
    await waitFor(() => expect(posted).toEqual([{ month: '2026-02', lineIds: [LINE_ID, OTHER] }]));
    expect(await screen.findByText('1 de 2 en febrero 2026')).toBeTruthy();
    expect(
      await screen.findByText(/TRANSFERENCIA 2: Esta línea del banco ya está conciliada o ignorada/),
    ).toBeTruthy();
  });

  it('the month summary shows the bank balance against the portal, the difference and what is unmatched on each side', () => {
    renderWithProviders(
      <ReconciliationSummaryCard summary={summary} loading={false} error={null} month="2026-02" />,
    );
    const card = screen.getByRole('region', { name: 'Conciliación de febrero 2026' });
    expect(within(card).getByText('1 línea sin conciliar')).toBeTruthy();
    expect(within(card).getByText('Balance en el banco').nextSibling?.textContent).toBe('RD$125,000.00');
    expect(within(card).getByText('Balance en el portal').nextSibling?.textContent).toBe('RD$101,500.00');
    expect(within(card).getByText('Diferencia').nextSibling?.textContent).toBe('RD$23,500.00');
    expect(
      within(card).getByText('3 líneas en el mes: 1 conciliadas, 1 ignoradas, 1 sin conciliar.'),
    ).toBeTruthy();
    const bankSide = within(card).getByRole('region', { name: 'En el banco, sin registro en el portal' });
    expect(within(bankSide).getByText(/1 línea: créditos RD\$25,000\.00, débitos RD\$0\.00/)).toBeTruthy();
    const portalSide = within(card).getByRole('region', { name: 'En el portal, sin línea del banco' });
    expect(within(portalSide).getByText(/Pago · FAC-2026-0007 · Cliente Dos/)).toBeTruthy();
  });
});
