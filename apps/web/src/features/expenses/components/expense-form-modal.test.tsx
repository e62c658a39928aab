import {
  GetCompanySettingsResponseSchema,
  GetExpenseResponseSchema,
  GetSupplierResponseSchema,
  ListExchangeRatesResponseSchema,
  ListOptionsResponseSchema,
  type Supplier,
  UpsertExchangeRateResponseSchema,
} from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCompanySettings, buildExpense, buildSupplier, buildUser } from '../../../../test/factories';
import { apiUrl, fail, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { useSessionStore } from '../../../stores/session-store';
import { ExpenseFormModal } from './expense-form-modal';

const PROJECT = '55555555-5555-4555-8555-555555555555';
const COMPANY = buildSupplier();
const INFORMAL = buildSupplier({
  _id: '66666666-6666-4666-8666-666666666666',
  name: 'Juan Pérez (plomero)',
  taxId: null,
  taxIdType: 'none',
  taxpayerType: 'informal',
});

/** What the API received: JSON bodies of POST/PUT /expenses and POST /suppliers, receipt uploads. */
let posted: Record<string, unknown>[] = [];
let put: Record<string, unknown>[] = [];
let createdSuppliers: Record<string, unknown>[] = [];
let uploads: { id: string; contentType: string | null }[] = [];

function mockApi(suppliers: Supplier[] = [COMPANY, INFORMAL]) {
  server.use(
    http.get(apiUrl('/settings'), () =>
      ok(GetCompanySettingsResponseSchema, { settings: buildCompanySettings() }),
    ),
    http.get(apiUrl('/suppliers/options'), () =>
      ok(ListOptionsResponseSchema, {
        options: suppliers.map((s) => ({
          value: s._id,
          label: s.name,
          ...(s.taxId ? { description: s.taxId } : {}),
        })),
      }),
    ),
    http.get(apiUrl('/suppliers/:id'), ({ params }) =>
      ok(GetSupplierResponseSchema, { supplier: suppliers.find((s) => s._id === params.id) ?? COMPANY }),
    ),
    http.get(apiUrl('/projects/options'), () =>
      ok(ListOptionsResponseSchema, { options: [{ value: PROJECT, label: 'Tienda en línea' }] }),
    ),
    http.get(apiUrl('/fiscal/exchange-rates'), () =>
      ok(ListExchangeRatesResponseSchema, {
        rates: [
          {
            date: '2026-11-20',
            currency: 'USD',
            rate: 60.5,
            source: 'manual',
            createdBy: null,
            updatedAt: '2026-11-20T14:00:00.000Z',
          },
        ],
        pagination: { page: 1, limit: 1, total: 1 },
      }),
    ),
    http.post(apiUrl('/expenses'), async ({ request }) => {
      posted.push((await request.json()) as Record<string, unknown>);
      return ok(GetExpenseResponseSchema, { expense: buildExpense() }, { status: 201 });
    }),
    http.put(apiUrl('/expenses/:id'), async ({ request }) => {
      put.push((await request.json()) as Record<string, unknown>);
      return ok(GetExpenseResponseSchema, { expense: buildExpense() });
    }),
    http.post(apiUrl('/expenses/:id/receipt'), ({ request, params }) => {
      uploads.push({ id: String(params.id), contentType: request.headers.get('content-type') });
      return ok(GetExpenseResponseSchema, {
        expense: buildExpense({
          receipt: { _id: PROJECT, filename: 'factura.png', contentType: 'image/png', sizeBytes: 4 },
        }),
      });
    }),
    http.post(apiUrl('/suppliers'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      createdSuppliers.push(body);
      return ok(
        GetSupplierResponseSchema,
        {
          supplier: buildSupplier({
            _id: '77777777-7777-4777-8777-777777777777',
            name: String(body.name),
            taxId: String(body.taxId),
          }),
        },
        { status: 201 },
      );
    }),
  );
}

const signIn = (role: 'admin' | 'employee') => useSessionStore.setState({ user: buildUser({ role }) });

async function open(expense: ReturnType<typeof buildExpense> | null = null) {
  const result = renderWithProviders(<ExpenseFormModal opened expense={expense} onClose={() => {}} />);
  const title = expense ? (expense.status === 'draft' ? 'Completar gasto' : 'Editar gasto') : 'Nuevo gasto';
  const dialog = await screen.findByRole('dialog', { name: title });
  return { ...result, dialog };
}

async function pick(dialog: HTMLElement, label: string | RegExp, option: string | RegExp) {
  fireEvent.click(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const money = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name: label }), { target: { value } });

