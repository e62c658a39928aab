import { z } from 'zod';
import { DgiiEcfEnvironmentSchema, DgiiMessageSchema, EcfModeSchema } from './ecf.js';

/*
 * DGII certification from the portal (issue 41): the 15 steps of the DGII's "Proceso de
 * Certificación para ser Emisor Electrónico" (DGII, process PDF; text in the public
 * JoelStalin/dgii_encf repository, docs/oficial/_evidencia/_pages/Proceso de Certificacion para ser
 * Emisor Electronico), the test-set runner (Pruebas de Datos e-CF and Aprobación Comercial), the
 * simulation counters and the checks before switching to production.
 */

/**
 * The 15 steps, in the DGII portal's order (ecf.dgii.gov.do/certecf/portalcertificacion).
 * `mode`: `portal` steps are done on the DGII's portal and checked off here by the admin with a date
 * and a note; `product` steps show the product's own progress (and may be checked off too).
 */
export const CERTIFICATION_STEPS = [
  {
    step: 1,
    key: 'registered',
    title: 'Registrado',
    mode: 'portal',
    expects:
      'Completar el formulario de postulación en el portal de certificación de la DGII (con las URL de servicios y el software propio) y enviarlo firmado.',
  },
  {
    step: 2,
    key: 'data_ecf',
    title: 'Pruebas de Datos e-CF',
    mode: 'product',
    expects:
      'Descargar de la DGII el set de pruebas (.xlsx), reproducir cada caso exactamente y enviarlo en el orden que fija la DGII.',
  },
  {
    step: 3,
    key: 'data_approvals',
    title: 'Pruebas de Datos Aprobación Comercial',
    mode: 'product',
    expects:
      'Enviar las aprobaciones y rechazos comerciales (ACECF) del archivo que entrega la DGII para este paso.',
  },
  {
    step: 4,
    key: 'simulation_ecf',
    title: 'Pruebas Simulación e-CF',
    mode: 'product',
    expects:
      'Emitir comprobantes de operaciones reales en el ambiente de certificación hasta completar las cantidades por tipo. Un rechazo reinicia los contadores de la DGII.',
  },
  {
    step: 5,
    key: 'simulation_printed',
    title: 'Pruebas Simulación Representación Impresa',
    mode: 'product',
    expects:
      'Subir al portal de la DGII la representación impresa (PDF) de los comprobantes simulados, con el código QR, el código de seguridad y la fecha y hora de la firma.',
  },
  {
    step: 6,
    key: 'printed_validation',
    title: 'Validación Representación Impresa',
    mode: 'portal',
    expects: 'La DGII revisa las representaciones impresas y aprueba o pide correcciones.',
  },
  {
    step: 7,
    key: 'test_urls',
    title: 'URL Servicios Prueba',
    mode: 'product',
    expects:
      'Registrar en el portal de la DGII las URL de recepción, aprobación comercial y autenticación del ambiente de pruebas.',
  },
  {
    step: 8,
    key: 'reception_start',
    title: 'Inicio Prueba Recepción e-CF',
    mode: 'portal',
    expects: 'Iniciar en el portal de la DGII la prueba en la que la DGII envía e-CF a tu URL de recepción.',
  },
  {
    step: 9,
    key: 'reception',
    title: 'Recepción e-CF',
    mode: 'product',
    expects: 'Recibir los e-CF que envía la DGII y responder a cada uno con su acuse de recibo (ARECF).',
  },
  {
    step: 10,
    key: 'approval_reception_start',
    title: 'Inicio Prueba Recepción Aprobación Comercial',
    mode: 'portal',
    expects: 'Iniciar en el portal de la DGII la prueba de recepción de aprobaciones comerciales.',
  },
  {
    step: 11,
    key: 'approval_reception',
    title: 'Recepción Aprobación Comercial',
    mode: 'product',
    expects: 'Recibir las aprobaciones comerciales (ACECF) que envía la DGII a tu URL.',
  },
  {
    step: 12,
    key: 'production_urls',
    title: 'URL Servicios Producción',
    mode: 'product',
    expects: 'Registrar en el portal de la DGII las URL de producción de los mismos tres servicios.',
  },
  {
    step: 13,
    key: 'sworn_statement',
    title: 'Declaración Jurada',
    mode: 'product',
    expects:
      'Descargar la declaración jurada del portal de la DGII, firmarla con el certificado digital (Firmar XML) y subirla.',
  },
  {
    step: 14,
    key: 'status_check',
    title: 'Verificación Estatus',
    mode: 'portal',
    expects: 'La DGII verifica el cumplimiento de todos los pasos.',
  },
  {
    step: 15,
    key: 'finished',
    title: 'Finalizado',
    mode: 'portal',
    expects:
      'La DGII te certifica como emisor electrónico: solicita secuencias de producción y cambia al ambiente eCF.',
  },
] as const;

