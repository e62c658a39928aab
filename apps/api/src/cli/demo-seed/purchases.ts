import {
  addDays,
  businessToday,
  defaultPurchaseWithholdings,
  type ExpenseType,
  type FiscalDocumentType,
  type PurchaseDocumentType,
  type PurchasePaymentMethod,
  type SupplierTaxIdType,
  type SupplierTaxpayerType,
} from '@agencia/shared';
import type { Tx } from '../../db/client.js';
import { exchangeRates, expenses, fiscalSequences, suppliers } from '../../db/schema/index.js';
import { takeNcf } from '../../modules/fiscal/fiscal.service.js';
import { cedula, type FoundationSeed, rnc } from './foundation.js';

/**
 * Demo ranges of the documents the agency issues for its purchases (decision 140) as [type, from,
 * to]: compras B11, gastos menores B13, pagos al exterior B17, and their e-CF 41/43/47.
 */
const PURCHASE_SEQUENCES: Array<[FiscalDocumentType, number, number]> = [
  ['B11', 1, 100],
  ['B13', 1, 200],
  ['B17', 1, 100],
  ['E41', 1, 100],
  ['E43', 1, 200],
  ['E47', 1, 100],
];

interface DemoSupplier {
  name: string;
  taxIdType: SupplierTaxIdType;
  taxId: string | null;
  taxpayerType: SupplierTaxpayerType;
  country: string;
  email?: string;
  phone?: string;
  contactName?: string;
}

const SUPPLIERS: DemoSupplier[] = [
  {
    name: 'Nube Caribe Hosting SRL',
    taxIdType: 'rnc',
    taxId: rnc('13106723'),
    taxpayerType: 'persona_juridica',
    country: 'DO',
    email: 'facturacion@nubecaribe.do',
    phone: '809-555-0140',
    contactName: 'Paola Reyes',
  },
  {
    name: 'Imprenta Duarte SRL',
    taxIdType: 'rnc',
    taxId: rnc('13055821'),
    taxpayerType: 'persona_juridica',
    country: 'DO',
    email: 'ventas@imprentaduarte.do',
    phone: '809-555-0177',
  },
  {
    name: 'Adobe Systems Software Ireland Ltd.',
    taxIdType: 'foreign',
    taxId: 'IE6364992H',
    taxpayerType: 'extranjero',
    country: 'IE',
  },
  {
    name: 'Meta Platforms Ireland Ltd.',
    taxIdType: 'foreign',
    taxId: 'IE9692928F',
    taxpayerType: 'extranjero',
    country: 'IE',
  },
  {
    name: 'Rafael Almonte (fotógrafo independiente)',
    taxIdType: 'cedula',
    taxId: cedula('0310289745'),
    taxpayerType: 'informal',
    country: 'DO',
    phone: '829-555-0123',
  },
  {
    name: 'Gastos menores (caja chica)',
    taxIdType: 'none',
    taxId: null,
    taxpayerType: 'informal',
    country: 'DO',
  },
];

interface DemoPurchase {
  supplier: number;
  documentType: PurchaseDocumentType;
  /** The supplier's NCF; agency documents take theirs from the demo ranges. */
  ncf?: string;
  daysAgo: number;
  paidDaysLater: number | null;
  expenseType: ExpenseType;
  paymentMethod: PurchasePaymentMethod;
  goods?: number;
  services?: number;
  itbis?: number;
  currency?: 'USD';
  /** Index into the seeded projects, and whether it is billed to the client. */
  project?: [number, boolean];
  description: string;
}

/** A month of purchases: local services, a foreign subscription, a minor expense, an informal supplier. */
const PURCHASES: DemoPurchase[] = [
  {
    supplier: 0,
    documentType: 'B01',
    ncf: 'B0100004521',
    daysAgo: 27,
    paidDaysLater: 2,
    expenseType: '02',
    paymentMethod: '02',
    services: 8500,
    itbis: 1530,
    description: 'Hosting y correo corporativo (mes)',
  },
  {
    supplier: 1,
    documentType: 'B01',
    ncf: 'B0100000873',
    daysAgo: 21,
    paidDaysLater: 0,
    expenseType: '02',
    paymentMethod: '02',
    goods: 12000,
    itbis: 2160,
    project: [0, true],
    description: 'Impresión de brochures para el cliente (500 unidades)',
  },
  {
    supplier: 2,
    documentType: 'B17',
    daysAgo: 20,
    paidDaysLater: 0,
    expenseType: '02',
    paymentMethod: '03',
    services: 89.99,
    currency: 'USD',
    description: 'Suscripción Adobe Creative Cloud (equipo de diseño)',
  },
  {
    supplier: 3,
    documentType: 'B17',
    daysAgo: 14,
    paidDaysLater: 0,
    expenseType: '02',
    paymentMethod: '03',
    services: 15000,
    project: [0, true],
    description: 'Pauta en Meta Ads para la campaña del cliente',
  },
  {
    supplier: 4,
    documentType: 'B11',
    daysAgo: 10,
    paidDaysLater: 1,
    expenseType: '02',
    paymentMethod: '01',
    services: 6000,
    project: [1, false],
    description: 'Sesión de fotos de producto',
  },
  {
    supplier: 5,
    documentType: 'B13',
    daysAgo: 4,
    paidDaysLater: 0,
    expenseType: '02',
    paymentMethod: '01',
    services: 850,
    description: 'Parqueo y peajes de la visita al cliente',
  },
];

