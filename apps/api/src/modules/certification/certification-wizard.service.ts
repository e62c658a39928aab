import {
  businessToday,
  CERTIFICATION_SERVICE_PATHS,
  CERTIFICATION_STEPS,
  type CertificationOverview,
  type CertificationStepState,
  type CertificationUrls,
  type DgiiEcfEnvironment,
  SIMULATION_KIND_LABELS,
  SIMULATION_TARGETS,
  type SimulationKind,
  type UpdateCertificationStepRequest,
  type UrlSelfTest,
} from '@agencia/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { EcfConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import {
  ecfBuyerApprovals,
  ecfCertificationSteps,
  ecfDocuments,
  ecfReceived,
  ecfSettings,
  users,
} from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { unprocessable } from '../../lib/errors.js';
import type { WriteCall } from '../../lib/service-args.js';
import { certifiedForProduction, ecfModeOf, getCertificate } from '../ecf/ecf-settings.service.js';

/*
 * The DGII certification wizard (issue 41, decision 159), everything but the test-set runner: the
 * 15 steps of the DGII's "Proceso de Certificación para ser Emisor Electrónico" (DGII, July 2025;
 * text in the public JoelStalin/dgii_encf repository, docs/oficial/_evidencia/_pages/Proceso de
 * Certificacion para ser Emisor Electronico, pages 5–23) with the admin's check-offs, the three
 * service URLs to register, the simulation counters (step 4), what was received on the public
 * routes (steps 8–11) and whether production is open (step 15 or "certified elsewhere").
 */

type Row = typeof ecfDocuments.$inferSelect;

/**
 * Whose documents the simulation step counts and prints (`ecf_documents.environment`): in TesteCF
 * the pre-certification documents themselves — a rehearsal the admin can run before the DGII opens
 * the certification (the process PDF, p. 4: "podrá realizar pruebas en el ambiente de
 * pre-certificación"); in CerteCF and afterwards in eCF, the certification's (issue 41).
 */
export function simulationEnvironment(environment: DgiiEcfEnvironment): DgiiEcfEnvironment {
  return environment === 'TesteCF' ? 'TesteCF' : 'CerteCF';
}

/**
 * The three URLs the postulación asks for (process PDF p. 5–6, "URL Recepción", "URL Aprobación",
 * "URL Autenticación"; again in steps 7 and 12). What the admin pastes is the base URL of the
 * portal (`PUBLIC_URL`), the same in the three fields: the DGII's standard fixes the resource names
 * under it (`/fe/recepcion/api/ecf`, `/fe/aprobacioncomercial/api/ecf`,
 * `/fe/autenticacion/api/semilla`) so that taxpayers' services differ only by host, and its
 * directory keeps the *host* of each service ("Descripción Técnica de Facturación Electrónica"
 * v1.6, "Creación y Parametrización de Servicios" and "Consulta Directorio de Servicios":
 * "urlRecepcion: host del servicio de recepción del contribuyente"). The full addresses the DGII
 * then calls are these plus {@link CERTIFICATION_SERVICE_PATHS}.
 */
export function certificationUrls(publicUrl: string): CertificationUrls {
  const base = publicUrl.replace(/\/+$/, '');
  return { reception: base, commercialApproval: base, authentication: base };
}

/** The full address of each service, as the DGII (and the self-test) calls it. */
export function serviceEndpoints(publicUrl: string): CertificationUrls {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    reception: `${base}${CERTIFICATION_SERVICE_PATHS.reception}`,
    commercialApproval: `${base}${CERTIFICATION_SERVICE_PATHS.commercialApproval}`,
    authentication: `${base}${CERTIFICATION_SERVICE_PATHS.authentication}`,
  };
}

/** A simulated document's kind (step 4): E32 split by channel; other types as they are. */
export function simulationKindOf(row: Pick<Row, 'documentType' | 'channel'>): SimulationKind | null {
  if (row.documentType === 'E32') return row.channel === 'rfce' ? 'RFCE' : 'E32_FULL';
  return row.documentType in SIMULATION_TARGETS ? (row.documentType as SimulationKind) : null;
}

/**
 * The simulation documents that count now (step 4): every e-CF signed in the
 * {@link simulationEnvironment} after the latest
 * one the DGII rejected there — a rejection resets the DGII's counters (issue 41; the process PDF,
 * p. 11–12, "Pruebas de Simulación": every document must end Aceptado or Aceptado Condicional) —
 * oldest first, and that rejection: when its document was decided (or signed, if the decision
 * time is missing).
 */
