import type { Client, ClientStats } from '@agencia/shared';

// Test data builders: clients and client stats.

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
    foreignTaxId: null,
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
    emailFailingAt: null,
    emailFailingReason: null,
    archivedAt: null,
    createdAt: '2026-01-10T14:00:00.000Z',
    updatedAt: '2026-01-10T14:00:00.000Z',
    ...overrides,
  };
}

/** `GET /clients/stats` with no clients, with overrides. */
export function buildClientStats(overrides: Partial<ClientStats> = {}): ClientStats {
  return { total: 0, active: 0, companies: 0, totalRevenue: 0, ...overrides };
}
