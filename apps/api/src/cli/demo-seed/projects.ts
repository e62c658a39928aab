import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  activities,
  projectMeetings,
  projectMembers,
  projectMilestones,
  projectNotes,
  projects,
  projectTimeEntries,
  users,
} from '../../db/schema/index.js';
import { saveFile } from '../../lib/storage.js';
import type { FoundationSeed } from './foundation.js';

type Status = (typeof projects.$inferInsert)['status'] & string;
type Category = (typeof projects.$inferInsert)['category'] & string;
type Priority = (typeof projects.$inferInsert)['priority'] & string;

const DAY = 86_400_000;
const dateOnly = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const at = (offsetDays: number, hour = 10) => {
  const d = new Date(Date.now() + offsetDays * DAY);
  d.setUTCHours(hour + 4, 0, 0, 0); // hour in Santo Domingo (UTC−4)
  return d;
};

interface SeedProject {
  title: string;
  description: string;
  client: number;
  status: Status;
  priority: Priority;
  category: Category;
  progress: number;
  start: number | null;
  end: number | null;
  actualEnd?: number;
  budget: number | null;
  spent: number;
  /** 'E' = demo employee (Carlos), 'S' = Sofía, 'A' = admin. First is the lead. */
  team: Array<'E' | 'S' | 'A'>;
  milestones: Array<[title: string, dueOffset: number, status: 'pending' | 'in_progress' | 'completed']>;
}