export async function simulationDocuments({
  db,
  environment,
}: {
  db: Db | Tx;
  environment: DgiiEcfEnvironment;
}): Promise<{ rows: Row[]; lastRejectionAt: Date | null }> {
  const rows = await db
    .select()
    .from(ecfDocuments)
    .where(eq(ecfDocuments.environment, simulationEnvironment(environment)))
    .orderBy(ecfDocuments.signedAt, ecfDocuments.createdAt);
  const rejected = rows.filter((r) => r.status === 'rejected').at(-1);
  if (!rejected) return { rows, lastRejectionAt: null };
  return {
    rows: rows.filter((r) => r.signedAt > rejected.signedAt),
    lastRejectionAt: rejected.decidedAt ?? rejected.signedAt,
  };
}

const ACCEPTED: readonly Row['status'][] = ['accepted', 'conditionally_accepted'];
const PENDING: readonly Row['status'][] = ['pending', 'sent'];

/** True for a document the DGII accepted (conditionally or not). */
export const isAccepted = (row: Pick<Row, 'status'>) => ACCEPTED.includes(row.status);

/**
 * The simulation counters (step 4) over {@link simulationDocuments}: per kind of
 * `SIMULATION_TARGETS`, accepted (Aceptado, Aceptado Condicional) and pending (not yet answered);
 * and the E32 under RD$250,000 whose consumo summary was accepted — the DGII received only the
 * summary (RFCE), so their full signed E32 is uploaded by hand on its portal.
 */
export async function simulationCounters({
  db,
  environment,
}: {
  db: Db | Tx;
  environment: DgiiEcfEnvironment;
}): Promise<CertificationOverview['simulation']> {
  const { rows, lastRejectionAt } = await simulationDocuments({ db, environment });
  const counters = (Object.keys(SIMULATION_TARGETS) as SimulationKind[]).map((kind) => {
    const mine = rows.filter((r) => simulationKindOf(r) === kind);
    return {
      kind,
      label: SIMULATION_KIND_LABELS[kind],
      target: SIMULATION_TARGETS[kind],
      accepted: mine.filter(isAccepted).length,
      pending: mine.filter((r) => PENDING.includes(r.status)).length,
    };
  });
  return {
    environment: simulationEnvironment(environment),
    counters,
    lastRejectionAt: lastRejectionAt?.toISOString() ?? null,
    e32ToUpload: rows
      .filter((r) => r.documentType === 'E32' && r.channel === 'rfce' && isAccepted(r))
      .map((r) => ({ encf: r.encf, invoiceId: r.invoiceId, total: r.totalCents / 100 })),
  };
}

