import { formatMoney, QUOTE_STATUS_LABELS, type Quote } from '@agencia/shared';
import type { Db, Tx } from '../../db/client.js';
import { dateEs, priceTotals, renderDocument, tableLines } from '../billing-documents/document-pdf.js';
import type { CompanySettingsRow } from '../settings/settings.service.js';

/**
 * Renders a quote as a PDF titled "COTIZACIÓN" with the invoices' layout (decision 114): agency
 * header, number, dates ("Válida hasta"), client, lines, totals with ITBIS, the advance terms,
 * acceptance (name and date) when accepted, and notes. No NCF: a quote has no fiscal value.
 */
export async function renderQuotePdf(
  quote: Quote,
  settings: CompanySettingsRow,
  db: Db | Tx,
): Promise<Buffer> {
  const money = (n: number) => formatMoney(n, quote.currency);
  const totals = priceTotals(quote, money);

  const info: string[] = [`Válida hasta el ${dateEs(quote.validUntil)}`];
  if (quote.advancePercent)
    info.push(
      `Al aceptar se factura un anticipo del ${quote.advancePercent} % y el saldo en una segunda factura`,
    );
  if (quote.signedName && quote.acceptedAt)
    info.push(`Aceptada por ${quote.signedName} el ${dateEs(quote.acceptedAt)}`);
  if (quote.rejectedAt) info.push(`Rechazada el ${dateEs(quote.rejectedAt)}`);

  const person = quote.client.name;
  return renderDocument(
    {
      title: 'COTIZACIÓN',
      internalNumber: `Cotización ${quote.quoteNumber}`,
      ncfLabel: 'NCF',
      ncf: null,
      ncfExpiresOn: null,
      meta: [
        `Fecha: ${dateEs(quote.issueDate)}`,
        `Válida hasta: ${dateEs(quote.validUntil)}`,
        `Estado: ${QUOTE_STATUS_LABELS[quote.status]}`,
        `Moneda: ${quote.currency}`,
      ],
      client: { name: person, person: null, taxId: quote.client.taxId, email: quote.client.email },
      aside: quote.project ? { label: 'PROYECTO', lines: [quote.project.title] } : null,
      lines: tableLines(quote.items),
      currency: quote.currency,
      totals,
      info,
      payment: null,
      notes: quote.notes ? { title: 'Notas', text: quote.notes } : null,
      qr: null,
      draft: false,
    },
    settings,
    db,
  );
}
