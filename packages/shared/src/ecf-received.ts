import { z } from 'zod';
import {
  COMMERCIAL_APPROVAL_STATUSES,
  DGII_ECF_ENVIRONMENTS,
  DgiiMessageSchema,
  RECEIVED_ECF_VERIFICATIONS,
} from './ecf.js';
import { pageQueryFields, pageResponseSchema } from './pagination.js';

/*
 * Receiving e-CF (issue 26, "Receiving"): the DGII certifies an e-CF issuer only if it also
 * receives e-CF from its suppliers ("Descripción Técnica de Facturación Electrónica", section
 * "Estándar de comunicación Emisor-Receptor"). The public receiver answers the supplier with a
 * signed acknowledgement (ARECF); the admin then approves or rejects the document commercially
 * (ACECF).
 */

/**
 * The ARECF's `Estado` ("Formato Acuse de Recibo" v1.0, field 5): 0 "e-CF Recibido",
 * 1 "e-CF No Recibido".
 */
export const ARECF_STATES = { received: 0, notReceived: 1 } as const;
export type ArecfState = (typeof ARECF_STATES)[keyof typeof ARECF_STATES];

/**
 * The ARECF's `CodigoMotivoNoRecibido` when `Estado` is 1 ("Formato Acuse de Recibo" v1.0,
 * field 6; ARECF.xsd `CodigoMotivoNoRecibidoType`).
 */
export const ECF_NOT_RECEIVED_REASONS = {
  specification: 1,
  signature: 2,
  duplicate: 3,
  buyerMismatch: 4,
} as const;
export type EcfNotReceivedReason = (typeof ECF_NOT_RECEIVED_REASONS)[keyof typeof ECF_NOT_RECEIVED_REASONS];
/** The DGII's names of the not-received reasons, in Spanish as the format names them. */
export const ECF_NOT_RECEIVED_REASON_LABELS: Record<EcfNotReceivedReason, string> = {
  1: 'Error de especificación',
  2: 'Error de firma digital',
  3: 'Envío duplicado',
  4: 'RNC comprador no corresponde',
};

/** The ACECF's `Estado` ("Formato Aprobación Comercial" v1.0, field 7): 1 accepted, 2 rejected. */
export const ACECF_STATES = { approved: 1, rejected: 2 } as const;
/** `DetalleMotivoRechazo` holds at most 250 characters (ACECF.xsd `AlfaNum250Validation`). */
export const COMMERCIAL_REJECTION_REASON_MAX = 250;

export const CommercialApprovalStatusSchema = z.enum(COMMERCIAL_APPROVAL_STATUSES, {
  error: 'Estado de aprobación inválido: use "pending", "approved" o "rejected"',
});

/**
 * `GET /fiscal/received` query (admin): optional `approvalStatus` plus the shared `page`/`limit`
 * (20 per page by default). Newest received first, ties broken on id.
 */
export const ListReceivedEcfQuerySchema = z.object({
  approvalStatus: CommercialApprovalStatusSchema.optional(),
  ...pageQueryFields(),
});
export type ListReceivedEcfQuery = z.input<typeof ListReceivedEcfQuerySchema>;

/**
 * A received e-CF as the admin list shows it. `issueDate` is the e-CF's `FechaEmision` as a
 * calendar day (`YYYY-MM-DD`); amounts in cents (`MontoTotal`, `TotalITBIS`); instants ISO.
 */
export const ReceivedEcfSchema = z.object({
  _id: z.uuid(),
  issuerRnc: z.string(),
  issuerName: z.string(),
  buyerRnc: z.string(),
  encf: z.string(),
  documentType: z.string(),
  issueDate: z.string(),
  totalCents: z.number().int(),
  taxCents: z.number().int(),
  approvalStatus: CommercialApprovalStatusSchema,
  approvalReason: z.string().nullable(),
  approvalSentAt: z.string().nullable(),
  receivedAt: z.string(),
  /** Whether the DGII confirmed it (decision 161): "por verificar" until then. */
  verification: z.enum(RECEIVED_ECF_VERIFICATIONS),
  /** Why it is not (yet) verified, in Spanish; null when verified or never asked. */
  verificationMessage: z.string().nullable(),
  verifiedAt: z.string().nullable(),
});
export type ReceivedEcf = z.infer<typeof ReceivedEcfSchema>;