// Each case walks a long form: room for a busy 2-core machine.
describe('ExpenseFormModal: the purchase form’s rules (decision 140)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    posted = [];
    put = [];
    createdSuppliers = [];
    uploads = [];
    mockApi();
  });
  afterEach(() => useSessionStore.getState().logout());

  it('records a supplier’s B01 with live totals, thousands separators and its receipt', async () => {
    signIn('admin');
    const { dialog } = await open();
    await pick(dialog, /Suplidor/, 'Imprenta Santo Domingo SRL');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /NCF del suplidor/ }), {
      target: { value: 'B0100000123' },
    });
    await pick(dialog, /Tipo de gasto/, /02 · Gastos por trabajos/);
    await pick(dialog, /Forma de pago/, /02 · Cheques/);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Descripción/ }), {
      target: { value: 'Impresión de brochures' },
    });
    money(dialog, 'Monto de bienes', '2500');
    money(dialog, 'Monto de servicios', '10000');
    money(dialog, 'ITBIS facturado', '2250');
    const services = within(dialog).getByRole('textbox', { name: 'Monto de servicios' }) as HTMLInputElement;
    await waitFor(() => expect(services.value).toBe('10,000'));
    expect(within(dialog).getByTestId('expense-total').textContent).toBe('RD$14,750.00');
    expect(within(dialog).getByTestId('expense-payable').textContent).toBe('RD$14,750.00');
    // A company supplier's B01: no withholding to pre-fill.
    expect(within(dialog).queryByTestId('expense-withholding-reason')).toBeNull();

    const file = new File(['\x89PNG'], 'factura.png', { type: 'image/png' });
    fireEvent.change(dialog.querySelector('input[type="file"]') as HTMLInputElement, {
      target: { files: [file] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar gasto' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      supplierId: COMPANY._id,
      documentType: 'B01',
      ncf: 'B0100000123',
      expenseType: '02',
      paymentMethod: '02',
      currency: 'DOP',
      goodsAmount: 2500,
      servicesAmount: 10000,
      itbis: 2250,
      itbisWithheld: 0,
      isrWithheld: 0,
      isrWithholdingType: null,
      projectId: null,
      billable: false,
    });
    expect(uploads[0]?.id).toBe(buildExpense()._id);
    expect(uploads[0]?.contentType).toMatch(/^multipart\/form-data/);
  });

  it('B11 to an informal supplier: hides the NCF (the system numbers it) and pre-fills 100 % ITBIS + 10 % ISR until edited', async () => {
    signIn('admin');
    const { dialog } = await open();
    await pick(dialog, /Suplidor/, 'Juan Pérez (plomero)');
    await pick(dialog, 'Tipo de comprobante', /B11 · Comprobante de Compras/);
    expect(within(dialog).queryByRole('textbox', { name: /NCF del suplidor/ })).toBeNull();
    expect(within(dialog).getByTestId('expense-ncf-auto').textContent).toMatch(/Lo asigna el sistema/);

    money(dialog, 'Monto de servicios', '5000');
    money(dialog, 'ITBIS facturado', '900');
    const itbisWithheld = within(dialog).getByRole('textbox', { name: 'ITBIS retenido' }) as HTMLInputElement;
    const isrWithheld = within(dialog).getByRole('textbox', { name: 'ISR retenido' }) as HTMLInputElement;
    await waitFor(() => expect(itbisWithheld.value).toBe('900'));
    expect(isrWithheld.value).toBe('500');
    expect(within(dialog).getByTestId('expense-withholding-reason').textContent).toMatch(
      /100 % del ITBIS y el 10 % de ISR/,
    );
    expect(within(dialog).getByTestId('expense-payable').textContent).toBe('RD$4,500.00');

    // The user's own figure wins over the pre-fill from then on.
    fireEvent.change(isrWithheld, { target: { value: '0' } });
    money(dialog, 'Monto de servicios', '6000');
    await waitFor(() => expect(within(dialog).getByTestId('expense-total').textContent).toBe('RD$6,900.00'));
    expect(isrWithheld.value).toBe('0');

    await pick(dialog, /Tipo de gasto/, /02 · Gastos por trabajos/);
    await pick(dialog, /Forma de pago/, /01 · Efectivo/);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Descripción/ }), {
      target: { value: 'Reparación de baño' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar gasto' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ documentType: 'B11', ncf: null, itbisWithheld: 900, isrWithheld: 0 });
  });

  it('a supplier without RNC suggests the agency’s B11 by itself; the user’s own pick then wins (decision 163)', async () => {
    signIn('admin');
    const { dialog } = await open();
    await pick(dialog, /Suplidor/, 'Juan Pérez (plomero)');
    const type = () =>
      (
        within(dialog)
          .getAllByLabelText(/^Tipo de comprobante/)
          .find((e) => e.tagName === 'INPUT') as HTMLInputElement
      ).value;
    await waitFor(() => expect(type()).toMatch(/^B11 · Comprobante de Compras/));
    // The chosen value is the short label, so it fits a half-width field at 390 px (issue 44 point 12);
    // the hint lives under the option in the list.
    expect(type()).toBe('B11 · Comprobante de Compras');
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Tipo de comprobante' }));
    const b11 = await screen.findByRole('option', { name: /B11 · Comprobante de Compras/ });
    expect(b11.textContent).toBe('B11 · Comprobante de Comprasproveedor informal sin RNC');
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Tipo de comprobante' }));
    expect(within(dialog).getByText('Sugerido por el suplidor: proveedor informal sin RNC')).toBeTruthy();
    expect(within(dialog).getByTestId('expense-ncf-auto')).toBeTruthy();
    await pick(dialog, 'Tipo de comprobante', /B01 · Crédito Fiscal/);
    await pick(dialog, /Suplidor/, 'Imprenta Santo Domingo SRL');
    await pick(dialog, /Suplidor/, 'Juan Pérez (plomero)');
    expect(type()).toMatch(/^B01/);
  });

  it('keeps everything typed and shows the server’s refusal', async () => {
    signIn('admin');
    server.use(
      http.post(apiUrl('/expenses'), () =>
        fail(409, { code: 'CONFLICT', message: 'Ya registraste ese NCF de este proveedor.' }),
      ),
    );
    const { dialog } = await open();
    await pick(dialog, /Suplidor/, 'Imprenta Santo Domingo SRL');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /NCF del suplidor/ }), {
      target: { value: 'B0100000123' },
    });
    await pick(dialog, /Tipo de gasto/, /03 · Arrendamientos/);
    await pick(dialog, /Forma de pago/, /03 · Tarjeta/);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Descripción/ }), {
      target: { value: 'Alquiler de oficina' },
    });
    money(dialog, 'Monto de servicios', '30000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar gasto' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Ya registraste ese NCF de este proveedor.',
    );
    expect((within(dialog).getByRole('textbox', { name: /Descripción/ }) as HTMLTextAreaElement).value).toBe(
      'Alquiler de oficina',
    );
    expect(
      (within(dialog).getByRole('textbox', { name: /NCF del suplidor/ }) as HTMLInputElement).value,
    ).toBe('B0100000123');
    expect(
      (within(dialog).getByRole('textbox', { name: 'Monto de servicios' }) as HTMLInputElement).value,
    ).toBe('30,000');
  });

  it('checks a wrong NCF and a billable purchase without project before sending', async () => {
    signIn('admin');
    const { dialog } = await open();
    await pick(dialog, /Suplidor/, 'Imprenta Santo Domingo SRL');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /NCF del suplidor/ }), {
      target: { value: 'B020000012' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar gasto' }));
    expect(
      await within(dialog).findByText(
        'El NCF no corresponde al tipo de comprobante (p. ej. B0100000001 o E310000000001)',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByText('Indica el tipo de gasto')).toBeTruthy();
    expect(within(dialog).getByText('La descripción es requerida')).toBeTruthy();
    // "Facturable" needs a project first.
    expect((within(dialog).getByRole('switch', { name: /Facturable/ }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(posted).toHaveLength(0);
  });

  it('creates a supplier inline, checking the RNC live, and selects it', async () => {
    signIn('admin');
    const { dialog } = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear suplidor' }));
    const inner = await screen.findByRole('dialog', { name: 'Nuevo suplidor' });
    fireEvent.change(within(inner).getByRole('textbox', { name: /Nombre o razón social/ }), {
      target: { value: 'Papelería Colonial SRL' },
    });
    const rnc = within(inner).getByRole('textbox', { name: /^RNC/ });
    fireEvent.change(rnc, { target: { value: '101637588' } });
    expect(within(inner).getByText('RNC inválido (9 dígitos con dígito verificador correcto)')).toBeTruthy();
    fireEvent.change(rnc, { target: { value: '1-01-63758-7' } });
    expect(within(inner).getByRole('status').textContent).toBe('RNC válido');
    fireEvent.click(within(inner).getByRole('button', { name: 'Crear suplidor' }));
    await waitFor(() => expect(createdSuppliers).toHaveLength(1));
    expect(createdSuppliers[0]).toMatchObject({
      name: 'Papelería Colonial SRL',
      taxIdType: 'rnc',
      taxId: '101637587',
      taxpayerType: 'persona_juridica',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nuevo suplidor' })).toBeNull());
    expect((within(dialog).getByRole('combobox', { name: /Suplidor/ }) as HTMLInputElement).value).toBe(
      'Papelería Colonial SRL',
    );
    // The purchase form was not submitted by the inner form.
    expect(posted).toHaveLength(0);
  });

  it('USD shows the day’s rate and the total in pesos', async () => {
    signIn('admin');
    const { dialog } = await open();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'US$ dólares' }));
    money(dialog, 'Monto de servicios', '1000');
    expect(
      await within(dialog).findByText(
        'Tasa: RD$60.50 por US$1 (20/11/2026) · se aplica al guardar este gasto.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByTestId('expense-total').textContent).toBe('US$1,000.00');
    expect(within(dialog).getByTestId('expense-total-dop').textContent).toBe('RD$60,500.00');
  });

  it('USD without a rate in the 7-day window says so before saving, and the admin records it from the form (decision 163)', async () => {
    signIn('admin');
    // The only stored rate is 20 days old: the API would refuse it, so the form must not show it.
    const stored = [{ date: '2026-11-20', rate: 60.5 }];
    const asked: Record<string, string>[] = [];
    const recorded: unknown[] = [];
    server.use(
      http.get(apiUrl('/fiscal/exchange-rates'), ({ request }) => {
        const q = Object.fromEntries(new URL(request.url).searchParams);
        asked.push(q);
        const rates = stored
          .filter((r) => (!q.from || r.date >= q.from) && (!q.to || r.date <= q.to))
          .map((r) => ({
            ...r,
            currency: 'USD' as const,
            source: 'manual' as const,
            createdBy: null,
            updatedAt: `${r.date}T14:00:00.000Z`,
          }));
        return ok(ListExchangeRatesResponseSchema, {
          rates,
          pagination: { page: 1, limit: 1, total: rates.length },
        });
      }),
      http.post(apiUrl('/fiscal/exchange-rates'), async ({ request }) => {
        const body = (await request.json()) as { date: string; rate: number };
        recorded.push(body);
        stored.push({ date: body.date, rate: body.rate });
        return ok(
          UpsertExchangeRateResponseSchema,
          {
            rate: {
              ...body,
              currency: 'USD',
              source: 'manual',
              createdBy: null,
              updatedAt: new Date().toISOString(),
            },
            created: true,
          },
          { status: 201 },
        );
      }),
    );
    const { dialog } = await open();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'US$ dólares' }));
    const notice = await within(dialog).findByTestId('exchange-rate-notice');
    expect(notice.textContent).toMatch(/Falta la tasa del dólar/);
    expect(notice.textContent).toMatch(
      /ni de los 7 días anteriores: sin ella no se puede guardar este gasto en USD/,
    );
    expect(asked.at(-1)).toMatchObject({ currency: 'USD', limit: '1' });
    expect(asked.at(-1)!.from).toBeTruthy();
    fireEvent.change(within(notice).getByRole('textbox', { name: /RD\$ por US\$1/ }), {
      target: { value: '63.25' },
    });
    fireEvent.click(within(notice).getByRole('button', { name: 'Registrar tasa' }));
    await waitFor(() => expect(recorded).toHaveLength(1));
    expect(recorded[0]).toMatchObject({ currency: 'USD', rate: 63.25 });
    expect(await within(dialog).findByText(/^Tasa: RD\$63\.25 por US\$1/)).toBeTruthy();
  });

  it('an employee: no agency documents, no "Crear suplidor", and a project is required', async () => {
    signIn('employee');
    const { dialog } = await open();
    expect(within(dialog).queryByRole('button', { name: 'Crear suplidor' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Tipo de comprobante' }));
    expect(await screen.findByRole('option', { name: /B01 · Crédito Fiscal/ })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /B11/ })).toBeNull();
    expect(screen.queryByRole('option', { name: /B13/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar gasto' }));
    expect(await within(dialog).findByText('Indica el proyecto del gasto')).toBeTruthy();
    expect(posted).toHaveLength(0);
  });

  it('a draft from a received e-CF opens pre-filled as "Por completar" and is completed with PUT', async () => {
    signIn('admin');
    const draft = buildExpense({
      status: 'draft',
      documentType: 'E31',
      ncf: 'E310000000045',
      expenseType: null,
      paymentMethod: null,
      description: 'e-CF E310000000045 de Imprenta Santo Domingo SRL',
      ecfReceivedId: PROJECT,
    });
    const { dialog } = await open(draft);
    expect(within(dialog).getByText(/viene de un e-CF recibido/)).toBeTruthy();
    expect(
      (within(dialog).getByRole('textbox', { name: /NCF del suplidor/ }) as HTMLInputElement).value,
    ).toBe('E310000000045');
    expect(
      (within(dialog).getByRole('textbox', { name: 'Monto de servicios' }) as HTMLInputElement).value,
    ).toBe('10,000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Completar gasto' }));
    expect(await within(dialog).findByText('Indica el tipo de gasto')).toBeTruthy();
    await pick(dialog, /Tipo de gasto/, /02 · Gastos por trabajos/);
    await pick(dialog, /Forma de pago/, /04 · Compra a crédito/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Completar gasto' }));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]).toMatchObject({
      expenseType: '02',
      paymentMethod: '04',
      ncf: 'E310000000045',
      servicesAmount: 10000,
    });
  });
});