/** USD → DOP around which the demo's daily rates move (a Banco Central selling rate of that season). */
const DEMO_USD_RATE = 63.2415;

/** Days of dollar rates the demo holds, up to today: every purchase and a first USD flow find one. */
const DEMO_RATE_DAYS = 30;

/**
 * The demo's dollar rates (decision 163): one per business day (Monday to Friday, as the BCRD
 * publishes) for the last {@link DEMO_RATE_DAYS} days up to today, moving a few centavos around
 * {@link DEMO_USD_RATE}, so a USD expense or invoice works on the first try on any day (a weekend
 * takes Friday's, within the 7 days of decision 137). Answers the rates by day.
 */
async function seedUsdRates(tx: Tx, adminId: string, today: string): Promise<Map<string, number>> {
  const rates = new Map<string, number>();
  for (let back = DEMO_RATE_DAYS; back >= 0; back -= 1) {
    const day = addDays(today, -back);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    rates.set(day, Math.round((DEMO_USD_RATE + ((back % 9) - 4) * 0.0125) * 10_000) / 10_000);
  }
  await tx.insert(exchangeRates).values(
    [...rates].map(([date, rate]) => ({
      date,
      currency: 'USD' as const,
      rate,
      source: 'manual' as const,
      createdBy: adminId,
    })),
  );
  return rates;
}

/** The rate a document dated `day` takes from `rates`: its day's or the latest before it. */
const rateOn = (rates: Map<string, number>, day: string) =>
  [...rates].filter(([d]) => d <= day).at(-1)?.[1] ?? DEMO_USD_RATE;

/**
 * Seeds the purchases feature (decision 140): the agency's purchase-document ranges, six
 * suppliers and a month of purchases — local services on B01, a foreign subscription in USD and
 * an advertising platform on B17, an informal photographer on B11 (withholdings by the DGII
 * defaults) and a minor expense on B13 — two of them billable on the first demo project.
 */
export async function seedPurchases(tx: Tx, ids: FoundationSeed, projectIds: string[]): Promise<void> {
  const today = businessToday();
  const expiresOn = `${Number(today.slice(0, 4)) + 1}-12-31`;
  await tx.insert(fiscalSequences).values(
    PURCHASE_SEQUENCES.map(([documentType, rangeFrom, rangeTo]) => ({
      documentType,
      rangeFrom,
      rangeTo,
      nextNumber: rangeFrom,
      expiresOn,
      alertThreshold: 35,
      active: true,
      createdBy: ids.adminId,
    })),
  );
  const usdRates = await seedUsdRates(tx, ids.adminId, today);
  const rows = await tx
    .insert(suppliers)
    .values(SUPPLIERS.map((s) => ({ ...s, createdBy: ids.adminId })))
    .returning({ id: suppliers.id, taxpayerType: suppliers.taxpayerType });
  for (const p of PURCHASES) {
    const supplier = rows[p.supplier]!;
    const issueDate = addDays(today, -p.daysAgo);
    const exchangeRate = p.currency === 'USD' ? rateOn(usdRates, issueDate) : null;
    const goodsCents = Math.round((p.goods ?? 0) * 100);
    const servicesCents = Math.round((p.services ?? 0) * 100);
    const itbisCents = Math.round((p.itbis ?? 0) * 100);
    const withheld = defaultPurchaseWithholdings({
      documentType: p.documentType,
      supplierTaxpayerType: supplier.taxpayerType,
      agencyKind: 'persona_juridica',
      goodsCents,
      servicesCents,
      itbisCents,
    });
    const taken = p.ncf ? null : await takeNcf({ tx, type: p.documentType as FiscalDocumentType, today });
    const projectId = p.project ? (projectIds[p.project[0]] ?? null) : null;
    await tx.insert(expenses).values({
      supplierId: supplier.id,
      documentType: p.documentType,
      ncf: p.ncf ?? taken!.ncf,
      sequenceId: taken?.sequenceId ?? null,
      issueDate,
      paymentDate: p.paidDaysLater === null ? null : addDays(issueDate, p.paidDaysLater),
      expenseType: p.expenseType,
      paymentMethod: p.paymentMethod,
      currency: p.currency ?? 'DOP',
      exchangeRate,
      goodsCents,
      servicesCents,
      itbisCents,
      itbisWithheldCents: withheld.itbisWithheldCents,
      isrWithholdingType: withheld.isrWithholdingType,
      isrWithheldCents: withheld.isrWithheldCents,
      projectId,
      billable: projectId !== null && (p.project?.[1] ?? false),
      description: p.description,
      createdBy: ids.adminId,
    });
  }
}
