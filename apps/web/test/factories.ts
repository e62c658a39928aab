import {
  type CalendarEvent,
  type CalendarStats,
  type Client,
  type ClientStats,
  type CompanySettings,
  type CreditNote,
  EVENT_TYPES,
  type FiscalSequence,
  type Invoice,
  type InvoiceStats,
  type InvoiceSummary,
  type ProjectDetail,
  type ProjectNote,
  type RecurringInvoice,
  type Report,
  type ReportDashboard,
  type Role,
  TICKET_PRIORITIES,
  TICKET_TYPES,
  type Ticket,
  type TicketDetail,
  type TicketStats,
  type User,
} from '@agencia/shared';

/** A signed-in user as the API returns it, with overrides. */
export function buildUser(overrides: Partial<User> = {}): User {
  const role: Role = overrides.role ?? 'admin';
  return {
    _id: '0b6e6f8e-2d0a-4c55-9a43-6c8b2f4f1a01',
    firstName: 'María',
    lastName: 'Pérez',
    email: 'maria@demo.do',
    role,
    department: null,
    status: 'active',
    phone: null,
    avatar: null,
    clientId: null,
    companyName: null,
    bio: null,
    permissions: [],
    mustChangePassword: false,
    twoFactorEnabled: false,
    lastLogin: null,
    createdAt: '2025-01-10T14:00:00.000Z',
    updatedAt: '2025-01-10T14:00:00.000Z',
    ...overrides,
  };
}

const PROJECT_ID = '5d0c2b1e-7a8f-4c3d-9e6b-1f2a3b4c5d01';

/** A project note as `GET /projects/{id}` returns it (public, never edited), with overrides. */
export function buildNote(overrides: Partial<ProjectNote> = {}): ProjectNote {
  return {
    _id: '5d0c2b1e-7a8f-4c3d-9e6b-1f2a3b4c5e01',
    content: 'Comentario de prueba',
    isInternal: false,
    author: {
      _id: '0b6e6f8e-2d0a-4c55-9a43-6c8b2f4f1a02',
      firstName: 'Carlos',
      lastName: 'Méndez',
      role: 'employee',
    },
    createdAt: '2026-03-02T14:00:00.000Z',
    editedAt: null,
    ...overrides,
  };
}

/** A project detail (in progress, empty tabs) as `GET /projects/{id}` returns it, with overrides. */
export function buildProjectDetail(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    _id: PROJECT_ID,
    title: 'Tienda en línea Café Cibao',
    description: '',
    client: {
      _id: '5d0c2b1e-7a8f-4c3d-9e6b-1f2a3b4c5f01',
      companyName: 'Café Cibao SRL',
      firstName: 'María',
      lastName: 'Fernández',
      avatar: null,
    },
    status: 'in_progress',
    priority: 'medium',
    category: 'ecommerce',
    progressPercentage: 40,
    startDate: '2026-01-10',
    estimatedEndDate: null,
    actualEndDate: null,
    approvedBudget: null,
    spent: 0,
    teamCount: 0,
    createdAt: '2026-01-10T14:00:00.000Z',
    updatedAt: '2026-01-10T14:00:00.000Z',
    team: [],
    milestones: [],
    notesTotal: 0,
    filesTotal: 0,
    timeSummary: { totalHours: 0, billableHours: 0, entries: 0, byMember: [] },
    allowedTransitions: [],
    ...overrides,
  };
}

/** An issued B01 invoice of 3,666.66 + ITBIS 660.00 as `GET /invoices/{id}` answers it, with overrides. */
export function buildInvoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    _id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e01',
    invoiceNumber: 'FAC-2026-0042',
    series: 'FAC',
    issueDate: new Date().toISOString().slice(0, 10),
    dueDate: '2099-12-31',
    paidDate: null,
    status: 'sent',
    isOverdue: false,
    daysOverdue: 0,
    client: {
      _id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e02',
      firstName: 'María',
      lastName: 'Fernández',
      email: 'cliente@demo.do',
      company: 'Café Cibao SRL',
      avatar: null,
      companyRUC: '130458715',
    },
    project: null,
    documentType: 'B01',
    ncf: 'B0100000051',
    ncfExpiresOn: '2027-12-31',
    securityCode: null,
    signedAt: null,
    issuedAt: '2026-11-20T14:00:00.000Z',
    subtotal: 3666.66,
    exemptSubtotal: 0,
    taxableBase: 3666.66,
    taxRate: 18,
    taxAmount: 660,
    discountAmount: 0,
    total: 4326.66,
    totalAmount: 4326.66,
    amountPaid: 0,
    amountWithheld: 0,
    amountCredited: 0,
    balance: 4326.66,
    currency: 'DOP',
    paymentMethod: 'bank_transfer',
    paymentTerms: 30,
    createdAt: '2026-11-20T14:00:00.000Z',
    updatedAt: '2026-11-20T14:00:00.000Z',
    items: [
      {
        _id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e03',
        description: 'Diseño web',
        details: null,
        quantity: 1,
        unitPrice: 3666.66,
        total: 3666.66,
        taxExempt: false,
      },
    ],
    notes: null,
    sentAt: null,
    payments: [],
    creditNotes: [],
    history: [],
    ...overrides,
  };
}

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

