import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  projects,
  ticketEvents,
  ticketMessages,
  tickets,
  ticketTimeLogs,
  ticketWatchers,
} from '../../db/schema/index.js';
import type { FoundationSeed } from './foundation.js';

const hoursAgo = (n: number) => new Date(Date.now() - n * 3_600_000);

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
 * Demo support tickets for Café Cibao (cliente@demo.do) and Constructora Quisqueya
 * (cliente2@demo.do) in several statuses, with a conversation (one internal note), a time
 * log and timeline entries.
 */
export async function seedTickets(tx: Tx, seed: FoundationSeed): Promise<void> {
  const [cafe, constructora] = seed.clientIds;
  const [cafeUser, constructoraUser] = seed.clientUserIds;
  const cafeProject = await firstProjectOf(tx, cafe);
  const constructoraProject = await firstProjectOf(tx, constructora);
  const rows = await tx
    .insert(tickets)
    .values([
      {
        title: 'El carrito no aplica el cupón de descuento',
        description:
          'Al introducir el cupón CIBAO10 en el carrito la tienda dice que no es válido, aunque está activo.',
        type: 'bug',
        status: 'in_progress',
        priority: 'high',
        severity: 'high',
        category: 'Tienda en línea',
        clientId: cafe,
        projectId: cafeProject,
        reportedBy: cafeUser,
        assignedTo: seed.employeeId,
        environment: 'Producción',
        browserInfo: 'Chrome 131 en Android',
        steps: '1. Agregar un producto\n2. Ir al carrito\n3. Escribir CIBAO10 y aplicar',
        tags: ['carrito', 'cupones'],
        estimatedHours: 4,
        createdAt: hoursAgo(50),
        updatedAt: hoursAgo(5),
      },
      {
        title: 'Agregar método de pago con tarjeta Visa',
        description: 'Queremos que los clientes puedan pagar con tarjetas Visa además de transferencia.',
        type: 'feature_request',
        status: 'open',
        priority: 'medium',
        severity: 'medium',
        clientId: cafe,
        reportedBy: cafeUser,
        createdAt: hoursAgo(20),
        updatedAt: hoursAgo(20),
      },
      {
        title: '¿Cómo actualizo las fotos del portafolio?',
        description:
          'Necesito cambiar las fotos de los proyectos terminados en la página de la constructora.',
        type: 'question',
        status: 'pending_client',
        priority: 'low',
        severity: 'low',
        clientId: constructora,
        projectId: constructoraProject,
        reportedBy: constructoraUser,
        assignedTo: seed.adminId,
        createdAt: hoursAgo(72),
        updatedAt: hoursAgo(30),
      },
      {
        title: 'Renovar el certificado SSL del sitio',
        description:
          'El certificado del dominio vence el próximo mes; hay que renovarlo y verificar la cadena.',
        type: 'maintenance',
        status: 'resolved',
        priority: 'urgent',
        severity: 'critical',
        clientId: constructora,
        reportedBy: seed.adminId,
        assignedTo: seed.employeeId,
        resolution: 'Certificado renovado con Let’s Encrypt y renovación automática configurada.',
        resolvedAt: hoursAgo(10),
        createdAt: hoursAgo(120),
        updatedAt: hoursAgo(10),
      },
    ])
    .returning({
      id: tickets.id,
      reportedBy: tickets.reportedBy,
      assignedTo: tickets.assignedTo,
      createdAt: tickets.createdAt,
    });
  const [cupon, , fotos, ssl] = rows as [
    (typeof rows)[0],
    (typeof rows)[0],
    (typeof rows)[0],
    (typeof rows)[0],
  ];

  await tx
    .insert(ticketWatchers)
    .values(
      rows.flatMap((r) =>
        [r.reportedBy, r.assignedTo]
          .filter((u): u is string => !!u)
          .map((userId) => ({ ticketId: r.id, userId })),
      ),
    )
    .onConflictDoNothing();

  await tx.insert(ticketMessages).values([
    {
      ticketId: cupon.id,
      authorId: seed.employeeId,
      content: 'Gracias por reportarlo. Ya reproduje el problema y estoy revisando la validación de cupones.',
      createdAt: hoursAgo(30),
    },
    {
      ticketId: cupon.id,
      authorId: seed.employeeId,
      content: 'Nota interna: el cupón tiene la fecha de expiración en UTC; revisar la zona horaria.',
      isInternal: true,
      createdAt: hoursAgo(6),
    },
    {
      ticketId: fotos.id,
      authorId: seed.adminId,
      content: '¿Nos puede enviar las fotos nuevas en alta resolución para subirlas nosotros?',
      createdAt: hoursAgo(30),
    },
  ]);

  await tx.insert(ticketTimeLogs).values({
    ticketId: cupon.id,
    userId: seed.employeeId,
    hours: 1.5,
    workType: 'debugging',
    description: 'Reproducción del error y revisión de la lógica de cupones',
    date: hoursAgo(6).toISOString().slice(0, 10),
  });

  await tx.insert(ticketEvents).values([
    ...rows.map((r) => ({
      ticketId: r.id,
      actorId: r.reportedBy,
      type: 'created' as const,
      description: 'Ticket creado',
      createdAt: r.createdAt,
    })),
    {
      ticketId: cupon.id,
      actorId: seed.adminId,
      type: 'assigned',
      description: 'Asignado a Carlos Méndez',
      createdAt: hoursAgo(45),
    },
    {
      ticketId: cupon.id,
      actorId: seed.employeeId,
      type: 'status_change',
      description: 'Estado cambiado de Abierto a En Progreso',
      createdAt: hoursAgo(31),
    },
    {
      ticketId: cupon.id,
      actorId: seed.employeeId,
      type: 'comment',
      description: 'Carlos Méndez agregó un comentario',
      createdAt: hoursAgo(30),
    },
    {
      ticketId: cupon.id,
      actorId: seed.employeeId,
      type: 'comment',
      description: 'Carlos Méndez agregó una nota interna',
      isInternal: true,
      createdAt: hoursAgo(6),
    },
    {
      ticketId: cupon.id,
      actorId: seed.employeeId,
      type: 'time_logged',
      description: 'Carlos Méndez registró 1.5 h de depuración',
      isInternal: true,
      createdAt: hoursAgo(6),
    },
    {
      ticketId: fotos.id,
      actorId: seed.adminId,
      type: 'status_change',
      description: 'Estado cambiado de Abierto a Esperando Cliente',
      createdAt: hoursAgo(30),
    },
    {
      ticketId: ssl.id,
      actorId: seed.employeeId,
      type: 'status_change',
      description: 'Estado cambiado de En Progreso a Resuelto',
      createdAt: hoursAgo(10),
    },
  ]);
}
