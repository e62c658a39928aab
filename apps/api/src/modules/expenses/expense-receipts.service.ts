import type { Expense } from '@agencia/shared';
import { eq } from 'drizzle-orm';
import { expenses } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import type { ResourceCall, WriteCall } from '../../lib/service-args.js';
import { deleteFile, readFile, saveFile } from '../../lib/storage.js';
import { findVisible, toExpenseDto } from './expense-rows.js';

/*
 * The receipt of a purchase (decision 140): one file per purchase, PDF or image, stored with the
 * uploads rules (sniffed type, size, quota); the same access as editing the purchase.
 */

/** Receipts: PDF or image, at most 10 MB (the uploads rules: sniffed type, quota). */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
const RECEIPT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;

/**
 * `POST /expenses/{id}/receipt`: stores the receipt (PDF or image by its bytes, ≤ 10 MB, the
 * uploader's quota; 413/415 otherwise) and replaces the previous one. Same access as editing.
 */
export async function attachReceipt(
  opts: WriteCall & { id: string; file: { filename: string; data: Buffer } },
): Promise<Expense> {
  const { db, actor, ctx, id, file } = opts;
  return db.transaction(async (tx) => {
    const { e } = await findVisible(tx, actor, id);
    const stored = await saveFile(tx, {
      ownerType: 'expense',
      ownerId: id,
      filename: file.filename,
      data: file.data,
      uploadedBy: actor.id,
      maxBytes: RECEIPT_MAX_BYTES,
      allowed: RECEIPT_TYPES,
      userUpload: true,
    });
    await tx
      .update(expenses)
      .set({ receiptFileId: stored.id, updatedAt: new Date() })
      .where(eq(expenses.id, id));
    if (e.receiptFileId) await deleteFile(tx, e.receiptFileId);
    await audit(
      tx,
      ctx,
      'expense.receipt_attached',
      { type: 'expense', id },
      { ncf: e.ncf, filename: stored.filename },
    );
    return toExpenseDto(await findVisible(tx, actor, id));
  });
}

/** `GET /expenses/{id}/receipt`: the file, or 404 when the purchase is not visible or has none. */
export async function readReceipt({ db, actor, id }: ResourceCall) {
  const { e } = await findVisible(db, actor, id);
  const file = e.receiptFileId ? await readFile(db, e.receiptFileId) : null;
  if (!file) throw notFound('El gasto no tiene comprobante adjunto');
  return file;
}

/** `DELETE /expenses/{id}/receipt`: removes the attached receipt (404 when none). */
export async function removeReceipt(opts: WriteCall & { id: string }): Promise<Expense> {
  const { db, actor, ctx, id } = opts;
  return db.transaction(async (tx) => {
    const { e } = await findVisible(tx, actor, id);
    if (!e.receiptFileId) throw notFound('El gasto no tiene comprobante adjunto');
    await tx.update(expenses).set({ receiptFileId: null, updatedAt: new Date() }).where(eq(expenses.id, id));
    await deleteFile(tx, e.receiptFileId);
    await audit(tx, ctx, 'expense.receipt_removed', { type: 'expense', id }, { ncf: e.ncf });
    return toExpenseDto(await findVisible(tx, actor, id));
  });
}
