import {
  CERTIFICATION_STEPS,
  type CertificationCase,
  type CertificationOverview,
  type CertificationTestSet,
  SIMULATION_KIND_LABELS,
  SIMULATION_TARGETS,
  type SimulationKind,
} from '@agencia/shared';

// Test data builders: the DGII certification screen (Configuración → Fiscal → Certificación DGII).

/**
 * `GET /fiscal/certification` as an agency in CerteCF answers it: certificate loaded, the 15 steps
 * pending except those in `done` (step → `completedAt`), https URLs, empty simulation and
 * reception, not certified; with overrides.
 */
export function buildCertificationOverview(
  overrides: Partial<CertificationOverview> = {},
  done: Record<number, string> = {},
): CertificationOverview {
  return {
    environment: 'CerteCF',
    ecfMode: 'direct',
    hasCertificate: true,
    steps: CERTIFICATION_STEPS.map((s) => ({
      step: s.step,
      key: s.key,
      title: s.title,
      mode: s.mode,
      expects: s.expects,
      completedAt: done[s.step] ?? null,
      completedBy: done[s.step] ? 'María Pérez' : null,
      note: null,
    })),
    urls: {
      reception: 'https://portal.agencia.do',
      commercialApproval: 'https://portal.agencia.do',
      authentication: 'https://portal.agencia.do',
    },
    publicUrlIsHttps: true,
    simulation: {
      environment: 'CerteCF',
      counters: (Object.keys(SIMULATION_TARGETS) as SimulationKind[]).map((kind) => ({
        kind,
        label: SIMULATION_KIND_LABELS[kind],
        target: SIMULATION_TARGETS[kind],
        accepted: 0,
        pending: 0,
      })),
      lastRejectionAt: null,
      e32ToUpload: [],
    },
    received: { ecf: [], approvals: [] },
    production: { certified: false, certifiedElsewhereAt: null },
    ...overrides,
  };
}

/** Case `position` of a test set: an E31 ready to send, with overrides. */
export function buildCertificationCase(
  position: number,
  overrides: Partial<CertificationCase> = {},
): CertificationCase {
  return {
    _id: `c0000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    position,
    caseNumber: String(position),
    documentType: 'E31',
    encf: `E3100000000${String(position).padStart(2, '0')}`,
    channel: 'ecf',
    status: 'ready',
    trackId: null,
    securityCode: null,
    dgiiMessages: [],
    total: '1180.00',
    submittedAt: null,
    decidedAt: null,
    ...overrides,
  };
}

/** An imported e-CF test set with three cases ready to send, with overrides. */
export function buildCertificationTestSet(
  overrides: Partial<CertificationTestSet> = {},
): CertificationTestSet {
  return {
    _id: '5e7a0000-0000-4000-8000-000000000001',
    kind: 'ecf',
    fileName: 'SetPruebas_131855423.xlsx',
    status: 'ready',
    environment: 'CerteCF',
    createdAt: '2026-11-20T14:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    advice: null,
    cases: [1, 2, 3].map((n) => buildCertificationCase(n)),
    ...overrides,
  };
}