/** A company client (Café Cibao SRL, RNC 130458715, contribuyente) as `GET /clients/{id}` answers it, with overrides. */
export function buildClient(overrides: Partial<Client> = {}): Client {
  return {
    _id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e02',
    firstName: 'María',
    lastName: 'Fernández',
    email: 'cliente@demo.do',
    phone: null,
    avatar: null,
    clientType: 'company',
    companyName: 'Café Cibao SRL',
    companyRUC: '130458715',
    taxpayerType: 'contribuyente',
    taxIdOverrideReason: null,
    industry: null,
    website: null,
    address: { street: null, city: null, state: null, country: 'República Dominicana', postalCode: null },
    status: 'active',
    joinDate: '2026-01-10',
    lastActivity: null,
    lastContact: null,
    totalProjects: 0,
    activeProjects: 0,
    completedProjects: 0,
    totalRevenue: 0,
    averageProjectValue: 0,
    satisfactionRating: null,
    preferredCommunication: 'email',
    timezone: 'America/Santo_Domingo',
    notes: null,
    registeredUsers: 0,
    archivedAt: null,
    createdAt: '2026-01-10T14:00:00.000Z',
    updatedAt: '2026-01-10T14:00:00.000Z',
    ...overrides,
  };
}

/** A B04 credit note of RD$1,180.00 (code 3, no lines, nothing refunded) on {@link buildInvoice}'s invoice, with overrides. */
export function buildCreditNote(overrides: Partial<CreditNote> = {}): CreditNote {
  return {
    _id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e09',
    invoiceId: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e01',
    documentType: 'B04',
    ncf: 'B0400000007',
    ncfExpiresOn: '2027-12-31',
    modifiedNcf: 'B0100000051',
    modifiedIssueDate: '2026-11-20',
    modificationCode: 3,
    reason: 'Ajuste',
    issueDate: '2026-11-21',
    lines: [],
    subtotal: 1000,
    taxAmount: 180,
    total: 1180,
    refundAmount: 0,
    createdAt: '2026-11-21T14:00:00.000Z',
    ...overrides,
  };
}

/** The demo agency's settings (persona jurídica, paper NCF, DOP, ITBIS 18 %) as `GET /settings` answers them, with overrides. */
export function buildCompanySettings(overrides: Partial<CompanySettings> = {}): CompanySettings {
  return {
    name: 'Agencia Digital RD',
    address: null,
    city: 'Santo Domingo',
    state: null,
    zipCode: null,
    country: 'República Dominicana',
    phone: null,
    email: null,
    website: null,
    whatsappNumber: null,
    taxId: '131855423',
    currency: 'DOP',
    timezone: 'America/Santo_Domingo',
    dateFormat: 'DD/MM/YYYY',
    timeFormat: '12h',
    defaultProjectHourlyRate: 1500,
    taxRate: 18,
    emailSignature: null,
    primaryColor: '#1e3a8a',
    secondaryColor: '#f59e0b',
    logo: null,
    fiscalMode: 'paper',
    taxpayerKind: 'persona_juridica',
    updatedAt: '2026-01-10T14:00:00.000Z',
    ...overrides,
  };
}