/** Thirteen projects over every status and category, spread over the demo clients (amounts in DOP). */
const PROJECTS: SeedProject[] = [
  {
    title: 'Tienda en línea Café Cibao',
    description:
      'E-commerce con pasarela de pago local (Azul), catálogo de cafés de origen y envíos a todo el país.',
    client: 0,
    status: 'in_progress',
    priority: 'high',
    category: 'ecommerce',
    progress: 65,
    start: -60,
    end: 30,
    budget: 385_000,
    spent: 212_500,
    team: ['E', 'S'],
    milestones: [
      ['Diseño de la tienda aprobado', -40, 'completed'],
      ['Catálogo y carrito', -10, 'completed'],
      ['Integración con Azul', 10, 'in_progress'],
      ['Lanzamiento', 30, 'pending'],
    ],
  },
  {
    title: 'Landing de temporada navideña',
    description:
      'Página de campaña con cupones y formulario de pedidos corporativos para la temporada de fin de año.',
    client: 0,
    status: 'in_review',
    priority: 'medium',
    category: 'landing',
    progress: 90,
    start: -20,
    end: 5,
    budget: 65_000,
    spent: 52_000,
    team: ['S'],
    milestones: [
      ['Textos y fotos', -12, 'completed'],
      ['Maquetación', -4, 'completed'],
      ['Revisión del cliente', 3, 'in_progress'],
    ],
  },
  {
    title: 'Mantenimiento mensual del sitio',
    description: 'Actualizaciones de seguridad, copias de respaldo y pequeños cambios de contenido cada mes.',
    client: 0,
    status: 'completed',
    priority: 'low',
    category: 'maintenance',
    progress: 100,
    start: -200,
    end: -30,
    actualEnd: -32,
    budget: 48_000,
    spent: 46_500,
    team: ['E'],
    milestones: [
      ['Auditoría inicial', -190, 'completed'],
      ['Plan de respaldos', -150, 'completed'],
    ],
  },
  {
    title: 'Portal de obras Constructora Quisqueya',
    description:
      'Aplicación web para dar seguimiento a obras, avances con fotos y documentos para inversionistas.',
    client: 1,
    status: 'in_progress',
    priority: 'urgent',
    category: 'webapp',
    progress: 40,
    start: -45,
    end: 75,
    budget: 920_000,
    spent: 301_000,
    team: ['A', 'E'],
    milestones: [
      ['Levantamiento de requisitos', -35, 'completed'],
      ['Prototipo navegable', -5, 'completed'],
      ['Módulo de avances con fotos', 25, 'in_progress'],
      ['Acceso de inversionistas', 60, 'pending'],
    ],
  },
  {
    title: 'Soporte técnico anual',
    description: 'Bolsa de horas de soporte para el equipo administrativo y el correo corporativo.',
    client: 1,
    status: 'approved',
    priority: 'medium',
    category: 'support',
    progress: 0,
    start: 7,
    end: 372,
    budget: 180_000,
    spent: 0,
    team: ['S'],
    milestones: [['Inicio del contrato', 7, 'pending']],
  },
  {
    title: 'Sitio corporativo (rediseño)',
    description: 'Rediseño del sitio institucional con portafolio de proyectos y formulario de licitaciones.',
    client: 1,
    status: 'cancelled',
    priority: 'low',
    category: 'custom',
    progress: 15,
    start: -120,
    end: -40,
    budget: 150_000,
    spent: 22_500,
    team: ['E'],
    milestones: [['Propuesta de diseño', -100, 'completed']],
  },
  {
    title: 'Landing para consultorio de Ana Martínez',
    description: 'Página personal con reservas de citas en línea y enlace a WhatsApp.',
    client: 2,
    status: 'requested',
    priority: 'medium',
    category: 'landing',
    progress: 0,
    start: null,
    end: null,
    budget: null,
    spent: 0,
    team: [],
    milestones: [['Reunión de descubrimiento', 4, 'pending']],
  },
  {
    title: 'Sistema de reservas Hotel Playa Dorada',
    description:
      'Motor de reservas directo con tarifas por temporada, integración con el PMS y panel de ocupación.',
    client: 3,
    status: 'in_progress',
    priority: 'high',
    category: 'webapp',
    progress: 55,
    start: -90,
    end: 20,
    budget: 1_250_000,
    spent: 710_000,
    team: ['S', 'E'],
    milestones: [
      ['Arquitectura y tarifas', -70, 'completed'],
      ['Motor de reservas', -15, 'completed'],
      ['Integración con PMS', 10, 'in_progress'],
      ['Pruebas con huéspedes', 20, 'pending'],
    ],
  },
  {
    title: 'Mantenimiento de la app de huéspedes',
    description: 'Corrección de errores y actualizaciones menores de la aplicación de huéspedes.',
    client: 3,
    status: 'on_hold',
    priority: 'low',
    category: 'maintenance',
    progress: 30,
    start: -30,
    end: 60,
    budget: 95_000,
    spent: 28_000,
    team: ['S'],
    milestones: [
      ['Inventario de errores', -25, 'completed'],
      ['Corrección de pagos', 15, 'pending'],
    ],
  },
  {
    title: 'Catálogo digital Carmen Rosario Repostería',
    description: 'Catálogo de bizcochos y dulces con pedidos por WhatsApp y galería de eventos.',
    client: 4,
    status: 'completed',
    priority: 'medium',
    category: 'ecommerce',
    progress: 100,
    start: -150,
    end: -60,
    actualEnd: -55,
    budget: 120_000,
    spent: 118_000,
    team: ['E'],
    milestones: [
      ['Fotografía de productos', -130, 'completed'],
      ['Catálogo publicado', -56, 'completed'],
    ],
  },
  {
    title: 'Inventario en línea Ferretería El Progreso',
    description: 'Aplicación de inventario con lector de códigos de barras y alertas de existencias bajas.',
    client: 5,
    status: 'in_review',
    priority: 'high',
    category: 'custom',
    progress: 85,
    start: -100,
    end: -3,
    budget: 540_000,
    spent: 498_000,
    team: ['A', 'S'],
    milestones: [
      ['Modelo de datos', -85, 'completed'],
      ['Lector de códigos', -30, 'completed'],
      ['Capacitación del personal', 7, 'in_progress'],
    ],
  },
  {
    title: 'Soporte para la tienda de Pedro Almonte',
    description: 'Atención de incidencias del sitio de la oficina y renovación de dominio.',
    client: 6,
    status: 'on_hold',
    priority: 'low',
    category: 'support',
    progress: 10,
    start: -60,
    end: 30,
    budget: 30_000,
    spent: 4_500,
    team: ['E'],
    milestones: [['Renovación de dominio', 20, 'pending']],
  },
  {
    title: 'App de fidelidad Café Cibao',
    description: 'Programa de puntos para clientes frecuentes de las tiendas físicas.',
    client: 0,
    status: 'requested',
    priority: 'urgent',
    category: 'webapp',
    progress: 0,
    start: null,
    end: 120,
    budget: 450_000,
    spent: 0,
    team: ['A'],
    milestones: [['Cotización aprobada', 10, 'pending']],
  },
];

const PUBLIC_NOTES = [
  'Compartimos el avance de esta semana; cualquier comentario es bienvenido.',
  'Gracias por el seguimiento, revisamos los cambios y todo se ve muy bien.',
];
const INTERNAL_NOTES = [
  'Ojo: el cliente pidió cambios fuera del alcance; cotizar aparte antes de hacerlos.',
  'Revisar horas no facturables de la semana pasada antes del cierre de mes.',
];

/**
 * Seeds the projects feature: 13 projects with team, milestones, public and internal notes,
 * a meeting, time entries, a file each, and activity-feed entries. Runs inside the demo
 * seed transaction after {@link seedFoundation}.
 */
