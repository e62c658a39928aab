import {
  addressLine,
  CONSUMO_BUYER_ID_THRESHOLD_CENTS,
  CREDIT_NOTE_ITBIS_MAX_DAYS,
  DEBIT_NOTE_MODIFICATION_CODE,
  daysBetween,
  dopAmounts,
  type FiscalSnapshot,
} from '@agencia/shared';
import { asc, eq } from 'drizzle-orm';
import type { EcfConfig } from '../../config.js';
import type { Tx } from '../../db/client.js';
import {
  creditNotes,
  debitNotes,
  ecfDocuments,
  expenses,
  fiscalSequences,
  invoiceItems,
  invoices,
  suppliers,
} from '../../db/schema/index.js';
import { conflict, unprocessable } from '../../lib/errors.js';
import { getCompanySettings } from '../settings/settings.service.js';
import type { EcfDocumentInput, EcfLine, EcfType } from './ecf-model.js';
import { ECF_TYPES } from './ecf-model.js';
import { loadSigningKey } from './ecf-settings.service.js';
import { securityCodeOf, signXml } from './ecf-signature.js';
import { buildEcfXml, buildRfceXml, checkEcf, ITBIS1_RATE, isEcfEmail } from './ecf-xml.js';

/** What signing stored: the code printed on the document and its QR, and the signature time. */
export interface SignedEcf {
  securityCode: string;
  signedAt: Date;
  channel: 'ecf' | 'rfce';
}

/** True for the e-CF types the direct mode builds (issue 26). */
export const isDirectEcfType = (type: string): type is EcfType =>
  (ECF_TYPES as readonly string[]).includes(type);

/**
 * An E32 under RD$250,000 goes to the DGII as a consumo summary (RFCE) on the FC service, not as the
 * full e-CF (Norma 01-2020 and the DGII's "Formato Resumen Factura de Consumo Electrónica v1.0":
 * consumo e-CF below the threshold send their summary; the full e-CF is kept by the issuer).
 */
export function usesConsumoSummary(type: EcfType, totalDopCents: number): boolean {
  return type === 'E32' && totalDopCents < CONSUMO_BUYER_ID_THRESHOLD_CENTS;
}

/** DireccionEmisor / DireccionComprador: at most 100 characters (e-CF XSDs, `AlfNum100Type`). */
const ADDRESS_MAX = 100;

/**
 * An address line of the snapshot ("street, city, province, country") fitted to the e-CF's 100
 * characters by leaving out its last parts (the country first: every issuer is Dominican, and
 * province and municipality have their own coded fields); the street itself is never cut — when it
 * alone is too long, `checkEcf` reports it.
 */
export function ecfAddress(line: string | null): string | null {
  if (!line) return line;
  const parts = line.split(', ');
  while (parts.length > 1 && parts.join(', ').length > ADDRESS_MAX) parts.pop();
  return parts.join(', ');
}

/** IdentificadorExtranjero of a document's buyer: its foreign id, else (older snapshots) a foreign buyer's taxId. */
function foreignIdOf(snapshot: FiscalSnapshot): string | null {
  return (
    snapshot.buyer.foreignTaxId ??
    (snapshot.buyer.taxpayerType === 'extranjero' ? snapshot.buyer.taxId : null)
  );
}

function partiesOf(snapshot: FiscalSnapshot): Pick<EcfDocumentInput, 'issuer' | 'buyer'> {
  if (!snapshot.issuer.taxId)
    throw unprocessable('Configura el RNC de la empresa (Configuración → Empresa) antes de emitir e-CF.', [
      { field: 'issuer.rnc', message: 'Falta el RNC del emisor' },
    ]);
  return {
    issuer: {
      rnc: snapshot.issuer.taxId,
      name: snapshot.issuer.name,
      address: ecfAddress(snapshot.issuer.address) ?? '',
    },
    // A foreign buyer's own id goes in IdentificadorExtranjero (issue 42); a snapshot taken before
    // it existed kept a foreign buyer's number as its taxId, written there as before.
    buyer: {
      taxId: foreignIdOf(snapshot) ? null : snapshot.buyer.taxId,
      foreignId: foreignIdOf(snapshot),
      name: snapshot.buyer.name,
      address: ecfAddress(snapshot.buyer.address),
      // CorreoComprador is optional and its XSD pattern is narrower than e-mail (no "_"): an
      // address it does not accept is left out rather than blocking the invoice.
      email: snapshot.buyer.email && isEcfEmail(snapshot.buyer.email) ? snapshot.buyer.email : null,
    },
  };
}

