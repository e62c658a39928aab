import {
  buyerProfileOf,
  defaultDocumentType,
  dopAmounts,
  exchangeRateLine,
  type FiscalDocumentType,
  fiscalDocumentTypeLabel,
  isExportType,
  isForeignCurrency,
  issueDayDates,
  isValidBuyerId,
  requiresBuyerId,
  TAXPAYER_TYPE_LABELS,
  type TaxpayerType,
  typesOnlyFor,
} from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { clients, invoiceEvents, invoices } from '../../db/schema/index.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import type { StoredNotifications } from '../../lib/effects.js';
import { badRequest } from '../../lib/errors.js';
import { displayDate } from '../billing-documents/billing-documents.js';
import { signIssuedInvoice } from '../ecf/ecf-runtime.js';
import { requireRateForDay } from '../fiscal/exchange-rates.service.js';
import { takeNcf } from '../fiscal/fiscal.service.js';
import { assertPeriodOpen } from '../fiscal/fiscal-periods.service.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { buildFiscalSnapshot } from './fiscal-snapshot.js';
import type { InvoiceRow } from './invoices.queries.js';

/**
 * Issues a draft inside the caller's transaction (issue 12, decision 080): checks the fiscal
 * rules, then takes the NCF of the invoice's document type from its active range and stamps it
 * with the range's expiry, and stores the buyer's and issuer's fiscal data as they are now
 * (`fiscalSnapshot`). The invoice is dated the business day of issuing and falls due
 * `paymentTerms` days later, whatever dates the draft had ({@link issueDayDates}, decision 132:
 * an NCF takes the day it is issued on, in numbering order, in the period being reported).
 * Throws — so the caller's transaction rolls back and no number is consumed — 400 when the total
 * is zero or the type needs the buyer's RNC/cédula and the client has no valid one (nor an
 * override), 409 when the type has no usable range or today's month is a closed fiscal period
 * (decision 135) or when the invoice is in USD/EUR and no exchange rate of the issue day or of
 * the 7 days before it is stored (decision 137: the rate found is frozen on the invoice as
 * `exchangeRate`/`exchangeRateDate`; DOP invoices store null), 422 when in direct e-CF mode the
 * document breaks the DGII's format (issue 26).
 * Answers the range alerts to push after
 * commit. Leaves `status` to the caller.
 */
export async function issueInTx(
  tx: Tx,
  ctx: AuditContext,
  current: InvoiceRow,
): Promise<StoredNotifications> {
  if (current.totalCents <= 0) {
    const message = 'No se puede emitir una factura con total cero.';
    throw badRequest(message, [{ field: 'total', message }]);
  }
  const [client] = await tx.select().from(clients).where(eq(clients.id, current.clientId)).limit(1);
  const settings = await getCompanySettings(tx);
  const type = (current.documentType ??
    defaultDocumentType(client!.taxpayerType, settings.fiscalMode)) as FiscalDocumentType;
  assertTypeFitsBuyer(type, client!.taxpayerType as TaxpayerType, current.taxCents);
  const foreign = isForeignCurrency(current.currency) ? current.currency : null;
  if (!foreign) assertBuyerId(type, current.totalCents, client!);
  const dates = issueDayDates(current.paymentTerms);
  // Issuing dates the invoice today: refused while today's month is closed (decision 135).
  await assertPeriodOpen({ tx, day: dates.issueDate, what: 'issueDate' });
  // A foreign-currency invoice takes the rate of its issue day, frozen with it (decision 137); the
  // RD$250,000 consumo threshold is a peso figure, so it is checked on the converted total.
  const fx = foreign ? await requireRateForDay({ tx, currency: foreign, day: dates.issueDate }) : null;
  if (fx) assertBuyerId(type, dopAmounts(current, fx.rate).totalCents, client!);
  const taken = await takeNcf({ tx, type, today: dates.issueDate });
  const now = new Date();
  await tx
    .update(invoices)
    .set({
      ...dates,
      documentType: type,
      ncf: taken.ncf,
      ncfSequenceId: taken.sequenceId,
      ncfExpiresOn: taken.expiresOn,
      issuedAt: now,
      fiscalSnapshot: buildFiscalSnapshot(client!, settings),
      exchangeRate: fx?.rate ?? null,
      exchangeRateDate: fx?.date ?? null,
      status: 'sent',
      updatedAt: now,
    })
    .where(eq(invoices.id, current.id));
  // Direct e-CF emission (issue 26): sign and store its e-CF now; a format error rolls it all back.
  await signIssuedInvoice(tx, current.id, type);
  await tx.insert(invoiceEvents).values({
    invoiceId: current.id,
    event: 'issued',
    actorId: ctx.actorId,
    note:
      `${fiscalDocumentTypeLabel(type)} · NCF ${taken.ncf}` +
      (fx ? ` · ${exchangeRateLine(current.currency, fx.rate, fx.date)}` : '') +
      (dates.issueDate === current.issueDate
        ? ''
        : ` · fechada el día de emisión, ${displayDate(dates.issueDate)} (el borrador decía ${displayDate(current.issueDate)})`),
  });
  await audit(
    tx,
    ctx,
    'invoice.issued',
    { type: 'invoice', id: current.id },
    {
      ncf: taken.ncf,
      documentType: type,
      ...dates,
      draftIssueDate: current.issueDate,
      ...(fx ? { currency: current.currency, exchangeRate: fx.rate, exchangeRateDate: fx.date } : {}),
    },
  );
  return taken.notifications;
}

