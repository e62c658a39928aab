import type { APIRequestContext } from '@playwright/test';
import { expect, type SignedIn, signInAs, test } from './fixtures.js';

/*
 * Bank reconciliation (decision 167): the admin imports the BHD statement of the agency's account,
 * accepts the three suggestions that name the client's invoices (each after checking what it will
 * record) and the invoices read paid, with their receipts e-mailed to the client. Without SMTP the
 * e2e server keeps mail in the outbox (decision 098): the receipts are read there.
 */

const auth = (s: SignedIn) => ({ authorization: `Bearer ${s.token}` });
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santo_Domingo' }).format(new Date());

/** An invoice of the demo client, issued and sent today: RD$2,500 + ITBIS = RD$2,950 owed. */
async function openInvoice(
  request: APIRequestContext,
  admin: SignedIn,
  clientId: string,
  description: string,
) {
  const created = await request.post('/api/invoices', {
    headers: auth(admin),
    data: {
      clientId,
      issueDate: today(),
      dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      items: [{ description, quantity: 1, unitPrice: 2500 }],
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { invoice } = (await created.json()).data as { invoice: { _id: string } };
  const sent = await request.post(`/api/invoices/${invoice._id}/send`, { headers: auth(admin) });
  expect(sent.status(), await sent.text()).toBe(200);
  return (await sent.json()).data.invoice as { _id: string; invoiceNumber: string; total: number };
}

/**
 * A statement as BHD's website writes it (the layout of `apps/api/test/fixtures/bank/bhd.csv`):
 * `;`-separated, the account's data above the header, DD-MM-YYYY dates, debit and credit columns.
 */
function bhdStatement(accountNumber: string, credits: Array<{ reference: string; description: string }>) {
  const [y, m, d] = today().split('-');
  let balance = 10_000;
  const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2 });
  const rows = credits.map((c) => {
    balance += 2950;
    return `;${d}-${m}-${y};${c.reference};;${c.description};;${money(2950)};${money(balance)};;`;
  });
  return [
    ';Banco BHD;;;;;;;;',
    ';Cliente;AGENCIA DIGITAL RD SRL;;;;;;;',
    `;Cuenta;${accountNumber};;;;;;;`,
    ';Moneda;DOP;;;;;;;',
    ';Fecha;Número de Referencia;;Descripción;Débitos;Créditos;Balance;;',
    ...rows,
    `;;;;Totales;0.00;${money(2950 * credits.length)};;;`,
  ].join('\r\n');
}

test('the admin imports a BHD statement, accepts three suggestions and the invoices are paid with their receipts sent', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const client = await signInAs(page, 'cliente');
  const clientId = (client.user as SignedIn['user'] & { clientId: string }).clientId;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'es-DO' });
  const adminPage = await context.newPage();
  const admin = await signInAs(adminPage, 'admin');

  const invoices = [];
  for (const what of ['Diseño de campaña', 'Sitio web: mantenimiento', 'Gestión de redes'])
    invoices.push(await openInvoice(adminPage.request, admin, clientId, `${what} (conciliación)`));
  const accountNumber = `0000-${String(Date.now()).slice(-6)}-3`;
  const created = await adminPage.request.post('/api/bank-accounts', {
    headers: auth(admin),
    data: { bank: 'Banco BHD', accountNumber, currency: 'DOP', openingBalance: 10_000, openingDate: today() },
  });
  expect(created.status(), await created.text()).toBe(201);
  const accountId = (await created.json()).data.bankAccount._id as string;

  await adminPage.goto(`/billing/reconciliation?cuenta=${accountId}`);
  await expect(adminPage.getByRole('heading', { name: 'Conciliación bancaria', level: 1 })).toBeVisible();
  await adminPage.locator('input[type="file"]').setInputFiles({
    name: 'estado-bhd.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      bhdStatement(
        accountNumber,
        invoices.map((inv, i) => ({
          reference: `77${i}01`,
          description: `TRANSFERENCIA RECIBIDA PAGO ${inv.invoiceNumber}`,
        })),
      ),
    ),
  });
  const result = adminPage.getByRole('status').filter({ hasText: '3 líneas importadas' });
  await expect(result).toBeVisible();
  await expect(result).toContainText('Banco BHD');
  await expect(result).toContainText('Ya importadas (duplicadas): 0');

  for (const invoice of invoices) {
    const card = adminPage.getByRole('article', { name: new RegExp(`PAGO ${invoice.invoiceNumber}$`) });
    await expect(card.getByText(`La descripción menciona`, { exact: false }).first()).toBeVisible();
    await card
      .getByRole('button', { name: /^Aceptar: / })
      .first()
      .click();
    const dialog = adminPage.getByRole('dialog', { name: 'Registrar el pago' });
    await expect(
      dialog.getByText(new RegExp(`Pago de RD\\$2,950\\.00 a la factura ${invoice.invoiceNumber}`)),
    ).toBeVisible();
    await expect(dialog.getByText(/Se enviará el recibo por correo a/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeHidden();
  }
  await expect(adminPage.getByText('No hay líneas sin conciliar')).toBeVisible();

  // The client sees each invoice paid, with its receipt; each receipt went to the client's outbox.
  const outbox = await adminPage.request.get('/api/mail/outbox?status=queued&limit=100', {
    headers: auth(admin),
  });
  const queued = ((await outbox.json()).data.messages as Array<{ to: string; subject: string }>).filter(
    (m) => m.to === client.user.email,
  );
  await context.close();
  for (const invoice of invoices) {
    await page.goto(`/billing/${invoice._id}`);
    await expect(page.getByText('Pagada').first()).toBeVisible();
    const receipt = page.getByRole('button', { name: /^Descargar recibo REC-\d{4}-\d{4}$/ }).first();
    await expect(receipt).toBeVisible();
    const number = (await receipt.getAttribute('aria-label'))?.replace('Descargar recibo ', '') ?? '';
    expect(queued.some((m) => m.subject.startsWith(`Recibo de pago ${number}`))).toBe(true);
  }
});