/**
 * One received e-CF with what was answered: the signed ARECF, the signed ACECF once the admin
 * answered (null before), the DGII's messages about the ACECF, and who answered.
 */
export const ReceivedEcfDetailSchema = ReceivedEcfSchema.extend({
  acknowledgementXml: z.string(),
  approvalXml: z.string().nullable(),
  approvalMessages: z.array(DgiiMessageSchema),
  approvedBy: z.uuid().nullable(),
});
export type ReceivedEcfDetail = z.infer<typeof ReceivedEcfDetailSchema>;

/**
 * How the public receiver trusts senders (decision 161): the DGII environment, and whether a
 * signer's certificate must chain to an authority the DGII accepts (production only) and how
 * many are configured. TesteCF and CerteCF accept any valid signature: the screen says so.
 */
export const ReceiverTrustSchema = z.object({
  environment: z.enum(DGII_ECF_ENVIRONMENTS),
  certificatesChecked: z.boolean(),
  trustedAuthorities: z.number().int(),
});
export type ReceiverTrustInfo = z.infer<typeof ReceiverTrustSchema>;

/** `GET /fiscal/received` → `data`: one page, and the receiver's trust. */
export const ListReceivedEcfResponseSchema = pageResponseSchema('documents', ReceivedEcfSchema).extend({
  receiver: ReceiverTrustSchema,
});
export type ListReceivedEcfResponse = z.infer<typeof ListReceivedEcfResponseSchema>;

/** `GET /fiscal/received/{id}` and `POST /fiscal/received/{id}/approval` → `data`. */
export const GetReceivedEcfResponseSchema = z.object({ document: ReceivedEcfDetailSchema });
export type GetReceivedEcfResponse = z.infer<typeof GetReceivedEcfResponseSchema>;

/**
 * `POST /fiscal/received/{id}/approval` (admin): approve or reject a received e-CF commercially
 * (ACECF). `reason` (≤ 250 characters) is required when rejecting and ignored when approving.
 */
export const CommercialApprovalRequestSchema = z
  .object({
    approved: z.boolean({ error: 'Indica si apruebas o rechazas el comprobante' }),
    reason: z
      .string({ error: 'El motivo debe ser texto' })
      .trim()
      .max(
        COMMERCIAL_REJECTION_REASON_MAX,
        `El motivo admite como máximo ${COMMERCIAL_REJECTION_REASON_MAX} caracteres`,
      )
      .optional(),
  })
  .refine((v) => v.approved || (v.reason ?? '').length > 0, {
    message: 'Indica el motivo del rechazo',
    path: ['reason'],
  });
export type CommercialApprovalRequest = z.input<typeof CommercialApprovalRequestSchema>;

/**
 * The public receiver's token answer (`POST /fe/autenticacion/api/validacioncertificado`), the
 * shape of the DGII's own authentication service: `expira`/`expedido` as universal date-times
 * (`yyyy-MM-ddTHH:mm:ssZ`).
 */
export const EcfReceiverTokenSchema = z.object({
  token: z.string(),
  expira: z.string(),
  expedido: z.string(),
});
export type EcfReceiverToken = z.infer<typeof EcfReceiverTokenSchema>;

/**
 * The public receiver's error answer (4xx/503): a machine-readable `error` and a Spanish
 * `mensaje`, after the `error`/`mensaje` fields of the DGII's reception answer.
 */
export const EcfReceiverErrorSchema = z.object({ error: z.string(), mensaje: z.string() });
export type EcfReceiverError = z.infer<typeof EcfReceiverErrorSchema>;

/** The public receiver's answer to a buyer's ACECF (`POST /fe/aprobacioncomercial/api/ecf`). */
export const EcfBuyerApprovalAnswerSchema = z.object({ estado: z.string(), mensaje: z.string() });
export type EcfBuyerApprovalAnswer = z.infer<typeof EcfBuyerApprovalAnswerSchema>;