export type CertificationStepKey = (typeof CERTIFICATION_STEPS)[number]['key'];
export const CERTIFICATION_STEP_COUNT = CERTIFICATION_STEPS.length;

/** One step's state as the wizard shows it; dates are ISO instants. */
export const CertificationStepStateSchema = z.object({
  step: z.number().int().min(1).max(15),
  key: z.string(),
  title: z.string(),
  mode: z.enum(['portal', 'product']),
  expects: z.string(),
  completedAt: z.string().nullable(),
  completedBy: z.string().nullable(),
  note: z.string().nullable(),
});
export type CertificationStepState = z.infer<typeof CertificationStepStateSchema>;

/**
 * `PUT /fiscal/certification/steps/{step}` (admin): check a step off (`completed: true`, with the
 * date it was done on the DGII portal, `YYYY-MM-DD`, and an optional note) or undo it.
 */
export const UpdateCertificationStepRequestSchema = z.object({
  completed: z.boolean(),
  completedOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Fecha inválida (AAAA-MM-DD)')
    .optional(),
  note: z.string().trim().max(1000, 'La nota no puede exceder 1000 caracteres').optional(),
});
export type UpdateCertificationStepRequest = z.input<typeof UpdateCertificationStepRequestSchema>;

/** Where one test case stands (the DGII's states plus `not_sent`: the run stopped before it). */
export const CERTIFICATION_CASE_STATUSES = [
  'ready',
  'sending',
  'sent',
  'accepted',
  'conditionally_accepted',
  'rejected',
  'not_sent',
] as const;
export const CertificationCaseStatusSchema = z.enum(CERTIFICATION_CASE_STATUSES);
export type CertificationCaseStatus = z.infer<typeof CertificationCaseStatusSchema>;
export const CERTIFICATION_CASE_STATUS_LABELS: Record<CertificationCaseStatus, string> = {
  ready: 'Listo para enviar',
  sending: 'Enviando',
  sent: 'Enviado (esperando a la DGII)',
  accepted: 'Aceptado',
  conditionally_accepted: 'Aceptado condicional',
  rejected: 'Rechazado',
  not_sent: 'No enviado',
};

/** How a case reaches the DGII: full e-CF, consumo summary (RFCE, E32 < RD$250,000) or ACECF. */
export const CERTIFICATION_CHANNELS = ['ecf', 'rfce', 'acecf'] as const;
export type CertificationChannel = (typeof CERTIFICATION_CHANNELS)[number];

