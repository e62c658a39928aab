import type {
  DgiiEcfEnvironment,
  EcfCertificate,
  EcfConnectionTest,
  EcfMode,
  FiscalEcfSettings,
} from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { EcfConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { ecfCertificationSteps, ecfSettings } from '../../db/schema/index.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { type Effects, effects } from '../../lib/effects.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { createNotifications } from '../../lib/notify.js';
import { openSealed as open, seal } from '../../lib/sealed.js';
import { DgiiClient, DgiiError } from './dgii-client.js';
import { CertificateError, parsePkcs12 } from './ecf-certificate.js';
import type { SigningKey } from './ecf-signature.js';

/*
 * The e-CF set-up (issue 26): mode, certificate (sealed), and the DGII token cache. The sealed
 * values are "e1.<iv>.<tag>.<data>" (AES-256-GCM, base64url parts) with the configured key
 * (`ECF_ENCRYPTION_KEY` or `DATA_DIR/ecf-key`, decision 136; `lib/sealed.ts`); nothing sealed is
 * ever returned or logged.
 */

type Row = typeof ecfSettings.$inferSelect;

async function row(db: Db | Tx): Promise<Row> {
  const [found] = await db.select().from(ecfSettings).where(eq(ecfSettings.id, 1)).limit(1);
  if (found) return found;
  // Migration 0015 inserts the row; a database restored from before it gets it here.
  const [created] = await db.insert(ecfSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? (await row(db));
}

/** The certificate summary admins see, or null when none is loaded. */
export function certificateSummaryOf(r: Row): EcfCertificate | null {
  if (!r.certificateSealed || !r.certificateValidTo || !r.certificateValidFrom || !r.certificateUploadedAt)
    return null;
  return {
    subject: r.certificateSubject ?? '',
    serialNumber: r.certificateSerial ?? '',
    validFrom: r.certificateValidFrom.toISOString(),
    validTo: r.certificateValidTo.toISOString(),
    uploadedAt: r.certificateUploadedAt.toISOString(),
  };
}

/** `GET /fiscal/settings`: the mode, and the environment and URLs from configuration. */
export async function getEcfSettings({
  db,
  config,
}: {
  db: Db | Tx;
  config: EcfConfig;
}): Promise<FiscalEcfSettings> {
  const r = await row(db);
  return {
    ecfMode: r.ecfMode,
    environment: config.environment,
    ecfBaseUrl: config.ecfBaseUrl,
    fcBaseUrl: config.fcBaseUrl,
    hasCertificate: certificateSummaryOf(r) !== null,
  };
}

/** The current mode (`provider` until an admin switches). */
export async function ecfModeOf(db: Db | Tx): Promise<EcfMode> {
  return (await row(db)).ecfMode;
}

/**
 * Whether the agency may issue directly in production (issue 41, decision 159): the certification
 * wizard's last step ("Finalizado", 15) is checked off, or an admin confirmed the agency was
 * certified by the DGII outside the wizard (`certifiedElsewhereAt`).
 */
export async function certifiedForProduction(db: Db | Tx): Promise<boolean> {
  const r = await row(db);
  if (r.certifiedElsewhereAt) return true;
  const [finished] = await db
    .select({ step: ecfCertificationSteps.step })
    .from(ecfCertificationSteps)
    .where(eq(ecfCertificationSteps.step, 15))
    .limit(1);
  return Boolean(finished);
}

/** Why `direct` is refused in production before the DGII certified the agency (decision 159). */
export const NOT_CERTIFIED_FOR_PRODUCTION =
  'La DGII aún no ha certificado a la empresa como emisor electrónico: completa el asistente de certificación (Configuración → Fiscal → Certificación DGII) hasta el paso 15 «Finalizado», o confirma allí que la empresa ya fue certificada, antes de activar la emisión directa en producción (eCF).';

/**
 * `PUT /fiscal/settings`: switches the mode (audited). `direct` needs a loaded certificate that has
 * not expired → 409 otherwise, in Spanish; in production (`environment` eCF) it also needs the
 * DGII's certification ({@link certifiedForProduction}) → 409 naming the wizard (decision 159).
 * TesteCF and CerteCF are the certification's own environments: no such check there.
 */
export async function updateEcfMode({
  db,
  ctx,
  mode,
  environment,
}: {
  db: Db;
  ctx: AuditContext;
  mode: EcfMode;
  /** DGII_ECF_ENV. */
  environment: DgiiEcfEnvironment;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const r = await row(tx);
    if (mode === 'direct') {
      const summary = certificateSummaryOf(r);
      if (!summary)
        throw conflict('Carga el certificado digital (.p12) antes de activar la emisión directa.');
      if (new Date(summary.validTo) <= new Date())
        throw conflict(
          'El certificado digital venció: carga uno vigente antes de activar la emisión directa.',
        );
      if (environment === 'eCF' && r.ecfMode !== 'direct' && !(await certifiedForProduction(tx)))
        throw conflict(NOT_CERTIFIED_FOR_PRODUCTION);
    }
    if (r.ecfMode === mode) return;
    await tx.update(ecfSettings).set({ ecfMode: mode, updatedAt: new Date() }).where(eq(ecfSettings.id, 1));
    await audit(
      tx,
      ctx,
      'fiscal.ecf_mode_changed',
      { type: 'settings', id: null },
      { from: r.ecfMode, to: mode },
    );
  });
}

/** `GET /fiscal/certificate`. */
export async function getCertificate(db: Db | Tx): Promise<EcfCertificate | null> {
  return certificateSummaryOf(await row(db));
}

/**
 * `POST /fiscal/certificate`: reads the PKCS#12 with its password ({@link parsePkcs12}), seals the
 * key, certificate and password together, replaces the previous certificate (and the DGII token,
 * which belonged to it) and audits the change (subject and serial only). 400 in Spanish for a
 * wrong password, a file that is not a PKCS#12 with a private key, or a certificate out of its
 * validity.
 */
export async function saveCertificate({
  db,
  ctx,
  config,
  file,
  password,
}: {
  db: Db;
  ctx: AuditContext;
  config: EcfConfig;
  file: Buffer;
  password: string;
}): Promise<EcfCertificate> {
  let parsed: ReturnType<typeof parsePkcs12>;
  try {
    parsed = parsePkcs12(file, password);
  } catch (err) {
    if (err instanceof CertificateError)
      throw badRequest(err.message, [{ field: 'file', message: err.message }]);
    throw err;
  }
  const sealed = seal(
    config.encryptionKey,
    JSON.stringify({ privateKeyPem: parsed.privateKeyPem, certificatePem: parsed.certificatePem, password }),
  );
  const now = new Date();
  return db.transaction(async (tx) => {
    await row(tx);
    const [saved] = await tx
      .update(ecfSettings)
      .set({
        certificateSealed: sealed,
        certificateSubject: parsed.summary.subject,
        certificateSerial: parsed.summary.serialNumber,
        certificateValidFrom: new Date(parsed.summary.validFrom),
        certificateValidTo: new Date(parsed.summary.validTo),
        certificateUploadedAt: now,
        certificateUploadedBy: ctx.actorId,
        certificateWarned: null,
        tokenSealed: null,
        tokenExpiresAt: null,
        updatedAt: now,
      })
      .where(eq(ecfSettings.id, 1))
      .returning();
    await audit(
      tx,
      ctx,
      'fiscal.certificate_uploaded',
      { type: 'settings', id: null },
      {
        subject: parsed.summary.subject,
        serialNumber: parsed.summary.serialNumber,
        validTo: parsed.summary.validTo,
      },
    );
    return certificateSummaryOf(saved!)!;
  });
}

/**
 * The signing key of the loaded certificate, or null when none is loaded. Throws when the sealed
 * value cannot be opened (another `ECF_ENCRYPTION_KEY`): the caller reports it, nothing is signed.
 */
export async function loadSigningKey({
  db,
  config,
}: {
  db: Db | Tx;
  config: EcfConfig;
}): Promise<SigningKey | null> {
  const r = await row(db);
  if (!r.certificateSealed) return null;
  const { privateKeyPem, certificatePem } = JSON.parse(
    open(config.encryptionKey, r.certificateSealed),
  ) as SigningKey;
  return { privateKeyPem, certificatePem };
}

/** The DGII session token shared by every process, or null when absent or expiring within a minute. */
export async function cachedDgiiToken({
  db,
  config,
}: {
  db: Db | Tx;
  config: EcfConfig;
}): Promise<{ token: string; expiresAt: Date } | null> {
  const r = await row(db);
  if (!r.tokenSealed || !r.tokenExpiresAt || r.tokenExpiresAt.getTime() - Date.now() < 60_000) return null;
  try {
    return { token: open(config.encryptionKey, r.tokenSealed), expiresAt: r.tokenExpiresAt };
  } catch {
    return null;
  }
}

/** Keeps the DGII session token (sealed) until `expiresAt`; null clears it (a 401 from the DGII). */
export async function storeDgiiToken({
  db,
  config,
  token,
}: {
  db: Db | Tx;
  config: EcfConfig;
  token: { token: string; expiresAt: Date } | null;
}): Promise<void> {
  await db
    .update(ecfSettings)
    .set({
      tokenSealed: token ? seal(config.encryptionKey, token.token) : null,
      tokenExpiresAt: token?.expiresAt ?? null,
      updatedAt: new Date(),
    })
    .where(eq(ecfSettings.id, 1));
}

/**
 * `POST /fiscal/connection-test` ("Probar conexión"): authenticates with the DGII's seed flow with
 * the loaded certificate, always afresh (the cached token is replaced on success), and answers
 * whether it worked with a Spanish message. Never throws for the DGII's own failures (they are the
 * answer); 409 when no certificate is loaded. Audited with the outcome.
 */
export async function testDgiiConnection({
  db,
  ctx,
  config,
  options = {},
}: {
  db: Db;
  ctx: AuditContext;
  config: EcfConfig;
  options?: { fetch?: typeof fetch; timeoutMs?: number };
}): Promise<EcfConnectionTest> {
  const key = await loadSigningKey({ db, config });
  if (!key) throw conflict('Carga el certificado digital (.p12) antes de probar la conexión con la DGII.');
  const client = new DgiiClient({
    ecfBaseUrl: config.ecfBaseUrl,
    fcBaseUrl: config.fcBaseUrl,
    key,
    tokenStore: { get: async () => null, set: (t) => storeDgiiToken({ db, config, token: t }) },
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? 15_000,
  });
  let result: EcfConnectionTest;
  try {
    const token = await client.authenticate();
    result = {
      ok: true,
      environment: config.environment,
      message: `Conexión correcta: la DGII autenticó el certificado en el ambiente ${config.environment}.`,
      tokenExpiresAt: token.expiresAt.toISOString(),
    };
  } catch (err) {
    const reason =
      err instanceof DgiiError
        ? err.kind === 'unavailable'
          ? 'La DGII no respondió. Inténtalo de nuevo en unos minutos.'
          : `La DGII no aceptó el certificado: ${[err.message, ...err.messages.map((m) => m.message)].join(' ')}`
        : 'No se pudo completar la autenticación con la DGII.';
    result = { ok: false, environment: config.environment, message: reason, tokenExpiresAt: null };
  }
  await audit(db, ctx, 'fiscal.dgii_connection_tested', { type: 'settings', id: null }, { ok: result.ok });
  return result;
}

/**
 * The DGII's aprobación comercial service as the receiver module needs it (issue 26, "Receiving":
 * an admin's ACECF goes to the DGII): posts the signed ACECF with the shared token and answers the
 * DGII's messages plus its state. Throws `DgiiError` (the caller stores it as a message).
 */
export function commercialApprovalSender({
  db,
  config,
  options = {},
}: {
  db: Db;
  config: EcfConfig;
  options?: { fetch?: typeof fetch };
}) {
  return async (signedXml: string, fileName: string) => {
    const key = await loadSigningKey({ db, config });
    if (!key) throw conflict('Carga el certificado digital (.p12) para enviar la aprobación comercial.');
    const client = new DgiiClient({
      ecfBaseUrl: config.ecfBaseUrl,
      fcBaseUrl: config.fcBaseUrl,
      key,
      tokenStore: {
        get: () => cachedDgiiToken({ db, config }),
        set: (t) => storeDgiiToken({ db, config, token: t }),
      },
      fetch: options.fetch,
    });
    const answer = await client.sendCommercialApproval(signedXml, fileName);
    const state = answer.state ? [{ code: answer.code ?? '', message: answer.state }] : [];
    return { messages: [...state, ...answer.messages] };
  };
}

/** Days before the certificate's expiry when admins are first told (issue 26). */
export const CERTIFICATE_WARNING_DAYS = 30;

/**
 * The daily certificate check (job `ecf-certificate`, issue 26): tells the admins (stored, live,
 * e-mail) once when the loaded certificate has 30 days or less left, and once more when it has
 * expired; `certificateWarned` remembers which went out (a new certificate clears it). Answers the
 * effects to push and a Spanish one-line summary.
 */
export async function warnCertificateExpiry({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<{ effects: Effects; summary: string }> {
  return db.transaction(async (tx) => {
    const r = await row(tx);
    const summary = certificateSummaryOf(r);
    if (!summary) return { effects: effects(), summary: 'Sin certificado cargado' };
    const validTo = new Date(summary.validTo);
    const expired = validTo <= now;
    const soon = validTo.getTime() - now.getTime() <= CERTIFICATE_WARNING_DAYS * 86_400_000;
    const stage = expired ? 'expired' : soon ? '30d' : null;
    if (!stage || r.certificateWarned === stage || (stage === '30d' && r.certificateWarned === 'expired'))
      return { effects: effects(), summary: stage ? 'Aviso ya enviado' : 'Certificado vigente' };
    await tx
      .update(ecfSettings)
      .set({ certificateWarned: stage, updatedAt: new Date() })
      .where(eq(ecfSettings.id, 1));
    const day = summary.validTo.slice(0, 10).split('-').reverse().join('/');
    const stored = await createNotifications(tx, {
      roles: ['admin'],
      topic: 'system',
      title: expired ? 'El certificado digital venció' : 'El certificado digital vence pronto',
      message: expired
        ? `El certificado de facturación electrónica venció el ${day}: el portal no puede firmar e-CF. Carga uno vigente en Configuración → Fiscal.`
        : `El certificado de facturación electrónica vence el ${day}. Renuévalo y cárgalo en Configuración → Fiscal antes de esa fecha.`,
      link: '/settings?tab=fiscal',
    });
    return {
      effects: effects({ notifications: stored }),
      summary: expired ? 'Aviso de vencimiento enviado' : 'Aviso de 30 días enviado',
    };
  });
}
