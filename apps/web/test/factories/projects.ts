import type { ProjectDetail, ProjectNote } from '@agencia/shared';

// Test data builders: projects and their notes.

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
    budgetVisibleToClient: true,
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