/** The 15 steps with the admin's check-offs (who, when, note). */
async function stepStates(db: Db | Tx): Promise<CertificationStepState[]> {
  const rows = await db
    .select({
      step: ecfCertificationSteps.step,
      completedAt: ecfCertificationSteps.completedAt,
      note: ecfCertificationSteps.note,
      by: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(ecfCertificationSteps)
    .leftJoin(users, eq(users.id, ecfCertificationSteps.completedBy));
  const byStep = new Map(rows.map((r) => [r.step, r]));
  return CERTIFICATION_STEPS.map((s) => {
    const done = byStep.get(s.step);
    return {
      step: s.step,
      key: s.key,
      title: s.title,
      mode: s.mode,
      expects: s.expects,
      completedAt: done?.completedAt.toISOString() ?? null,
      completedBy: done?.by ?? null,
      note: done?.note ?? null,
    };
  });
}

/** How many documents received on the public routes the overview lists (steps 9 and 11). */
const RECEIVED_SHOWN = 20;

/**
 * `GET /fiscal/certification`: the wizard's whole state — environment and mode, whether a
 * certificate is loaded, the steps, the URLs to register (from `publicUrl`, {@link
 * certificationUrls}), the simulation counters, the latest e-CF and commercial approvals received,
 * and whether production is open.
 */
export async function getCertificationOverview({
  db,
  config,
  publicUrl,
}: {
  db: Db | Tx;
  config: EcfConfig;
  publicUrl: string;
}): Promise<CertificationOverview> {
  const [received, approvals, settings] = await Promise.all([
    db
      .select({
        encf: ecfReceived.encf,
        issuerRnc: ecfReceived.issuerRnc,
        receivedAt: ecfReceived.receivedAt,
      })
      .from(ecfReceived)
      .orderBy(desc(ecfReceived.receivedAt), desc(ecfReceived.id))
      .limit(RECEIVED_SHOWN),
    db
      .select({
        encf: ecfBuyerApprovals.encf,
        buyerRnc: ecfBuyerApprovals.buyerRnc,
        state: ecfBuyerApprovals.state,
        receivedAt: ecfBuyerApprovals.receivedAt,
      })
      .from(ecfBuyerApprovals)
      .orderBy(desc(ecfBuyerApprovals.receivedAt), desc(ecfBuyerApprovals.id))
      .limit(RECEIVED_SHOWN),
    db.select({ elsewhere: ecfSettings.certifiedElsewhereAt }).from(ecfSettings).where(eq(ecfSettings.id, 1)),
  ]);
  return {
    environment: config.environment,
    ecfMode: await ecfModeOf(db),
    hasCertificate: (await getCertificate(db)) !== null,
    steps: await stepStates(db),
    urls: certificationUrls(publicUrl),
    publicUrlIsHttps: publicUrl.startsWith('https://'),
    simulation: await simulationCounters({ db, environment: config.environment }),
    received: {
      ecf: received.map((r) => ({ ...r, receivedAt: r.receivedAt.toISOString() })),
      approvals: approvals.map((r) => ({ ...r, receivedAt: r.receivedAt.toISOString() })),
    },
    production: {
      certified: await certifiedForProduction(db),
      certifiedElsewhereAt: settings[0]?.elsewhere?.toISOString() ?? null,
    },
  };
}

/** True for a calendar day `YYYY-MM-DD` that exists (not 2026-02-30). */
function isCalendarDay(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/**
 * `PUT /fiscal/certification/steps/{step}` (audited): `completed: true` checks the step off on
 * `completedOn` (the day it was done on the DGII's portal; default today in the Dominican Republic,
 * never in the future → 422) with an optional note — again on a checked step, it replaces date and
 * note; `completed: false` undoes it (the row is deleted). A past day is stored at noon in Santo
 * Domingo (UTC−4), so it reads as the same day in any time zone; today is stored as now.
 */
export async function updateCertificationStep({
  db,
  actor,
  ctx,
  step,
  input,
}: WriteCall & { step: number; input: UpdateCertificationStepRequest }): Promise<void> {
  const definition = CERTIFICATION_STEPS.find((s) => s.step === step)!;
  const meta = { step, title: definition.title };
  if (!input.completed) {
    await db.transaction(async (tx) => {
      const removed = await tx
        .delete(ecfCertificationSteps)
        .where(eq(ecfCertificationSteps.step, step))
        .returning({ step: ecfCertificationSteps.step });
      if (removed.length > 0)
        await audit(tx, ctx, 'fiscal.certification_step_undone', { type: 'settings', id: null }, meta);
    });
    return;
  }
  const today = businessToday();
  const day = input.completedOn ?? today;
  if (!isCalendarDay(day))
    throw unprocessable('La fecha no existe.', [{ field: 'completedOn', message: 'La fecha no existe' }]);
  if (day > today)
    throw unprocessable('La fecha en que se completó el paso no puede ser futura.', [
      { field: 'completedOn', message: 'La fecha no puede ser futura' },
    ]);
  const completedAt = day === today ? new Date() : new Date(`${day}T12:00:00-04:00`);
  const note = input.note ? input.note : null;
  await db.transaction(async (tx) => {
    await tx
      .insert(ecfCertificationSteps)
      .values({ step, completedAt, completedBy: actor.id, note })
      .onConflictDoUpdate({
        target: ecfCertificationSteps.step,
        set: { completedAt, completedBy: actor.id, note, updatedAt: new Date() },
      });
    await audit(
      tx,
      ctx,
      'fiscal.certification_step_completed',
      { type: 'settings', id: null },
      { ...meta, completedOn: day },
    );
  });
}

/**
 * `POST /fiscal/certification/certified-elsewhere` (audited): records that the DGII certified the
 * agency outside the wizard (another software, an earlier postulación), which opens direct
 * emission in production (`updateEcfMode`). The first confirmation's time and author are kept.
 */
export async function confirmCertifiedElsewhere({ db, actor, ctx }: WriteCall): Promise<void> {
  await db.transaction(async (tx) => {
    await ecfModeOf(tx); // makes sure the settings row exists
    const updated = await tx
      .update(ecfSettings)
      .set({ certifiedElsewhereAt: new Date(), certifiedElsewhereBy: actor.id, updatedAt: new Date() })
      .where(and(eq(ecfSettings.id, 1), sql`${ecfSettings.certifiedElsewhereAt} is null`))
      .returning({ id: ecfSettings.id });
    if (updated.length > 0)
      await audit(tx, ctx, 'fiscal.certified_elsewhere', { type: 'settings', id: null });
  });
}

/** How long the self-test waits for each URL. */
export const URL_TEST_TIMEOUT_MS = 5_000;

/** What a network failure reads as, in Spanish. */
function networkFailure(err: unknown): string {
  const e = err as { name?: string; cause?: { code?: string; message?: string }; message?: string };
  if (e.name === 'TimeoutError' || e.name === 'AbortError')
    return `no respondió en ${URL_TEST_TIMEOUT_MS / 1000} segundos`;
  const code = e.cause?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'el nombre del servidor no existe en el DNS';
  if (code === 'ECONNREFUSED') return 'el servidor rechazó la conexión';
  if (
    code?.startsWith('CERT_') ||
    code?.includes('SELF_SIGNED') ||
    code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'
  )
    return 'el certificado HTTPS del servidor no es válido';
  return code ? `error de red (${code})` : 'error de red';
}

/**
 * `POST /fiscal/certification/url-test`: calls each registered service from the server, as the DGII
 * will (5 s each, redirects not followed):
 * - authentication: `GET …/fe/autenticacion/api/semilla` must answer 200 with a `SemillaModel`
 *   (DT v1.6, "Autenticación: Semilla", method GET, XML answer);
 * - reception and commercial approval: `POST …/fe/recepcion/api/ecf` and
 *   `…/fe/aprobacioncomercial/api/ecf` without a token and without a document must answer the
 *   receiver's 401 "token_requerido": the DGII posts there (method POST, DT "Recepción" and
 *   "Aprobación Comercial"), so a POST proves the route and its method are published and reach
 *   the portal, while nothing is received (a GET would only reach the catch-all's 404).
 * `ok` needs that answer over HTTPS: the DGII calls the services over the internet with TLS (DT
 * v1.6, "Estándar de comunicación Emisor-Receptor": REST over public traditional ports; its own
 * services and examples are https), so over http the answer is shown and the test fails with a
 * Spanish note. Never throws for a network failure: its reason is the message.
 */
export async function testServiceUrls({
  publicUrl,
  fetch: fetchFn = fetch,
  timeoutMs = URL_TEST_TIMEOUT_MS,
}: {
  publicUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): Promise<UrlSelfTest[]> {
  const endpoints = serviceEndpoints(publicUrl);
  const https = publicUrl.startsWith('https://');
  const names = ['reception', 'commercialApproval', 'authentication'] as const;
  return Promise.all(
    names.map(async (name): Promise<UrlSelfTest> => {
      const url = endpoints[name];
      const seed = name === 'authentication';
      let status: number | null = null;
      let answered: { ok: boolean; text: string };
      try {
        const res = await fetchFn(url, {
          method: seed ? 'GET' : 'POST',
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
          headers: { accept: seed ? 'application/xml' : 'application/json' },
        });
        status = res.status;
        const body = (await res.text()).slice(0, 4000);
        if (status >= 300 && status < 400) {
          const to = res.headers.get('location');
          answered = {
            ok: false,
            text: `Respondió ${status} y redirige${to ? ` a ${to}` : ''}: la DGII no sigue redirecciones; registra la dirección final.`,
          };
        } else if (seed)
          answered =
            status === 200 && body.includes('<SemillaModel')
              ? {
                  ok: true,
                  text: 'Respondió 200 con la semilla (SemillaModel): la autenticación está publicada.',
                }
              : {
                  ok: false,
                  text: `Respondió ${status} sin la semilla: no es el servicio de autenticación del portal.`,
                };
        else
          answered =
            status === 401 && /token_(requerido|invalido)/.test(body)
              ? {
                  ok: true,
                  text: 'Respondió 401 (falta el token) a un envío sin autenticar: el servicio está publicado.',
                }
              : {
                  ok: false,
                  text: `Respondió ${status}: no es el receptor del portal (sin token debe responder 401).`,
                };
      } catch (err) {
        return {
          name,
          url,
          ok: false,
          status: null,
          message: `No se pudo llamar a ${url}: ${networkFailure(err)}.`,
        };
      }
      if (!https)
        return {
          name,
          url,
          ok: false,
          status,
          message: `La DGII exige HTTPS: configura PUBLIC_URL con una dirección https://. ${answered.text}`,
        };
      return { name, url, ok: answered.ok, status, message: answered.text };
    }),
  );
}
