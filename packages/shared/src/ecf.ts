import { z } from 'zod';

/*
 * Direct e-CF emission (issue 26): the portal as its own e-CF issuer ("sistema propio" in the
 * DGII's words), besides the provider mode where the admin types the provider's security code.
 */

/** `provider`: an outside system signs and sends; `direct`: the portal does (issue 26). */
export const ECF_MODES = ['provider', 'direct'] as const;
export const EcfModeSchema = z.enum(ECF_MODES, { error: 'Modo de facturación electrónica inválido' });
export type EcfMode = z.infer<typeof EcfModeSchema>;
export const ECF_MODE_LABELS: Record<EcfMode, string> = {
  provider: 'Proveedor externo (registro el código de seguridad)',
  direct: 'Emisión directa desde el portal',
};

/**
 * The DGII's e-CF environments (Informe Técnico e-CF v1.0, "Ambientes"): pre-certification tests,
 * certification, and production. They name the path under `https://ecf.dgii.gov.do/{env}`.
 */
export const DGII_ECF_ENVIRONMENTS = ['TesteCF', 'CerteCF', 'eCF'] as const;
export const DgiiEcfEnvironmentSchema = z.enum(DGII_ECF_ENVIRONMENTS);
export type DgiiEcfEnvironment = z.infer<typeof DgiiEcfEnvironmentSchema>;
export const DGII_ECF_ENVIRONMENT_LABELS: Record<DgiiEcfEnvironment, string> = {
  TesteCF: 'Pruebas (TesteCF)',
  CerteCF: 'Certificación (CerteCF)',
  eCF: 'Producción (eCF)',
};

/**
 * Where an e-CF stands with the DGII. `pending`: signed and stored, not yet received by the DGII;
 * `sent`: received (it has a trackId), result not known; then the DGII's answer (consulta de
 * resultado: Aceptado, Aceptado Condicional, Rechazado).
 */
export const ECF_STATUSES = ['pending', 'sent', 'accepted', 'conditionally_accepted', 'rejected'] as const;
export const EcfStatusSchema = z.enum(ECF_STATUSES, { error: 'Estado de e-CF inválido' });
export type EcfStatus = z.infer<typeof EcfStatusSchema>;
export const ECF_STATUS_LABELS: Record<EcfStatus, string> = {
  pending: 'Pendiente',
  sent: 'Enviado',
  accepted: 'Aceptado',
  conditionally_accepted: 'Aceptado condicional',
  rejected: 'Rechazado',
};
/** Statuses the DGII will not change any more. */
export const FINAL_ECF_STATUSES: readonly EcfStatus[] = ['accepted', 'conditionally_accepted', 'rejected'];

/** How a document reaches the DGII: the full e-CF (reception service) or the consumo summary (FC). */
export const ECF_CHANNELS = ['ecf', 'rfce'] as const;
export type EcfChannel = (typeof ECF_CHANNELS)[number];

/** One message of the DGII's answer (`mensajes: [{codigo, valor}]`). */
export const DgiiMessageSchema = z.object({ code: z.string(), message: z.string() });
export type DgiiMessage = z.infer<typeof DgiiMessageSchema>;

/** `GET /fiscal/settings` (admin). The environment and URLs come from configuration (read-only). */
export const FiscalEcfSettingsSchema = z.object({
  ecfMode: EcfModeSchema,
  environment: DgiiEcfEnvironmentSchema,
  ecfBaseUrl: z.string(),
  fcBaseUrl: z.string(),
  hasCertificate: z.boolean(),
});
export type FiscalEcfSettings = z.infer<typeof FiscalEcfSettingsSchema>;
export const GetFiscalEcfSettingsResponseSchema = z.object({ settings: FiscalEcfSettingsSchema });