/**
 * Builds, checks, signs and stores an e-CF inside the issuing transaction (issue 26, decision
 * 136). `input` is complete but for `signedAt`, which is now. On a broken rule of the DGII's
 * format ({@link checkEcf}) throws 422 with the reasons in Spanish — the caller's transaction rolls
 * back, so no e-NCF is consumed and nothing is stored. Throws 409 when no certificate is loaded.
 * Stores the signed XML unchanged in `ecf_documents` (status `pending`: the sender posts it after
 * commit; `environment` = DGII_ECF_ENV, decision 159) and answers the security code (the first 6 characters of the SignatureValue).
 */
async function signAndStore(
  tx: Tx,
  config: EcfConfig,
  input: Omit<EcfDocumentInput, 'signedAt'>,
  owner: { invoiceId: string } | { creditNoteId: string } | { debitNoteId: string } | { expenseId: string },
): Promise<SignedEcf> {
  const signedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  const doc: EcfDocumentInput = { ...input, signedAt };
  const problems = checkEcf(doc);
  if (problems.length > 0)
    throw unprocessable(
      `El e-CF no cumple el formato de la DGII: ${problems.map((p) => p.message).join(' ')}`,
      problems,
    );
  const key = await loadSigningKey({ db: tx, config });
  if (!key) throw conflict('Carga el certificado digital (.p12) en Configuración → Fiscal para emitir e-CF.');
  const signedXml = signXml(buildEcfXml(doc), key);
  const securityCode = securityCodeOf(signedXml);
  const totalDopCents = dopAmounts(
    {
      taxableBaseCents: input.totals.taxableBaseCents,
      exemptCents: input.totals.exemptCents,
      taxCents: input.totals.taxCents,
    },
    input.currency === 'DOP' ? null : input.exchangeRate,
  ).totalCents;
  const channel = usesConsumoSummary(input.type, totalDopCents) ? 'rfce' : 'ecf';
  const summaryXml = channel === 'rfce' ? signXml(buildRfceXml(doc, securityCode), key) : null;
  await tx.insert(ecfDocuments).values({
    ...owner,
    encf: input.encf,
    documentType: input.type,
    issuerRnc: input.issuer.rnc,
    signedXml,
    summaryXml,
    channel,
    securityCode,
    signedAt,
    totalCents: input.totals.totalCents,
    // The certification wizard counts the simulation documents signed in CerteCF (issue 41).
    environment: config.environment,
  });
  return { securityCode, signedAt, channel };
}

/**
 * Direct mode, inside `issueInTx` after the e-NCF was taken and the invoice row updated: builds the
 * invoice's e-CF from its lines, totals and frozen fiscal snapshot, signs and stores it
 * ({@link signAndStore}), and stamps the invoice with the security code, signature time and
 * `ecfStatus: pending`. Throws 422/409 as {@link signAndStore}.
 */
export async function signInvoiceEcf(tx: Tx, config: EcfConfig, invoiceId: string): Promise<SignedEcf> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
  if (!invoice?.ncf || !invoice.documentType || !invoice.fiscalSnapshot)
    throw new Error('invoice not issued');
  const items = await tx
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceItems.position));
  const lines: EcfLine[] = items.map((i) => ({
    description: i.description,
    quantity: Number(i.quantity),
    unitPriceCents: i.unitPriceCents,
    totalCents: i.totalCents,
    taxExempt: i.taxExempt,
  }));
  const credit = invoice.paymentTerms > 0;
  const signed = await signAndStore(
    tx,
    config,
    {
      type: invoice.documentType as EcfType,
      encf: invoice.ncf,
      sequenceExpiresOn: invoice.ncfExpiresOn,
      issueDate: invoice.issueDate,
      dueDate: credit ? invoice.dueDate : null,
      paymentTermDays: credit ? invoice.paymentTerms : null,
      paymentType: credit ? 2 : 1,
      ...partiesOf(invoice.fiscalSnapshot),
      lines,
      currency: invoice.currency,
      // The rate frozen when the invoice was issued (decision 137); null for DOP.
      exchangeRate: invoice.exchangeRate,
      totals: {
        subtotalCents: invoice.subtotalCents,
        discountCents: invoice.discountCents,
        exemptCents: invoice.exemptCents,
        taxableBaseCents: invoice.taxableBaseCents,
        taxRate: Number(invoice.taxRate),
        taxCents: invoice.taxCents,
        totalCents: invoice.totalCents,
      },
      reference: null,
    },
    { invoiceId },
  );
  await tx
    .update(invoices)
    .set({ securityCode: signed.securityCode, signedAt: signed.signedAt, ecfStatus: 'pending' })
    .where(eq(invoices.id, invoiceId));
  return signed;
}

