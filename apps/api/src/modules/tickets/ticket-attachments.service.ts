import type { ListTicketAttachmentsResponse, TicketAttachment } from '@agencia/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, ticketMessages } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/errors.js';
import { pagedSelect } from '../../lib/paging.js';
import type { ResourceInput } from '../../lib/service-args.js';
import { saveFile } from '../../lib/storage.js';
import { ATTACHMENT_COLUMNS, attachmentOf } from './tickets.mappers.js';
import { ticketPolicy } from './tickets.policy.js';
import { findTicketFor, type TicketSubListInput, visibleTicketFiles } from './tickets.queries.js';

/** Max size of one ticket attachment: 10 MB. */
export const TICKET_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * `GET /tickets/{id}/attachments`: one page of the files `actor` may see (clients: none attached
 * only to an internal note), newest first. 404 'Ticket no encontrado' for a ticket out of scope.
 */
export async function listTicketAttachments({
  db,
  actor,
  id,
  input,
}: ResourceInput<TicketSubListInput>): Promise<ListTicketAttachmentsResponse> {
  const row = await findTicketFor({ db, actor, id });
  const where = visibleTicketFiles(actor, row.id);
  const page = await pagedSelect(db, input, {
    table: files,
    where,
    rows: ({ limit, offset }) =>
      db
        .select(ATTACHMENT_COLUMNS)
        .from(files)
        .where(where)
        .orderBy(desc(files.createdAt), desc(files.id))
        .limit(limit)
        .offset(offset),
  });
  return { attachments: page.rows.map((f) => attachmentOf(row.id, f)), pagination: page.pagination };
}

/** `POST /tickets/{id}/attachments`: stores one file (type-sniffed, max 10 MB). */
export async function uploadAttachment({
  db,
  actor,
  id,
  filename,
  data,
}: {
  db: Db;
  actor: Actor;
  id: string;
  filename: string;
  data: Buffer;
}): Promise<TicketAttachment> {
  const row = await findTicketFor({ db, actor, id });
  const saved = await saveFile(db, {
    ownerType: 'ticket',
    ownerId: row.id,
    filename,
    data,
    uploadedBy: actor.id,
    maxBytes: TICKET_ATTACHMENT_MAX_BYTES,
    userUpload: true,
  });
  return attachmentOf(row.id, saved);
}

/** Finds a downloadable attachment of a ticket the actor may see (404 for internal-only files and clients). */
export async function findAttachment({
  db,
  actor,
  id,
  fileId,
}: {
  db: Db;
  actor: Actor;
  id: string;
  fileId: string;
}) {
  await findTicketFor({ db, actor, id });
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.ownerType, 'ticket'), eq(files.ownerId, id)))
    .limit(1);
  if (!file) throw notFound('Archivo no encontrado');
  if (!ticketPolicy.can(actor.role, 'readInternal')) {
    const [internal] = await db
      .select({ id: ticketMessages.id })
      .from(ticketMessages)
      .where(
        and(
          eq(ticketMessages.ticketId, id),
          eq(ticketMessages.isInternal, true),
          sql`${fileId}::uuid = any(${ticketMessages.attachmentIds})`,
        ),
      )
      .limit(1);
    if (internal) throw notFound('Archivo no encontrado');
  }
  return file;
}
