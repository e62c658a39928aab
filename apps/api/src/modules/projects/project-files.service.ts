import type { ProjectFile } from '@agencia/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { files, users } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import type { Written } from '../../lib/effects.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { pagedSelect } from '../../lib/paging.js';
import { deleteFile, readFile, saveFile } from '../../lib/storage.js';
import { withProjectWrite } from './project-writes.js';
import { toProjectFile } from './projects.mappers.js';
import { ownsFile, projectPolicy } from './projects.policy.js';
import {
  countOf,
  loadVisible,
  type RowDeleteArgs,
  type SubListArgs,
  type WriteArgs,
} from './projects.queries.js';

/** Maximum project file size: 10 MB (storage default). */
export const PROJECT_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** The files of project `id` (SQL condition on the shared `files` table). */
const filesOf = (id: string) => and(eq(files.ownerType, 'project'), eq(files.ownerId, id));

/** How many files project `id` has (the detail's `filesTotal`). */
export async function countFiles({ db, id }: { db: Db | Tx; id: string }): Promise<number> {
  const [row] = await db.select({ n: countOf }).from(files).where(filesOf(id));
  return row?.n ?? 0;
}

/** `GET /projects/{id}/files`: one page of the project's files, newest first. 404 when not visible. */
export async function listProjectFiles({ db, actor, id, input }: SubListArgs) {
  await loadVisible(db, actor, id);
  const cond = filesOf(id);
  const { rows, pagination } = await pagedSelect(db, input, {
    table: files,
    where: cond,
    rows: ({ limit, offset }) =>
      db
        .select({
          id: files.id,
          filename: files.filename,
          contentType: files.contentType,
          sizeBytes: files.sizeBytes,
          createdAt: files.createdAt,
          uploaderId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(files)
        .leftJoin(users, eq(users.id, files.uploadedBy))
        .where(cond)
        .orderBy(desc(files.createdAt), desc(files.id))
        .limit(limit)
        .offset(offset),
  });
  return { files: rows.map(toProjectFile), pagination };
}

/** `POST /projects/{id}/files`: stores the file (type sniffed, 10 MB) for anyone who sees the project. */
export async function uploadProjectFile({
  input,
  ...args
}: WriteArgs<{ filename: string; data: Buffer }> & { id: string }): Promise<Written<ProjectFile>> {
  const { actor } = args;
  return withProjectWrite({
    ...args,
    allow: { action: 'uploadFile' },
    write: async (tx, project) => {
      const saved = await saveFile(tx, {
        ownerType: 'project',
        ownerId: project.id,
        filename: input.filename,
        data: input.data,
        uploadedBy: actor.id,
        maxBytes: PROJECT_FILE_MAX_BYTES,
        userUpload: true,
      });
      const file = toProjectFile({
        ...saved,
        uploaderId: actor.id,
        firstName: actor.firstName,
        lastName: actor.lastName,
      });
      return {
        value: file,
        activity: {
          type: 'file.uploaded',
          entityType: 'file',
          entityId: saved.id,
          title: `Archivo subido a ${project.title}: ${saved.filename}`,
        },
        audit: { action: 'project.file.uploaded', target: { type: 'file', id: saved.id } },
      };
    },
  });
}

/** A project file with its bytes, if the caller sees the project and the file belongs to it (404 otherwise). */
export async function readProjectFile({
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
  await loadVisible(db, actor, id);
  const file = await readFile(db, fileId);
  if (file?.ownerType !== 'project' || file.ownerId !== id) throw notFound('Archivo no encontrado');
  return file;
}

/** `DELETE /projects/{id}/files/{fileId}`: admins any file, others their own uploads. */
export async function deleteProjectFile({
  fileId,
  ...args
}: RowDeleteArgs<'fileId'>): Promise<Written<void>> {
  const { db, actor } = args;
  return withProjectWrite({
    ...args,
    prepare: async (project) => {
      const [file] = await db
        .select({ id: files.id, uploadedBy: files.uploadedBy, filename: files.filename })
        .from(files)
        .where(and(eq(files.id, fileId), filesOf(project.id)))
        .limit(1);
      if (!file) throw notFound('Archivo no encontrado');
      if (!projectPolicy.can(actor.role, 'deleteFile', ownsFile(actor, file))) {
        throw forbidden('Solo puedes eliminar los archivos que subiste.');
      }
      return file;
    },
    write: async (tx, project, file) => {
      await deleteFile(tx, fileId);
      return {
        value: undefined,
        activity: {
          type: 'file.deleted',
          entityType: 'file',
          entityId: fileId,
          title: `Archivo eliminado de ${project.title}: ${file.filename}`,
        },
        audit: { action: 'project.file.deleted', target: { type: 'file', id: fileId } },
      };
    },
  });
}