/**
 * Direct mode, inside a note's issuing transaction: the e-CF of credit note (E34) or debit note
 * (E33) `noteId` with `InformacionReferencia` (NCFModificado, FechaNCFModificado,
 * CodigoModificacion — the credit note's, 3 "corrige montos" for a debit note — and
 * RazonModificacion; DGII technical report, section C), signed and stored like an invoice's, and
 * the note stamped with its own security code, signature time and `ecfStatus: pending` (its PDF
 * then prints its QR). An E33 carries its range's expiry; both are paid in cash (TipoPago 1).
 * Throws 422/409 as {@link signAndStore}.
 */
export async function signNoteEcf(
  tx: Tx,
  config: EcfConfig,
  kind: 'credit' | 'debit',
  noteId: string,
): Promise<SignedEcf> {
  const table = kind === 'credit' ? creditNotes : debitNotes;
  const [note] = await tx.select().from(table).where(eq(table.id, noteId)).limit(1);
  if (!note?.fiscalSnapshot) throw new Error(`${kind} note without snapshot`);
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, note.invoiceId)).limit(1);
  // A credit note more than 30 days after its invoice has no right to reduce ITBIS (Formato e-CF,
  // IdDoc <IndicadorNotaCredito>: "Sólo para Notas de Crédito que no tienen derecho a rebajar
  // ITBIS", 1 past 30 calendar days): it is priced without ITBIS (CREDIT_NOTE_ITBIS_MAX_DAYS), so
  // its lines are written without a rate, as exempt (IndicadorFacturacion 4, MontoExento), the
  // format's only way to state an amount that carries no ITBIS; the builder writes the indicator 1
  // (issue 42, point 9).
  const noItbis =
    kind === 'credit' && daysBetween(note.modifiedIssueDate, note.issueDate) > CREDIT_NOTE_ITBIS_MAX_DAYS;
  const lines = noItbis ? note.lines.map((l) => ({ ...l, taxExempt: true })) : note.lines;
  const exemptCents = noItbis ? note.subtotalCents : note.exemptCents;
  const modificationCode =
    'modificationCode' in note ? (note.modificationCode as 1 | 2 | 3 | 4 | 5) : DEBIT_NOTE_MODIFICATION_CODE;
  const signed = await signAndStore(
    tx,
    config,
    {
      type: note.documentType as EcfType,
      encf: note.ncf,
      sequenceExpiresOn: note.ncfExpiresOn,
      issueDate: note.issueDate,
      dueDate: null,
      paymentTermDays: null,
      paymentType: 1,
      ...partiesOf(note.fiscalSnapshot),
      lines,
      currency: invoice!.currency,
      // A note on a foreign-currency invoice converts at the invoice's rate (decision 137).
      exchangeRate: invoice!.exchangeRate,
      totals: {
        subtotalCents: note.subtotalCents,
        discountCents: 0,
        exemptCents,
        taxableBaseCents: note.subtotalCents - exemptCents,
        taxRate: Number(invoice!.taxRate),
        taxCents: note.taxCents,
        totalCents: note.totalCents,
      },
      reference: {
        ncf: note.modifiedNcf,
        date: note.modifiedIssueDate,
        modificationCode,
        reason: note.reason,
      },
    },
    kind === 'credit' ? { creditNoteId: noteId } : { debitNoteId: noteId },
  );
  await tx
    .update(table)
    .set({ securityCode: signed.securityCode, signedAt: signed.signedAt, ecfStatus: 'pending' })
    .where(eq(table.id, noteId));
  return signed;
}

/** NombreItem holds at most 80 characters (XSD AlfNum80Type): a longer description is cut with "…". */
function itemName(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return [...clean].length <= 80 ? clean : `${[...clean].slice(0, 79).join('').trimEnd()}…`;
}

/** `part` of `total` shared as `weight / weights`, half-up (0 when nothing weighs). */
function share(total: number, weight: number, weights: number): number {
  return weights > 0 ? Math.round((total * weight) / weights) : 0;
}

/**
 * Direct mode, inside `createExpense`'s transaction after the agency took the e-NCF of an E41, E43
 * or E47 (decision 140): builds the purchase's e-CF, signs and stores it ({@link signAndStore}, owner
 * `expenseId`) and marks the expense `ecfStatus: pending` for the sender. The agency is the Emisor
 * (company settings: RNC, name, address); the supplier is the Comprador of an E41 (its cédula as
 * RNCComprador) or E47 (its foreign id as IdentificadorExtranjero); an E43 has no Comprador (XSDs
 * e-CF 41/43/47). One line per kind of amount — goods (IndicadorBienoServicio 1) and services (2),
 * quantity 1 — named after the expense's description; taxed at ITBIS 18 % when the purchase
 * carries ITBIS, exempt otherwise. Withholdings (E41: ITBIS and ISR; E47: ISR) are split over the
 * lines: ITBIS by amount, ISR first on services (the E41 default withholds ISR on services, Código
 * Tributario art. 309) and by amount in an E47 (art. 305 withholds on the whole payment); each
 * line's amounts add up to the expense's totals. TipoPago 2 with FechaLimitePago = the payment date
 * for a "compra a crédito" (606 code 04), 1 otherwise. Throws 422 when the DGII's rules fail (e.g.
 * an E41 supplier without cédula, ITBIS on an E43/E47) and 409 without a certificate, so the
 * caller's transaction — and the number — roll back.
 */
