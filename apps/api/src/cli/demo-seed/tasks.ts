import { ACTIVE_PROJECT_STATUSES, type TaskStatus } from '@agencia/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  projectMembers,
  projects,
  projectTaskSettings,
  taskAssignees,
  taskComments,
  tasks,
  users,
} from '../../db/schema/index.js';
import type { FoundationSeed } from './foundation.js';

const DAY = 86_400_000;
const dateOnly = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

/** One demo card: title, column, due offset in days (null: no date), visible to the client, checklist. */
type Card = [title: string, status: TaskStatus, due: number | null, client: boolean, checklist: string[]];

/** The same small board on every active project (issue 45): a few cards per column. */
const BOARD: Card[] = [
  ['Levantar requerimientos con el cliente', 'done', -12, true, ['Reunión inicial', 'Minuta enviada']],
  ['Definir mapa del sitio', 'done', -6, true, []],
  ['Diseñar maqueta de la página de inicio', 'in_review', -1, true, ['Versión móvil', 'Versión escritorio']],
  [
    'Configurar entorno de pruebas',
    'in_progress',
    0,
    false,
    ['Servidor', 'Base de datos', 'Certificado SSL'],
  ],
  ['Integrar formulario de contacto', 'in_progress', 3, true, []],
  ['Revisión semanal con el equipo', 'todo', 4, false, []],
  ['Optimizar imágenes para móvil', 'todo', 9, false, ['Convertir a WebP']],
  ['Redactar textos de la sección Servicios', 'todo', null, true, []],
];

/**
 * A task board per active project of the demo (approved, in progress, in review): eight cards over
 * the four columns assigned to the project's staff, some visible to the client, a weekly recurring
 * one, a comment each on two cards; the first active project accepts client requests and has one.
 * A handful of bulk inserts, so the seed stays quick.
 */
export async function seedTasks(tx: Tx, ids: FoundationSeed): Promise<void> {
  const active = await tx
    .select({ id: projects.id, clientId: projects.clientId })
    .from(projects)
    .where(inArray(projects.status, [...ACTIVE_PROJECT_STATUSES]))
    .orderBy(projects.createdAt, projects.id);
  if (!active.length) return;
  const staff = await tx
    .select({ projectId: projectMembers.projectId, userId: projectMembers.userId })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(
      and(
        inArray(
          projectMembers.projectId,
          active.map((p) => p.id),
        ),
        inArray(users.role, ['admin', 'employee']),
      ),
    );
  const rows: Array<typeof tasks.$inferInsert> = [];
  const assign: Array<{ taskId: string; userId: string }> = [];
  const comments: Array<typeof taskComments.$inferInsert> = [];
  for (const project of active) {
    const team = staff.filter((s) => s.projectId === project.id).map((s) => s.userId);
    const people = team.length ? team : [ids.adminId];
    const perColumn = new Map<TaskStatus, number>();
    BOARD.forEach(([title, status, due, client, checklist], i) => {
      const id = crypto.randomUUID();
      const position = (perColumn.get(status) ?? 0) + 1;
      perColumn.set(status, position);
      rows.push({
        id,
        projectId: project.id,
        title,
        description: i === 2 ? 'Propuesta en **Figma**; el cliente aprueba antes de maquetar.' : '',
        status,
        position,
        priority: i === 3 ? 'high' : 'medium',
        dueDate: due === null ? null : dateOnly(due),
        estimateMinutes: (i + 1) * 60,
        visibleToClient: client,
        checklist: checklist.map((text, k) => ({
          id: crypto.randomUUID(),
          text,
          done: status === 'done' || k === 0,
        })),
        recurrence: i === 5 ? 'weekly' : 'none',
        completedAt: status === 'done' ? new Date(Date.now() + (due ?? 0) * DAY) : null,
        createdBy: ids.adminId,
      });
      assign.push({ taskId: id, userId: people[i % people.length]! });
      if (i === 2) {
        comments.push({ taskId: id, authorId: people[0]!, content: 'Subí la maqueta para revisión.' });
        comments.push({
          taskId: id,
          authorId: ids.clientUserIds[0],
          content: 'Nos gusta, solo cambiar el color del botón.',
        });
      }
      if (i === 3) {
        comments.push({
          taskId: id,
          authorId: people[0]!,
          content: 'Falta el certificado del dominio.',
          isInternal: true,
        });
      }
    });
  }
  // Comments of the first client's user only on that client's projects.
  const firstClient = new Set(active.filter((p) => p.clientId === ids.clientIds[0]).map((p) => p.id));
  const byTask = new Map(rows.map((r) => [r.id!, r.projectId]));
  await tx.insert(tasks).values(rows);
  await tx.insert(taskAssignees).values(assign);
  const allowed = comments.filter(
    (c) => c.authorId !== ids.clientUserIds[0] || firstClient.has(byTask.get(c.taskId)!),
  );
  if (allowed.length) await tx.insert(taskComments).values(allowed);
  const requests = active.find((p) => firstClient.has(p.id));
  if (requests) {
    await tx.insert(projectTaskSettings).values({ projectId: requests.id, clientRequestsEnabled: true });
    await tx.insert(tasks).values({
      projectId: requests.id,
      title: 'Agregar botón de WhatsApp en el pie de página',
      description: 'Que abra el chat con el número de ventas.',
      status: 'todo',
      position: (BOARD.filter((b) => b[1] === 'todo').length ?? 0) + 1,
      visibleToClient: true,
      clientRequest: true,
      createdBy: ids.clientUserIds[0],
    });
  }
}