/** `PUT /fiscal/settings` (admin): `direct` needs a loaded, valid certificate (409 otherwise). */
export const UpdateFiscalEcfSettingsRequestSchema = z.object({ ecfMode: EcfModeSchema });
export type UpdateFiscalEcfSettingsRequest = z.input<typeof UpdateFiscalEcfSettingsRequestSchema>;

/** The loaded certificate as admins see it: never the key. Dates are ISO instants. */
export const EcfCertificateSchema = z.object({
  subject: z.string(),
  serialNumber: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  uploadedAt: z.string(),
});
export type EcfCertificate = z.infer<typeof EcfCertificateSchema>;
export const GetEcfCertificateResponseSchema = z.object({ certificate: EcfCertificateSchema.nullable() });
export const UploadEcfCertificateResponseSchema = z.object({ certificate: EcfCertificateSchema });

/** `POST /fiscal/connection-test`: whether the DGII authenticated the portal with the certificate. */
export const EcfConnectionTestSchema = z.object({
  ok: z.boolean(),
  environment: DgiiEcfEnvironmentSchema,
  message: z.string(),
  tokenExpiresAt: z.string().nullable(),
});
export type EcfConnectionTest = z.infer<typeof EcfConnectionTestSchema>;
export const EcfConnectionTestResponseSchema = z.object({ result: EcfConnectionTestSchema });

/** A document's e-CF as the invoice screen shows it (issue 26, "Invoice detail"). */
export const EcfSubmissionSchema = z.object({
  encf: z.string(),
  status: EcfStatusSchema,
  channel: z.enum(ECF_CHANNELS),
  securityCode: z.string(),
  signedAt: z.string(),
  trackId: z.string().nullable(),
  messages: z.array(DgiiMessageSchema),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type EcfSubmission = z.infer<typeof EcfSubmissionSchema>;
export const GetEcfSubmissionResponseSchema = z.object({ submission: EcfSubmissionSchema.nullable() });

/** A received e-CF's commercial approval (ACECF): pending until the admin answers. */
/**
 * Whether the DGII confirmed a received e-CF (issue 43, decision 161): `pending` ("por
 * verificar") until the DGII's consulta de estado answers; `verified` once it confirms it
 * (Aceptado or Aceptado Condicional, with the same amount) — only then is it a purchase draft and
 * does it block another document with its e-NCF; `rejected` when the DGII answers it Rechazado;
 * `unconfirmed` when the DGII never found it, or found other data, or another document with the
 * same e-NCF was confirmed.
 */
export const RECEIVED_ECF_VERIFICATIONS = ['pending', 'verified', 'rejected', 'unconfirmed'] as const;
export type ReceivedEcfVerification = (typeof RECEIVED_ECF_VERIFICATIONS)[number];
export const RECEIVED_ECF_VERIFICATION_LABELS: Record<ReceivedEcfVerification, string> = {
  pending: 'Por verificar',
  verified: 'Verificado por la DGII',
  rejected: 'Rechazado por la DGII',
  unconfirmed: 'No confirmado por la DGII',
};

export const COMMERCIAL_APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CommercialApprovalStatus = (typeof COMMERCIAL_APPROVAL_STATUSES)[number];
export const COMMERCIAL_APPROVAL_LABELS: Record<CommercialApprovalStatus, string> = {
  pending: 'Pendiente',
  approved: 'Aprobado',
  rejected: 'Rechazado',
};

/**
 * `GET /fiscal/ecf-alerts` (admin): what the dashboard warns about (issue 26): e-CF the DGII
 * rejected and not yet replaced, e-CF still pending or sent more than an hour after signing, and
 * the certificate's expiry (ISO instant, null without certificate).
 */
export const EcfAlertsSchema = z.object({
  ecfMode: EcfModeSchema,
  rejected: z.number().int(),
  stalePending: z.number().int(),
  certificateValidTo: z.string().nullable(),
});
export type EcfAlerts = z.infer<typeof EcfAlertsSchema>;
export const GetEcfAlertsResponseSchema = z.object({ alerts: EcfAlertsSchema });
