import {
  type CreateSupplierRequestSchema,
  isValidCedula,
  isValidRnc,
  type ListOptionsResponse,
  type ListSuppliersQuerySchema,
  type ListSuppliersResponse,
  normalizeSupplierTaxId,
  type OptionsQuerySchema,
  SUPPLIER_TAX_ID_INVALID,
  type Supplier,
  type SupplierTaxIdType,
  type UpdateSupplierRequestSchema,
} from '@agencia/shared';
import { and, asc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { type SupplierRow, suppliers } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { likePattern, pagedSelect } from '../../lib/paging.js';
import type { WriteCall } from '../../lib/service-args.js';

/*
 * Suppliers (decision 140): admins keep the list; the purchase form picks from the active ones.
 * RNC and cédula are checked by their check digits and exception lists (shared contract) and
 * belong to one supplier.
 */

/** Maps a row to the API shape. */
export const toSupplierDto = (r: SupplierRow): Supplier => ({
  _id: r.id,
  name: r.name,
  taxId: r.taxId,
  taxIdType: r.taxIdType,
  taxpayerType: r.taxpayerType,
  email: r.email,
  phone: r.phone,
  contactName: r.contactName,
  country: r.country,
  active: r.active,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const duplicateMessage = (taxId: string) => `Ya existe un proveedor con la identificación ${taxId}.`;

/** 409 when another supplier already holds this RNC / cédula. */
async function assertTaxIdFree(
  tx: Tx,
  taxIdType: SupplierTaxIdType,
  taxId: string | null,
  exceptId?: string,
) {
  if (!taxId || (taxIdType !== 'rnc' && taxIdType !== 'cedula')) return;
  const [other] = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(
      and(
        eq(suppliers.taxId, taxId),
        sql`${suppliers.taxIdType} in ('rnc', 'cedula')`,
        exceptId ? ne(suppliers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (other) throw conflict(duplicateMessage(taxId));
}

/** `GET /suppliers/{id}` (admin): 404 when missing. */
export async function getSupplier({ db, id }: { db: Db | Tx; id: string }): Promise<SupplierRow> {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.id, id)).limit(1);
  if (!row) throw notFound('Proveedor no encontrado');
  return row;
}

/**
 * `GET /suppliers` (admin): name or tax id contains `search`, optional `active` and
 * `taxpayerType`; by name, then id.
 */
export async function listSuppliers({
  db,
  query,
}: {
  db: Db;
  query: z.output<typeof ListSuppliersQuerySchema>;
}): Promise<ListSuppliersResponse> {
  const where: SQL[] = [];
  if (query.search) {
    const pattern = likePattern(query.search);
    where.push(or(ilike(suppliers.name, pattern), ilike(suppliers.taxId, pattern)) as SQL);
  }
  if (query.active !== undefined) where.push(eq(suppliers.active, query.active));
  if (query.taxpayerType) where.push(eq(suppliers.taxpayerType, query.taxpayerType));
  const condition = where.length ? and(...where) : undefined;
  const { rows, pagination } = await pagedSelect(db, query, {
    table: suppliers,
    where: condition,
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(suppliers)
        .where(condition)
        .orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id))
        .limit(limit)
        .offset(offset),
  });
  return { suppliers: rows.map(toSupplierDto), pagination };
}

/**
 * `GET /suppliers/options` (admin, employee): active suppliers whose name or tax id contains
 * `search` (or only `id`), label the name, description the tax id.
 */
export async function supplierOptions({
  db,
  query,
}: {
  db: Db;
  query: z.output<typeof OptionsQuerySchema>;
}): Promise<ListOptionsResponse> {
  const where: SQL[] = [];
  if (query.id) where.push(eq(suppliers.id, query.id));
  else where.push(eq(suppliers.active, true));
  if (query.search) {
    const pattern = likePattern(query.search);
    where.push(or(ilike(suppliers.name, pattern), ilike(suppliers.taxId, pattern)) as SQL);
  }
  const rows = await db
    .select({ id: suppliers.id, name: suppliers.name, taxId: suppliers.taxId })
    .from(suppliers)
    .where(and(...where))
    .orderBy(asc(sql`lower(${suppliers.name})`), asc(suppliers.id))
    .limit(query.limit);
  return {
    options: rows.map((r) => ({ value: r.id, label: r.name, ...(r.taxId ? { description: r.taxId } : {}) })),
  };
}

/** `POST /suppliers` (admin): 409 when the RNC / cédula is taken. Audited. */
export async function createSupplier(
  opts: WriteCall & { input: z.output<typeof CreateSupplierRequestSchema> },
): Promise<Supplier> {
  const { db, actor, ctx, input } = opts;
  return db.transaction(async (tx) => {
    await assertTaxIdFree(tx, input.taxIdType, input.taxId);
    const [row] = await tx
      .insert(suppliers)
      .values({ ...input, createdBy: actor.id })
      .returning();
    await audit(
      tx,
      ctx,
      'supplier.created',
      { type: 'supplier', id: row!.id },
      { name: row!.name, taxId: row!.taxId },
    );
    return toSupplierDto(row!);
  });
}

/**
 * `PUT /suppliers/{id}` (admin): merges the change, re-checks the tax id against its type (400)
 * and its uniqueness (409). Audited with the changed fields.
 */
export async function updateSupplier(
  opts: WriteCall & { id: string; input: z.output<typeof UpdateSupplierRequestSchema> },
): Promise<Supplier> {
  const { db, ctx, id, input } = opts;
  return db.transaction(async (tx) => {
    const current = await getSupplier({ db: tx, id });
    const taxIdType = input.taxIdType ?? current.taxIdType;
    const rawTaxId = input.taxId !== undefined ? input.taxId : current.taxId;
    if (taxIdType === 'rnc' || taxIdType === 'cedula') {
      const valid = rawTaxId && (taxIdType === 'rnc' ? isValidRnc(rawTaxId) : isValidCedula(rawTaxId));
      if (!valid) {
        const message = rawTaxId ? SUPPLIER_TAX_ID_INVALID[taxIdType] : SUPPLIER_TAX_ID_INVALID.required;
        throw badRequest(message, [{ field: 'taxId', message }]);
      }
    }
    const taxId = normalizeSupplierTaxId(taxIdType, rawTaxId);
    await assertTaxIdFree(tx, taxIdType, taxId, id);
    const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const [row] = await tx
      .update(suppliers)
      .set({ ...changes, taxIdType, taxId, updatedAt: new Date() })
      .where(eq(suppliers.id, id))
      .returning();
    await audit(
      tx,
      ctx,
      'supplier.updated',
      { type: 'supplier', id },
      { name: row!.name, fields: Object.keys(changes) },
    );
    return toSupplierDto(row!);
  });
}

/**
 * The supplier of a received e-CF, by its RNC / cédula: found, or created active with the e-CF's
 * name (RNC → persona jurídica, cédula → persona física). Inside the caller's transaction.
 */
export async function supplierForTaxId({
  tx,
  taxId,
  name,
}: {
  tx: Tx;
  taxId: string;
  name: string;
}): Promise<SupplierRow> {
  const digits = taxId.replace(/\D/g, '');
  const [found] = await tx
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.taxId, digits), sql`${suppliers.taxIdType} in ('rnc', 'cedula')`))
    .limit(1);
  if (found) return found;
  const isCedula = digits.length === 11;
  const [row] = await tx
    .insert(suppliers)
    .values({
      name,
      taxId: digits,
      taxIdType: isCedula ? 'cedula' : 'rnc',
      taxpayerType: isCedula ? 'persona_fisica' : 'persona_juridica',
    })
    .returning();
  return row!;
}