export async function seedProjects(tx: Tx, ids: FoundationSeed): Promise<string[]> {
  const [sofia] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'sofia.batista@demo.do'));
  const who = { E: ids.employeeId, S: sofia?.id ?? ids.employeeId, A: ids.adminId } as const;
  const roleOf = (i: number) => (i === 0 ? 'Líder' : 'Desarrollador');
  const created: string[] = [];

  for (const [index, p] of PROJECTS.entries()) {
    const clientId = ids.clientIds[p.client]!;
    const updatedAt = new Date(Date.now() - index * 3 * 3_600_000);
    const [row] = await tx
      .insert(projects)
      .values({
        title: p.title,
        description: p.description,
        clientId,
        status: p.status,
        priority: p.priority,
        category: p.category,
        progressPercentage: p.progress,
        startDate: p.start === null ? null : dateOnly(p.start),
        estimatedEndDate: p.end === null ? null : dateOnly(p.end),
        actualEndDate: p.actualEnd === undefined ? null : dateOnly(p.actualEnd),
        approvedBudgetCents: p.budget === null ? null : p.budget * 100,
        spentCents: p.spent * 100,
        createdBy: ids.adminId,
        createdAt: new Date(Date.now() - (p.start === null ? 5 : Math.abs(p.start) + 10) * DAY),
        updatedAt,
      })
      .returning({ id: projects.id });
    const projectId = row!.id;
    created.push(projectId);
    const teamIds = [...new Set(p.team.map((t) => who[t]))];
    if (teamIds.length) {
      await tx
        .insert(projectMembers)
        .values(teamIds.map((userId, i) => ({ projectId, userId, role: roleOf(i) })));
    }
    await tx.insert(projectMilestones).values(
      p.milestones.map(([title, due, status], order) => ({
        projectId,
        title,
        description: '',
        dueDate: dateOnly(due),
        status,
        completedAt: status === 'completed' ? at(due) : null,
        order,
      })),
    );
    const author = teamIds[0] ?? ids.adminId;
    const clientUser = p.client === 0 ? ids.clientUserIds[0] : p.client === 1 ? ids.clientUserIds[1] : null;
    await tx.insert(projectNotes).values([
      {
        projectId,
        authorId: author,
        content: PUBLIC_NOTES[0]!,
        isInternal: false,
        createdAt: new Date(Date.now() - (index + 2) * DAY),
      },
      {
        projectId,
        authorId: author,
        content: INTERNAL_NOTES[index % 2]!,
        isInternal: true,
        createdAt: new Date(Date.now() - (index + 1) * DAY),
      },
      ...(clientUser
        ? [
            {
              projectId,
              authorId: clientUser,
              content: PUBLIC_NOTES[1]!,
              isInternal: false,
              createdAt: new Date(Date.now() - index * 3_600_000 - 3_600_000),
            },
          ]
        : []),
    ]);
    if (p.start !== null && p.start < 0) {
      await tx.insert(projectMeetings).values({
        projectId,
        title: 'Reunión de seguimiento',
        date: at(Math.min(p.start + 14, 3), 15),
        durationMinutes: 45,
        attendeeIds: [...teamIds, ...(clientUser ? [clientUser] : [])],
        notes: 'Revisión de avances y próximos pasos.',
        link: 'https://meet.google.com/abc-defg-hij',
        createdBy: author,
      });
    }
    if (teamIds.length && p.start !== null && p.start < 0) {
      const entries = teamIds.flatMap((userId, i) => [
        {
          projectId,
          userId,
          minutes: (4 + i * 2) * 60,
          description: i === 0 ? 'Desarrollo de funcionalidades' : 'Diseño y pruebas',
          date: dateOnly(-(2 + i)),
          billable: true,
          createdBy: userId,
        },
        {
          projectId,
          userId,
          minutes: 90,
          description: 'Reunión interna de planificación',
          date: dateOnly(-(5 + i)),
          billable: false,
          createdBy: userId,
        },
      ]);
      await tx.insert(projectTimeEntries).values(entries);
    }
    await saveFile(tx, {
      ownerType: 'project',
      ownerId: projectId,
      filename: 'brief-del-proyecto.txt',
      data: Buffer.from(`Brief: ${p.title}\n\n${p.description}\n`, 'utf8'),
      uploadedBy: author,
    });
    await tx.insert(activities).values([
      {
        actorId: ids.adminId,
        type: 'project.created',
        entityType: 'project',
        entityId: projectId,
        clientId,
        projectId,
        title: `Proyecto creado: ${p.title}`,
        createdAt: new Date(Date.now() - (index + 3) * 10 * 3_600_000),
      },
      ...(p.milestones.some((m) => m[2] === 'completed')
        ? [
            {
              actorId: author,
              type: 'milestone.completed',
              entityType: 'milestone',
              entityId: null,
              clientId,
              projectId,
              title: `Hito completado en ${p.title}: ${p.milestones.filter((m) => m[2] === 'completed').at(-1)![0]}`,
              createdAt: new Date(Date.now() - (index + 1) * 7 * 3_600_000),
            },
          ]
        : []),
      {
        actorId: author,
        type: 'note.added',
        entityType: 'note',
        entityId: null,
        clientId,
        projectId,
        title: `Nota interna en ${p.title}`,
        isInternal: true,
        createdAt: new Date(Date.now() - (index + 1) * 5 * 3_600_000),
      },
    ]);
  }
  return created;
}