export async function signExpenseEcf(tx: Tx, config: EcfConfig, expenseId: string): Promise<SignedEcf> {
  const [row] = await tx
    .select({ e: expenses, s: suppliers, seq: fiscalSequences })
    .from(expenses)
    .innerJoin(suppliers, eq(suppliers.id, expenses.supplierId))
    .leftJoin(fiscalSequences, eq(fiscalSequences.id, expenses.sequenceId))
    .where(eq(expenses.id, expenseId))
    .limit(1);
  if (!row) throw new Error('expense not found');
  const { e, s } = row;
  const type = e.documentType as EcfType;
  const settings = await getCompanySettings(tx);
  if (!settings.taxId)
    throw unprocessable('Configura el RNC de la empresa (Configuración → Empresa) antes de emitir e-CF.', [
      { field: 'issuer.rnc', message: 'Falta el RNC del emisor' },
    ]);
  const subtotal = e.goodsCents + e.servicesCents;
  const taxed = e.itbisCents > 0;
  const parts = [
    { goods: true, cents: e.goodsCents },
    { goods: false, cents: e.servicesCents },
  ].filter((p) => p.cents > 0);
  // ISR: on services first in an E41, by amount in an E47.
  const servicesIsr = type === 'E41' ? Math.min(e.isrWithheldCents, e.servicesCents) : 0;
  const lines: EcfLine[] = parts.map((p, i) => {
    const last = i === parts.length - 1;
    const before = parts.slice(0, i);
    const itbisBefore = before.reduce((sum, b) => sum + share(e.itbisWithheldCents, b.cents, subtotal), 0);
    const isrOf = (part: { goods: boolean; cents: number }) =>
      type === 'E41'
        ? part.goods
          ? e.isrWithheldCents - servicesIsr
          : servicesIsr
        : share(e.isrWithheldCents, part.cents, subtotal);
    const isrBefore = before.reduce((sum, b) => sum + isrOf(b), 0);
    return {
      description: itemName(e.description),
      quantity: 1,
      unitPriceCents: p.cents,
      totalCents: p.cents,
      taxExempt: !taxed,
      goods: p.goods,
      itbisWithheldCents: last
        ? e.itbisWithheldCents - itbisBefore
        : share(e.itbisWithheldCents, p.cents, subtotal),
      isrWithheldCents: last && type !== 'E41' ? e.isrWithheldCents - isrBefore : isrOf(p),
    };
  });
  const credit = e.paymentMethod === '04';
  const signed = await signAndStore(
    tx,
    config,
    {
      type,
      encf: e.ncf,
      sequenceExpiresOn: row.seq?.expiresOn ?? null,
      issueDate: e.issueDate,
      dueDate: credit ? (e.paymentDate && e.paymentDate > e.issueDate ? e.paymentDate : e.issueDate) : null,
      paymentTermDays: null,
      paymentType: credit ? 2 : 1,
      issuer: {
        rnc: settings.taxId,
        name: settings.name,
        address:
          ecfAddress(addressLine([settings.address, settings.city, settings.state, settings.country])) ?? '',
      },
      buyer: {
        taxId: s.taxIdType === 'cedula' || s.taxIdType === 'rnc' ? s.taxId : null,
        foreignId: s.taxIdType === 'foreign' ? s.taxId : null,
        name: s.name,
        email: s.email && isEcfEmail(s.email) ? s.email : null,
      },
      lines,
      currency: e.currency,
      exchangeRate: e.exchangeRate === null ? null : Number(e.exchangeRate),
      totals: {
        subtotalCents: subtotal,
        discountCents: 0,
        exemptCents: taxed ? 0 : subtotal,
        taxableBaseCents: taxed ? subtotal : 0,
        taxRate: ITBIS1_RATE,
        taxCents: e.itbisCents,
        totalCents: subtotal + e.itbisCents,
        itbisWithheldCents: e.itbisWithheldCents,
        isrWithheldCents: e.isrWithheldCents,
      },
      reference: null,
    },
    { expenseId },
  );
  await tx.update(expenses).set({ ecfStatus: 'pending' }).where(eq(expenses.id, expenseId));
  return signed;
}
