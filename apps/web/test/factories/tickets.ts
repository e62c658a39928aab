import {
  TICKET_PRIORITIES,
  TICKET_TYPES,
  type Ticket,
  type TicketDetail,
  type TicketStats,
} from '@agencia/shared';

// Test data builders: support tickets, their detail and stats.

/** An open support ticket as `GET /tickets` lists it (no client, project or people), with overrides. */
export function buildTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    _id: '3e9a1b2c-4d5e-4f60-8a7b-9c0d1e2f3a01',
    ticketNumber: 'TK-0001',
    title: 'Error en el formulario',
    description: 'Descripción del ticket de prueba',
    type: 'support',
    status: 'open',
    priority: 'medium',
    severity: 'medium',
    category: null,
    client: null,
    project: null,
    reportedBy: null,
    reporterEmail: null,
    assignedTo: null,
    reportedDate: '2026-01-10T12:00:00.000Z',
    estimatedResolutionTime: null,
    actualTimeSpent: 0,
    messageCount: 0,
    resolution: null,
    preventionMeasures: null,
    resolvedAt: null,
    closedAt: null,
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    ...overrides,
  };
}

/** A ticket as `GET /tickets/{id}` and `POST /tickets` answer it (no messages yet), with overrides. */
export function buildTicketDetail(overrides: Partial<TicketDetail> = {}): TicketDetail {
  return {
    ...buildTicket(),
    environment: null,
    browserInfo: null,
    steps: null,
    tags: [],
    watchers: [],
    messages: [],
    messagesTotal: 0,
    attachmentsTotal: 0,
    timelineTotal: 0,
    timeLogsTotal: 0,
    relatedTickets: [],
    ...overrides,
  };
}

/** `GET /tickets/stats` with every counter at zero, with overrides. */
export function buildTicketStats(overrides: Partial<TicketStats> = {}): TicketStats {
  return {
    total: 0,
    open: 0,
    inProgress: 0,
    pendingClient: 0,
    resolved: 0,
    closed: 0,
    cancelled: 0,
    byPriority: Object.fromEntries(TICKET_PRIORITIES.map((p) => [p, 0])) as TicketStats['byPriority'],
    byType: Object.fromEntries(TICKET_TYPES.map((t) => [t, 0])) as TicketStats['byType'],
    averageResolutionHours: null,
    ...overrides,
  };
}