/** One case of a test set (one workbook row). */
export const CertificationCaseSchema = z.object({
  _id: z.string(),
  /** Position in the DGII's sending order (1-based). */
  position: z.number().int(),
  /** The workbook's `CasoPrueba` (or the row number when absent). */
  caseNumber: z.string(),
  /** `E31` … `E47`; `ACECF` in an approvals set. */
  documentType: z.string(),
  encf: z.string(),
  channel: z.enum(CERTIFICATION_CHANNELS),
  status: CertificationCaseStatusSchema,
  trackId: z.string().nullable(),
  securityCode: z.string().nullable(),
  dgiiMessages: z.array(DgiiMessageSchema),
  /** MontoTotal as written in the workbook (e-CF cases). */
  total: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type CertificationCase = z.infer<typeof CertificationCaseSchema>;

export const CERTIFICATION_SET_KINDS = ['ecf', 'approval'] as const;
export const CERTIFICATION_SET_STATUSES = ['ready', 'sending', 'completed', 'stopped'] as const;
export type CertificationSetStatus = (typeof CERTIFICATION_SET_STATUSES)[number];
export const CERTIFICATION_SET_STATUS_LABELS: Record<CertificationSetStatus, string> = {
  ready: 'Listo para enviar',
  sending: 'Enviando',
  completed: 'Completado',
  stopped: 'Detenido por un rechazo',
};

/** A test set: an imported DGII workbook and its cases in sending order. */
export const CertificationTestSetSchema = z.object({
  _id: z.string(),
  kind: z.enum(CERTIFICATION_SET_KINDS),
  fileName: z.string(),
  status: z.enum(CERTIFICATION_SET_STATUSES),
  environment: DgiiEcfEnvironmentSchema,
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** What the admin should do next, in Spanish (after a rejection: what to correct). */
  advice: z.string().nullable(),
  cases: z.array(CertificationCaseSchema),
});
export type CertificationTestSet = z.infer<typeof CertificationTestSetSchema>;
export const CertificationTestSetResponseSchema = z.object({ testSet: CertificationTestSetSchema });
export const ListCertificationTestSetsResponseSchema = z.object({
  testSets: z.array(CertificationTestSetSchema),
});

/** One problem found in a workbook before anything is stored or sent (Spanish). */
export const WorkbookProblemSchema = z.object({
  caseNumber: z.string().nullable(),
  row: z.number().int().nullable(),
  field: z.string().nullable(),
  message: z.string(),
});
export type WorkbookProblem = z.infer<typeof WorkbookProblemSchema>;

/** The three URLs the postulación asks for, built from `PUBLIC_URL` (DT, "Servicios del receptor"). */
export const CertificationUrlsSchema = z.object({
  reception: z.string(),
  commercialApproval: z.string(),
  authentication: z.string(),
});
export type CertificationUrls = z.infer<typeof CertificationUrlsSchema>;

/** The self-test of one URL: called over HTTPS from the server; what it answered. */
export const UrlSelfTestSchema = z.object({
  name: z.enum(['reception', 'commercialApproval', 'authentication']),
  url: z.string(),
  ok: z.boolean(),
  status: z.number().int().nullable(),
  message: z.string(),
});
export type UrlSelfTest = z.infer<typeof UrlSelfTestSchema>;

/**
 * What the DGII asks for the simulation step (issue 41, from the DGII's process): documents issued
 * from real operations in CerteCF, by type. `E32_FULL`: E32 of RD$250,000 or more; `RFCE`: consumo
 * summaries of E32 under RD$250,000.
 */
export const SIMULATION_TARGETS = {
  E31: 4,
  E32_FULL: 2,
  E33: 1,
  E34: 2,
  E41: 2,
  E43: 2,
  E44: 2,
  E45: 2,
  E46: 2,
  E47: 2,
  RFCE: 4,
} as const;
export type SimulationKind = keyof typeof SIMULATION_TARGETS;
export const SIMULATION_KIND_LABELS: Record<SimulationKind, string> = {
  E31: 'E31 Crédito fiscal',
  E32_FULL: 'E32 Consumo de RD$250,000 o más',
  E33: 'E33 Nota de débito',
  E34: 'E34 Nota de crédito',
  E41: 'E41 Compras',
  E43: 'E43 Gastos menores',
  E44: 'E44 Regímenes especiales',
  E45: 'E45 Gubernamental',
  E46: 'E46 Exportaciones',
  E47: 'E47 Pagos al exterior',
  RFCE: 'Resumen de consumo (RFCE)',
};

export const SimulationCounterSchema = z.object({
  kind: z.string(),
  label: z.string(),
  target: z.number().int(),
  accepted: z.number().int(),
  pending: z.number().int(),
});

/** `GET /fiscal/certification` (admin): the wizard's whole state. */
export const CertificationOverviewSchema = z.object({
  environment: DgiiEcfEnvironmentSchema,
  ecfMode: EcfModeSchema,
  hasCertificate: z.boolean(),
  steps: z.array(CertificationStepStateSchema),
  urls: CertificationUrlsSchema,
  /** Production URLs are the same paths under PUBLIC_URL; false when PUBLIC_URL is not https. */
  publicUrlIsHttps: z.boolean(),
  simulation: z.object({
    /**
     * Whose documents are counted: TesteCF's while in TesteCF (a rehearsal), else CerteCF's.
     */
    environment: DgiiEcfEnvironmentSchema,
    counters: z.array(SimulationCounterSchema),
    /** The last rejection in CerteCF (ISO), which reset the DGII's counters; null when none. */
    lastRejectionAt: z.string().nullable(),
    /** Signed E32 whose consumo summary was accepted: to upload by hand on the DGII portal. */
    e32ToUpload: z.array(z.object({ encf: z.string(), invoiceId: z.string().nullable(), total: z.number() })),
  }),
  /** Documents received by the reception routes lately (steps 8–11). */
  received: z.object({
    ecf: z.array(z.object({ encf: z.string(), issuerRnc: z.string(), receivedAt: z.string() })),
    approvals: z.array(
      z.object({ encf: z.string(), buyerRnc: z.string(), state: z.number().int(), receivedAt: z.string() }),
    ),
  }),
  production: z.object({
    /** Certified: step 15 checked off, or the admin confirmed it was certified elsewhere. */
    certified: z.boolean(),
    certifiedElsewhereAt: z.string().nullable(),
  }),
});
export type CertificationOverview = z.infer<typeof CertificationOverviewSchema>;
export const GetCertificationResponseSchema = z.object({ certification: CertificationOverviewSchema });

/** `POST /fiscal/certification/certified-elsewhere` (admin): the agency was certified outside the portal. */
export const CertifiedElsewhereRequestSchema = z.object({
  confirm: z.literal(true, { error: 'Confirma que la empresa ya está certificada por la DGII' }),
});

/** `POST /fiscal/certification/url-test` (admin): each of the three URLs called over HTTPS. */
export const UrlSelfTestResponseSchema = z.object({ results: z.array(UrlSelfTestSchema) });

/**
 * One printed representation of a simulated document (step 5) and the DGII's requirements it meets
 * (DGII, "Representación Impresa (Modelos ilustrativos)"; issue 41): under 10 MB, the QR, the
 * security code, the signature's date and time, and the legend.
 */
export const PrintedRepresentationSchema = z.object({
  encf: z.string(),
  documentType: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  checks: z.object({
    underTenMegabytes: z.boolean(),
    qrCode: z.boolean(),
    securityCode: z.boolean(),
    signatureDateTime: z.boolean(),
    legend: z.boolean(),
  }),
});
export type PrintedRepresentation = z.infer<typeof PrintedRepresentationSchema>;
/** `GET /fiscal/certification/printed-representations` (admin); the ZIP is `…/printed-representations.zip`. */
export const ListPrintedRepresentationsResponseSchema = z.object({
  documents: z.array(PrintedRepresentationSchema),
});

/**
 * The receiver's resources under the URL registered with the DGII (wizard steps 1, 7 and 12). The
 * DGII's standard fixes these names so that "la única diferencia entre los servicios de los
 * contribuyentes sea la dirección de host" (DGII, "Descripción Técnica de Facturación Electrónica"
 * v1.6, "Creación y Parametrización de Servicios", and its examples
 * `https://host/ambiente/nombreservicio/fe/recepcion/api/ecf`), and its services directory keeps,
 * per taxpayer, the *host* of each service (same report, "Consulta Directorio de Servicios":
 * "urlRecepcion: host del servicio de recepción del contribuyente"). So the postulación's three
 * fields take the base URL (`CertificationUrls`), and the DGII calls it followed by these paths.
 */
export const CERTIFICATION_SERVICE_PATHS = {
  reception: '/fe/recepcion/api/ecf',
  commercialApproval: '/fe/aprobacioncomercial/api/ecf',
  authentication: '/fe/autenticacion/api/semilla',
} as const;
