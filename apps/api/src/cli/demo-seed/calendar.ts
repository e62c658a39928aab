import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { calendarEvents, eventAttendees, projects } from '../../db/schema/index.js';
import type { FoundationSeed } from './foundation.js';

/** Today at `hour`:00 in Santo Domingo (UTC-4, no DST) plus `days`. */
function at(days: number, hour: number, minute = 0): Date {
  const now = new Date();
  const local = new Date(now.getTime() - 4 * 3_600_000);
  return new Date(
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days, hour + 4, minute),
  );
}

/** The oldest project of a client (seeded by the projects step), or null. */
async function firstProjectOf(tx: Tx, clientId: string | undefined): Promise<string | null> {
  if (!clientId) return null;
  const [row] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.clientId, clientId))
    .orderBy(asc(projects.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Demo calendar around today: meetings with Café Cibao (cliente@demo.do attends), a call,
 * a deadline, a review, an all-day holiday and an internal presentation.
 */
export async function seedCalendar(tx: Tx, seed: FoundationSeed): Promise<void> {
  const [cafe, constructora] = seed.clientIds;
  const [cafeUser, constructoraUser] = seed.clientUserIds;
  const cafeProject = await firstProjectOf(tx, cafe);
  const rows = await tx
    .insert(calendarEvents)
    .values([
      {
        title: 'Reunión de avance – Tienda Café Cibao',
        description: 'Revisión del catálogo y del proceso de pago con el cliente.',
        type: 'meeting',
        priority: 'high',
        startDate: at(0, 15),
        endDate: at(0, 16),
        location: 'Videollamada',
        meetingLink: 'https://meet.jit.si/agencia-cafe-cibao',
        organizerId: seed.adminId,
        clientId: cafe,
        projectId: cafeProject,
      },
      {
        title: 'Llamada con Constructora Quisqueya',
        description: 'Definir el contenido del nuevo portafolio.',
        type: 'call',
        priority: 'medium',
        startDate: at(1, 10),
        endDate: at(1, 10, 30),
        organizerId: seed.employeeId,
        clientId: constructora,
      },
      {
        title: 'Entrega de la pasarela de pagos',
        type: 'deadline',
        priority: 'urgent',
        startDate: at(3, 17),
        endDate: at(3, 18),
        organizerId: seed.adminId,
        clientId: cafe,
        projectId: cafeProject,
      },
      {
        title: 'Revisión de código del sprint',
        type: 'review',
        priority: 'medium',
        startDate: at(2, 14),
        endDate: at(2, 15, 30),
        location: 'Sala de reuniones, piso 12',
        organizerId: seed.employeeId,
      },
      {
        title: 'Presentación de propuesta de marca',
        type: 'presentation',
        priority: 'high',
        startDate: at(6, 9),
        endDate: at(6, 10),
        location: 'Oficina del cliente, Santiago',
        organizerId: seed.adminId,
        clientId: cafe,
      },
      {
        title: 'Día de la Constitución (feriado)',
        type: 'holiday',
        priority: 'low',
        startDate: at(9, 0),
        endDate: at(10, 0),
        isAllDay: true,
        organizerId: seed.adminId,
      },
    ])
    .returning({ id: calendarEvents.id, organizerId: calendarEvents.organizerId });
  const [meeting, call, deadline, review, presentation] = rows as [
    (typeof rows)[0],
    (typeof rows)[0],
    (typeof rows)[0],
    (typeof rows)[0],
    (typeof rows)[0],
  ];
  await tx.insert(eventAttendees).values([
    { eventId: meeting.id, userId: cafeUser, status: 'accepted' },
    { eventId: meeting.id, userId: seed.employeeId, status: 'accepted' },
    { eventId: call.id, userId: constructoraUser, status: 'pending' },
    { eventId: deadline.id, userId: seed.employeeId, status: 'accepted' },
    { eventId: review.id, userId: seed.adminId, status: 'tentative' },
    { eventId: presentation.id, userId: cafeUser, status: 'pending' },
    { eventId: presentation.id, userId: seed.employeeId, status: 'pending' },
  ]);
  // A second event the Constructora user attends (issue 2: two per demo client).
  const [visit] = await tx
    .insert(calendarEvents)
    .values({
      title: 'Visita de obra para fotografías del portafolio',
      description: 'Sesión de fotos del proyecto residencial para el nuevo sitio.',
      type: 'meeting',
      priority: 'medium',
      startDate: at(4, 11),
      endDate: at(4, 12, 30),
      location: 'Residencial Las Palmas, Santo Domingo Este',
      organizerId: seed.employeeId,
      clientId: constructora,
    })
    .returning({ id: calendarEvents.id });
  await tx.insert(eventAttendees).values([
    { eventId: visit!.id, userId: constructoraUser, status: 'accepted' },
    { eventId: visit!.id, userId: seed.adminId, status: 'pending' },
  ]);
}