/**
 * 400 when `type` is for another kind of buyer than the client's fiscal profile (B14/E44,
 * B15/E45, B16/E46: {@link buyerProfileOf}), when the profile takes only some types (a government
 * client only B15/E45: `typesOnlyFor`, issue 42), or is an export carrying ITBIS (`taxCents` > 0;
 * exports are zero-rated). Issue 27, point 7.
 */
export function assertTypeFitsBuyer(type: FiscalDocumentType, buyer: TaxpayerType, taxCents: number): void {
  const label = fiscalDocumentTypeLabel(type);
  const profile = buyerProfileOf(type);
  if (profile && profile !== buyer) {
    const message = `El comprobante ${label} es solo para clientes con perfil fiscal "${TAXPAYER_TYPE_LABELS[profile]}"; este cliente es "${TAXPAYER_TYPE_LABELS[buyer]}". Cambia el tipo de comprobante o el perfil del cliente.`;
    throw badRequest(message, [{ field: 'documentType', message }]);
  }
  const only = typesOnlyFor(buyer);
  if (only && !only.includes(type)) {
    const message = `A un cliente con perfil fiscal "${TAXPAYER_TYPE_LABELS[buyer]}" se le factura con comprobante ${only.join(' o ')} (ventas al Estado); ${label} no corresponde. Cambia el tipo de comprobante o el perfil del cliente.`;
    throw badRequest(message, [{ field: 'documentType', message }]);
  }
  if (isExportType(type) && taxCents > 0) {
    const message = `Las exportaciones (${label}) no llevan ITBIS: marca las líneas como exentas.`;
    throw badRequest(message, [{ field: 'items', message }]);
  }
}

/**
 * 400 unless the buyer is identified when `type` (of an invoice or the invoice a credit note
 * modifies) needs it: a valid RNC/cédula, or one staff accepted with an override reason; for an
 * export (B16/E46) a foreign buyer's passport or foreign tax id is enough.
 */
export function assertBuyerId(
  type: FiscalDocumentType,
  totalCents: number,
  client: { companyRnc: string | null; taxIdOverrideReason: string | null; foreignTaxId?: string | null },
): void {
  if (!requiresBuyerId(type, totalCents)) return;
  // An export (B16/E46) identifies its foreign buyer by passport or foreign tax id: the e-CF's
  // IdentificadorExtranjero (Formato e-CF, Comprador; XSD e-CF 46), issue 42.
  if (isExportType(type) && client.foreignTaxId) return;
  if (client.companyRnc && (isValidBuyerId(client.companyRnc) || client.taxIdOverrideReason)) return;
  const message =
    type === 'B02' || type === 'E32'
      ? 'Una factura de consumo de RD$250,000 o más requiere el RNC o la cédula del cliente. Agrégalo en la ficha del cliente.'
      : `El comprobante ${fiscalDocumentTypeLabel(type)} requiere el RNC o la cédula del cliente. Agrégalo en la ficha del cliente.`;
  throw badRequest(message, [{ field: 'clientId', message }]);
}