/** An active B01 range 1–500 with 53 used (next B0100000054), expiring 2027-12-31, with overrides. */
export function buildFiscalSequence(overrides: Partial<FiscalSequence> = {}): FiscalSequence {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    documentType: 'B01',
    rangeFrom: 1,
    rangeTo: 500,
    nextNumber: 54,
    nextNcf: 'B0100000054',
    used: 53,
    remaining: 447,
    remainingPercent: 89.4,
    expiresOn: '2027-12-31',
    alertThreshold: 35,
    active: true,
    isExpired: false,
    isExhausted: false,
    isLow: false,
    expiresSoon: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** {@link buildInvoice}'s invoice as `GET /invoices` lists it (no items, payments or history), with overrides. */
export function buildInvoiceSummary(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  const { items, notes, sentAt, payments, creditNotes, history, ...summary } = buildInvoice();
  return { ...summary, ...overrides };
}

/** `GET /invoices/stats` with nothing invoiced yet (DOP), with overrides. */
export function buildInvoiceStats(overrides: Partial<InvoiceStats> = {}): InvoiceStats {
  return {
    totalRevenue: 0,
    pendingRevenue: 0,
    paidInvoices: 0,
    unpaidInvoices: 0,
    totalInvoices: 0,
    overdueInvoices: 0,
    partiallyPaidInvoices: 0,
    averageInvoiceValue: 0,
    currency: 'DOP',
    ...overrides,
  };
}

/** An active monthly retainer (iguala) of RD$10,000 + ITBIS on day 1, nothing generated yet, with overrides. */
export function buildRecurringInvoice(overrides: Partial<RecurringInvoice> = {}): RecurringInvoice {
  return {
    _id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c01',
    client: { _id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e02', name: 'Café Cibao SRL' },
    project: null,
    frequency: 'monthly',
    dayOfMonth: 1,
    startDate: '2026-01-01',
    endDate: null,
    count: null,
    autoSend: false,
    status: 'active',
    finished: false,
    items: [
      { description: 'Mantenimiento web', details: null, quantity: 1, unitPrice: 10000, taxExempt: false },
    ],
    taxRate: 18,
    currency: 'DOP',
    paymentTerms: 15,
    hoursIncluded: null,
    overageRate: null,
    hoursUsed: null,
    notes: null,
    subtotal: 10000,
    taxAmount: 1800,
    total: 11800,
    nextInvoiceDate: '2026-12-01',
    generatedCount: 0,
    lastInvoice: null,
    createdAt: '2026-01-01T14:00:00.000Z',
    updatedAt: '2026-01-01T14:00:00.000Z',
    ...overrides,
  };
}

/** `GET /reports/dashboard` for the last 6 months with every figure at zero and no growth data, with overrides. */
export function buildReportDashboard(overrides: Partial<ReportDashboard> = {}): ReportDashboard {
  return {
    period: '6m',
    startDate: '2026-05-25',
    endDate: '2026-11-25',
    currency: 'DOP',
    totalRevenue: 0,
    revenueGrowth: null,
    totalProjects: 0,
    activeProjects: 0,
    projectsGrowth: null,
    activeClients: 0,
    clientsGrowth: null,
    completionRate: 0,
    revenueByMonth: [],
    projectsByStatus: [],
    ...overrides,
  };
}

/** A generated financial report of 2026 with empty sections and zero totals, with overrides. */
export function buildReport(overrides: Partial<Report> = {}): Report {
  return {
    _id: '4f3e2d1c-0b9a-4887-a665-544332211001',
    type: 'financial',
    title: 'Reporte financiero de prueba',
    description: null,
    startDate: '2026-01-01',
    endDate: '2026-11-25',
    data: {
      currency: 'DOP',
      revenueByMonth: [],
      revenueByClient: [],
      invoicesByStatus: [],
      projectsByStatus: [],
      projectsByCategory: [],
      hoursLogged: null,
      totals: { invoiced: 0, collected: 0, pending: 0, taxInvoiced: 0 },
    },
    createdBy: null,
    createdAt: '2026-11-25T14:00:00.000Z',
    ...overrides,
  };
}

/** `GET /clients/stats` with no clients, with overrides. */
export function buildClientStats(overrides: Partial<ClientStats> = {}): ClientStats {
  return { total: 0, active: 0, companies: 0, totalRevenue: 0, ...overrides };
}

/**
 * A one-hour medium-priority meeting the caller organises and may edit (no attendees, project or
 * client), on 2026-11-20 at 10:00 in Santo Domingo, with overrides.
 */
export function buildCalendarEvent(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    _id: '2b3c4d5e-6f70-4a81-9b2c-3d4e5f607001',
    title: 'Reunión de prueba',
    description: null,
    type: 'meeting',
    priority: 'medium',
    startDate: '2026-11-20T14:00:00.000Z',
    endDate: '2026-11-20T15:00:00.000Z',
    isAllDay: false,
    location: null,
    meetingLink: null,
    timezone: 'America/Santo_Domingo',
    organizer: {
      _id: '0b6e6f8e-2d0a-4c55-9a43-6c8b2f4f1a01',
      firstName: 'María',
      lastName: 'Pérez',
      email: 'maria@demo.do',
      avatar: null,
    },
    attendees: [],
    project: null,
    client: null,
    myStatus: null,
    canEdit: true,
    createdAt: '2026-11-01T14:00:00.000Z',
    updatedAt: '2026-11-01T14:00:00.000Z',
    ...overrides,
  };
}

/** `GET /calendar/stats` with no events (every type at zero), with overrides. */
export function buildCalendarStats(overrides: Partial<CalendarStats> = {}): CalendarStats {
  return {
    total: 0,
    today: 0,
    thisWeek: 0,
    meetings: 0,
    deadlines: 0,
    upcoming: 0,
    byType: Object.fromEntries(EVENT_TYPES.map((t) => [t, 0])) as CalendarStats['byType'],
    ...overrides,
  };
}
