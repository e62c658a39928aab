import { z } from 'zod';
import { blankAsUndefined, nullableText } from './fields.js';
import { CURRENCIES } from './money.js';
import { pageQueryFields, pageResponseSchema } from './pagination.js';
import { MoneyAmountSchema } from './projects.js';
import { ServiceIdSchema } from './quote-requests.js';
import { RecurringFrequencySchema } from './recurring-invoices.js';
import { isoDateSchema } from './text.js';
import { emailSchema, isValidCedula, isValidRnc } from './validators.js';

/*
 * Proposals and contracts signed in the portal (issue 47, decision 171): document templates with
 * merge fields, the documents themselves (one shape, `kind` proposal | contract), the public
 * signing page (link without sign-in), the one-time code, signature, decline, the agency's
 * countersignature, the verification of a signed PDF and the conversion of a signed proposal into
 * a project, a retainer (iguala) or a first invoice. Money in major units (1500.5), stored in
 * centavos. Every instant is ISO 8601 UTC; `signedAtLocal` is the same instant in
 * America/Santo_Domingo.
 */

/** The two kinds of signable documents. */
export const DOCUMENT_KINDS = ['proposal', 'contract'] as const;
export const DocumentKindSchema = z.enum(DOCUMENT_KINDS, { error: 'Tipo de documento inválido' });
export type DocumentKind = z.infer<typeof DocumentKindSchema>;
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  proposal: 'Propuesta',
  contract: 'Contrato',
};
/** Number prefixes: "PRO-0007", "CON-0003". */
export const DOCUMENT_NUMBER_PREFIX: Record<DocumentKind, string> = { proposal: 'PRO', contract: 'CON' };

/**
 * Merge fields a template body may hold as `{{name}}`, with the Spanish description the editor
 * shows. Values are escaped when merged: what a user typed can never add Markdown or HTML.
 * An unknown `{{field}}` is left as typed (and reported by `unknownMergeFields`).
 */
export const MERGE_FIELDS = {
  'cliente.nombre': 'Nombre o razón social del cliente (o del contacto del prospecto)',
  'cliente.rnc': 'RNC o cédula del cliente',
  'cliente.email': 'Correo del cliente',
  'cliente.telefono': 'Teléfono del cliente',
  'cliente.direccion': 'Dirección del cliente',
  'cliente.empresa': 'Empresa del prospecto o del cliente',
  'proyecto.nombre': 'Título del documento (nombre del proyecto propuesto)',
  total: 'Total de la tabla de precios, con su moneda (RD$ 45,000.00)',
  moneda: 'Moneda de la tabla de precios (DOP, USD, EUR)',
  fecha: 'Fecha de emisión, larga ("24 de noviembre de 2026")',
  'documento.numero': 'Número del documento (PRO-0007, CON-0003)',
  'documento.version': 'Versión del documento (1, 2, …)',
  'empresa.nombre': 'Nombre de la agencia',
  'empresa.rnc': 'RNC de la agencia',
  'empresa.email': 'Correo de la agencia',
  'empresa.telefono': 'Teléfono de la agencia',
} as const satisfies Record<string, string>;
export type MergeField = keyof typeof MERGE_FIELDS;
export const MERGE_FIELD_NAMES = Object.keys(MERGE_FIELDS) as MergeField[];

/** `{{ name }}` in a body (spaces inside the braces allowed). */
export const MERGE_FIELD_RE = /\{\{\s*([a-z_.]+)\s*\}\}/g;

/** The `{{fields}}` of `body` that are not in {@link MERGE_FIELDS} (the editor warns about them). */
export function unknownMergeFields(body: string): string[] {
  const found = new Set<string>();
  for (const m of body.matchAll(MERGE_FIELD_RE)) if (!(m[1]! in MERGE_FIELDS)) found.add(m[1]!);
  return [...found];
}

/** Maximum body length of a template or a document (Markdown characters). */
export const DOCUMENT_BODY_MAX = 100_000;

const bodyField = z
  .string({ error: 'El contenido es requerido' })
  .max(DOCUMENT_BODY_MAX, `Máximo ${DOCUMENT_BODY_MAX} caracteres`);
const titleField = z
  .string({ error: 'El título es requerido' })
  .trim()
  .min(1, 'El título es requerido')
  .max(200, 'Máximo 200 caracteres');

// --- Price table ---

/**
 * One line of a price table, from the services catalogue (`serviceId`, optional) or typed.
 * `unitPrice` major units of `currency`; `milestone`: the project milestone this line becomes
 * when the proposal turns into a project (lines with the same name make one milestone).
 */
export const DocumentItemSchema = z.object({
  description: z.string(),
  serviceId: ServiceIdSchema.nullable(),
  quantity: z.number(),
  unitPrice: z.number(),
  currency: z.enum(CURRENCIES),
  milestone: z.string().nullable(),
  /** quantity × unitPrice, major units. */
  total: z.number(),
});
export type DocumentItem = z.infer<typeof DocumentItemSchema>;

/** A price table line as typed. */
export const DocumentItemInputSchema = z.object({
  description: z
    .string({ error: 'La descripción es requerida' })
    .trim()
    .min(1, 'La descripción es requerida')
    .max(500, 'Máximo 500 caracteres'),
  serviceId: ServiceIdSchema.nullish().transform((v) => v ?? null),
  quantity: z
    .number({ error: 'Cantidad inválida' })
    .positive('La cantidad debe ser mayor que cero')
    .max(100_000, 'Cantidad demasiado grande')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Máximo dos decimales'),
  unitPrice: MoneyAmountSchema,
  currency: z.enum(CURRENCIES, { error: 'Moneda inválida (DOP, USD o EUR)' }).default('DOP'),
  milestone: nullableText(200),
});
export type DocumentItemInput = z.input<typeof DocumentItemInputSchema>;
/** A whole price table: at most 100 lines, all in one currency. */
export const DocumentItemsInputSchema = z
  .array(DocumentItemInputSchema)
  .max(100, 'Máximo 100 líneas')
  .refine((items) => new Set(items.map((i) => i.currency)).size <= 1, {
    message: 'Todas las líneas deben estar en la misma moneda',
  });

// --- Templates (Configuración → Plantillas, admin) ---

/** A document template. `body`: Markdown with merge fields. */
export const DocumentTemplateSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  kind: DocumentKindSchema,
  body: z.string(),
  /** True: an admin countersigns after the client signs; false: the client's signature completes it. */
  requiresCountersign: z.boolean(),
  /** Price table lines the template starts a document with. */
  items: z.array(DocumentItemSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocumentTemplate = z.infer<typeof DocumentTemplateSchema>;

/** `POST /document-templates` (admin). */
export const CreateDocumentTemplateRequestSchema = z.object({
  name: z
    .string({ error: 'El nombre es requerido' })
    .trim()
    .min(1, 'El nombre es requerido')
    .max(120, 'Máximo 120 caracteres'),
  kind: DocumentKindSchema,
  body: bodyField.trim().min(1, 'El contenido es requerido'),
  requiresCountersign: z.boolean().default(true),
  items: DocumentItemsInputSchema.default([]),
});
export type CreateDocumentTemplateRequest = z.input<typeof CreateDocumentTemplateRequestSchema>;
/** `PUT /document-templates/{id}` (admin): any subset. Documents already created keep their copy. */
export const UpdateDocumentTemplateRequestSchema = z
  .object({
    name: CreateDocumentTemplateRequestSchema.shape.name,
    kind: DocumentKindSchema,
    body: CreateDocumentTemplateRequestSchema.shape.body,
    requiresCountersign: z.boolean(),
    items: DocumentItemsInputSchema,
  })
  .partial();
export type UpdateDocumentTemplateRequest = z.input<typeof UpdateDocumentTemplateRequestSchema>;
/** `GET /document-templates?kind` query. */
export const ListDocumentTemplatesQuerySchema = z.object({
  kind: z.preprocess(blankAsUndefined, DocumentKindSchema.optional()),
});
export const ListDocumentTemplatesResponseSchema = z.object({ templates: z.array(DocumentTemplateSchema) });
export const DocumentTemplateResponseSchema = z.object({ template: DocumentTemplateSchema });

// --- Documents ---

/**
 * Statuses: draft (being written) → sent (link e-mailed) → viewed (opened by the recipient) →
 * signed (by the recipient) → countersigned (by the agency; final) | declined (with a reason) |
 * expired (the link's lifetime passed unsigned). Without countersign, `signed` is final.
 */
export const DOCUMENT_STATUSES = [
  'draft',
  'sent',
  'viewed',
  'signed',
  'countersigned',
  'declined',
  'expired',
] as const;
export const DocumentStatusSchema = z.enum(DOCUMENT_STATUSES, { error: 'Estado inválido' });
export type DocumentStatus = z.infer<typeof DocumentStatusSchema>;
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  draft: 'Borrador',
  sent: 'Enviado',
  viewed: 'Visto',
  signed: 'Firmado',
  countersigned: 'Firmado por ambas partes',
  declined: 'Rechazado',
  expired: 'Vencido',
};
/** Statuses in which the content may still change (`PUT`); anything signed is frozen. */
export const EDITABLE_DOCUMENT_STATUSES = [
  'draft',
  'sent',
  'viewed',
] as const satisfies readonly DocumentStatus[];

/** 409 answer when something signed is edited (Spanish, as the screens show it). */
export const SIGNED_DOCUMENT_LOCKED =
  'Este documento ya fue firmado y no se puede modificar. Crea una nueva versión para cambiarlo.';

/** Who signed: the recipient (client or lead) or the agency (an admin's countersignature). */
export const SIGNER_ROLES = ['recipient', 'agency'] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];

/** One signature as frozen (decision 171). */
export const DocumentSignatureSchema = z.object({
  role: z.enum(SIGNER_ROLES),
  name: z.string(),
  idNumber: z.string(),
  email: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** ISO UTC instant. */
  signedAt: z.string(),
  /** The same instant in America/Santo_Domingo, "2026-11-24T10:15:00-04:00". */
  signedAtLocal: z.string(),
  /** Hex SHA-256 of the PDF exactly as shown when this person signed. */
  documentSha256: z.string(),
  consentText: z.string(),
  /** Hex SHA-256 of `consentText` (UTF-8). */
  consentSha256: z.string(),
  /** When the one-time code was checked (ISO UTC) and to which e-mail it went. */
  otpVerifiedAt: z.string(),
  hasSignatureImage: z.boolean(),
});
export type DocumentSignature = z.infer<typeof DocumentSignatureSchema>;

/** One event of the trail (the "Certificado de firma" lists them). */
export const DocumentEventSchema = z.object({
  at: z.string(),
  /** Machine kind: created, sent, viewed, otp_sent, otp_failed, otp_verified, signed, countersigned, declined, sealed, converted, new_version. */
  kind: z.string(),
  /** Spanish sentence: "Enviado a ana@cliente.do", "Visto", "Código verificado", "Firmado por …". */
  event: z.string(),
  actor: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type DocumentEvent = z.infer<typeof DocumentEventSchema>;

/** Targets a signed proposal may turn into, once. */
export const CONVERSION_TARGETS = ['project', 'retainer', 'invoice'] as const;
export const ConversionTargetSchema = z.enum(CONVERSION_TARGETS, { error: 'Destino inválido' });
export type ConversionTarget = z.infer<typeof ConversionTargetSchema>;
export const CONVERSION_TARGET_LABELS: Record<ConversionTarget, string> = {
  project: 'Proyecto',
  retainer: 'Iguala',
  invoice: 'Factura',
};

/**
 * A proposal or contract. `content`: the Markdown body with merge fields as edited;
 * `mergedContent`: the same with the fields filled in (escaped), what the PDF shows.
 * `shareUrl`: the signing link, present only in the answer of `POST …/send` (the token is
 * stored hashed, as every share link, decision 116); null elsewhere.
 */
export const SignableDocumentSchema = z.object({
  _id: z.uuid(),
  kind: DocumentKindSchema,
  number: z.string(),
  /** 1, 2, …: a change to something signed is a new version that must be signed again. */
  version: z.number().int(),
  previousVersionId: z.uuid().nullable(),
  /** Set when a newer version replaced this one. */
  supersededById: z.uuid().nullable(),
  title: z.string(),
  leadId: z.uuid().nullable(),
  clientId: z.uuid().nullable(),
  recipient: z.object({ name: z.string(), email: z.string().nullable(), taxId: z.string().nullable() }),
  templateId: z.uuid().nullable(),
  content: z.string(),
  mergedContent: z.string(),
  items: z.array(DocumentItemSchema),
  currency: z.enum(CURRENCIES),
  total: z.number(),
  requiresCountersign: z.boolean(),
  status: DocumentStatusSchema,
  views: z.object({ first: z.string().nullable(), last: z.string().nullable(), count: z.number().int() }),
  shareUrl: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** Until when the signing link works (ISO), null before sending. */
  expiresAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** Hex SHA-256 of the PDF the recipient signed (null before). */
  documentSha256: z.string().nullable(),
  /**
   * Hex SHA-256 of the PDF as sent (frozen; null for a draft): what the recipient reads. The
   * portal's signing form echoes it, as the link's page does, so an edit made meanwhile answers
   * 409 instead of being signed unseen (decision 174).
   */
  sentSha256: z.string().nullable(),
  /** Hex SHA-256 of the sealed PDF (null until complete and sealed). */
  sealedSha256: z.string().nullable(),
  signatures: z.array(DocumentSignatureSchema),
  conversion: z.object({ target: ConversionTargetSchema, id: z.uuid(), at: z.string() }).nullable(),
  owner: z.object({ _id: z.uuid(), firstName: z.string(), lastName: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SignableDocument = z.infer<typeof SignableDocumentSchema>;

const recipientRefine = (v: { leadId?: string | null; clientId?: string | null }) =>
  Boolean(v.leadId) !== Boolean(v.clientId);
const RECIPIENT_MESSAGE = {
  message: 'Indica un prospecto o un cliente (uno de los dos)',
  path: ['clientId'],
};

/**
 * `POST /proposals` / `POST /contracts`: for a lead or a client (exactly one), from a template
 * (its body and lines are copied unless `content` / `items` are given) or from scratch
 * (`content` then required).
 */
export const CreateSignableDocumentRequestSchema = z
  .object({
    leadId: z.uuid({ message: 'Prospecto inválido' }).nullish(),
    clientId: z.uuid({ message: 'Cliente inválido' }).nullish(),
    title: titleField,
    templateId: z.uuid({ message: 'Plantilla inválida' }).nullish(),
    content: bodyField.optional(),
    items: DocumentItemsInputSchema.optional(),
    /** Defaults to the template's; true without a template. */
    requiresCountersign: z.boolean().optional(),
  })
  .refine(recipientRefine, RECIPIENT_MESSAGE)
  .refine((v) => Boolean(v.templateId) || (v.content ?? '').trim() !== '', {
    message: 'Elige una plantilla o escribe el contenido',
    path: ['content'],
  });
export type CreateSignableDocumentRequest = z.input<typeof CreateSignableDocumentRequestSchema>;

/** `PUT /proposals/{id}`: any subset; 409 {@link SIGNED_DOCUMENT_LOCKED} once signed. */
export const UpdateSignableDocumentRequestSchema = z
  .object({
    title: titleField,
    content: bodyField.trim().min(1, 'El contenido es requerido'),
    items: DocumentItemsInputSchema,
    requiresCountersign: z.boolean(),
  })
  .partial();
export type UpdateSignableDocumentRequest = z.input<typeof UpdateSignableDocumentRequestSchema>;

/** `GET /proposals` query. */
export const ListSignableDocumentsQuerySchema = z.object({
  ...pageQueryFields(),
  status: z.preprocess(blankAsUndefined, DocumentStatusSchema.optional()),
  leadId: z.preprocess(blankAsUndefined, z.uuid({ message: 'Prospecto inválido' }).optional()),
  clientId: z.preprocess(blankAsUndefined, z.uuid({ message: 'Cliente inválido' }).optional()),
  q: z.preprocess(blankAsUndefined, z.string().trim().max(100, 'Máximo 100 caracteres').optional()),
});
export type ListSignableDocumentsQuery = z.input<typeof ListSignableDocumentsQuerySchema>;
export const ListSignableDocumentsResponseSchema = pageResponseSchema('documents', SignableDocumentSchema);
export type ListSignableDocumentsResponse = z.infer<typeof ListSignableDocumentsResponseSchema>;

/** `GET /proposals/{id}`: the document and its trail (oldest first). */
export const GetSignableDocumentResponseSchema = z.object({
  document: SignableDocumentSchema,
  events: z.array(DocumentEventSchema),
});
export type GetSignableDocumentResponse = z.infer<typeof GetSignableDocumentResponseSchema>;
/** Answer of writes. The send answer also carries `proposal`/`contract` (same object) for the screens. */
export const SignableDocumentResponseSchema = z.object({ document: SignableDocumentSchema });

/** `POST /proposals/{id}/send`: e-mails the signing link; `expiresInDays` 1–30 (default 7). */
export const SendSignableDocumentRequestSchema = z.object({
  expiresInDays: z.number().int().min(1, 'Mínimo 1 día').max(30, 'Máximo 30 días').default(7),
  /** Overrides the recipient's e-mail (a lead without one, another contact). */
  email: emailSchema.nullish().transform((v) => v ?? null),
  message: nullableText(2000),
});
export type SendSignableDocumentRequest = z.input<typeof SendSignableDocumentRequestSchema>;
/**
 * `POST /proposals/{id}/send` answer: `document` and (for the brief's `data.proposal.shareUrl`)
 * the same object under `proposal` or `contract`, with `shareUrl` set; `whatsappMessage` prefilled.
 */
export const SendSignableDocumentResponseSchema = z.object({
  document: SignableDocumentSchema,
  proposal: SignableDocumentSchema.optional(),
  contract: SignableDocumentSchema.optional(),
  whatsappMessage: z.string(),
});
export type SendSignableDocumentResponse = z.infer<typeof SendSignableDocumentResponseSchema>;

/** `POST /proposals/{id}/versions` ("Nueva versión"): copies a signed/declined/expired document as version n+1 (draft). */
export const NewVersionResponseSchema = SignableDocumentResponseSchema;

// --- Public signing (link without sign-in) ---

/** Path of the web page where the recipient reads and signs: `/firmar/{token}`. */
export const SIGN_PATH = '/firmar';
/** Path of the public verification page (the certificate's QR points there). */
export const VERIFY_PATH = '/verificar';

/**
 * The consent the signer accepts (its SHA-256 is frozen with the signature). `{{documento}}`
 * is replaced with "la propuesta PRO-0007 (versión 1)".
 */
export const SIGN_CONSENT_TEXT =
  'Declaro que he leído {{documento}} y acepto su contenido. Acepto firmarlo por medios electrónicos, ' +
  'con el mismo valor que una firma manuscrita, conforme a la Ley 126-02 de Comercio Electrónico, ' +
  'Documentos y Firmas Digitales de la República Dominicana, y que se registren mi nombre, mi ' +
  'documento de identidad, mi correo, mi dirección IP, mi navegador y la hora de la firma como prueba.';

/**
 * The consent text a signer accepts for one document: {@link SIGN_CONSENT_TEXT} naming it ("la
 * propuesta PRO-0007 (versión 2)"). The API freezes exactly this text and its hash with each
 * signature; the portal's forms show it from here, so they never differ.
 */
export function signConsentText(doc: { kind: DocumentKind; number: string; version: number }): string {
  return SIGN_CONSENT_TEXT.replace(
    '{{documento}}',
    `${doc.kind === 'proposal' ? 'la propuesta' : 'el contrato'} ${doc.number} (versión ${doc.version})`,
  );
}

/** Path params of the public routes (`/public/proposals/{token}`); the share-link token format. */
export const SignTokenParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Enlace inválido'),
});

/** `GET /public/proposals/{token}`: what the signing page shows. */
export const PublicSignableDocumentSchema = z.object({
  kind: DocumentKindSchema,
  number: z.string(),
  version: z.number().int(),
  title: z.string(),
  company: z.string(),
  recipientName: z.string(),
  /** The recipient's e-mail masked ("a***@cliente.do"): where the code goes. */
  emailMasked: z.string(),
  status: DocumentStatusSchema,
  statusLabel: z.string(),
  mergedContent: z.string(),
  items: z.array(DocumentItemSchema),
  currency: z.enum(CURRENCIES),
  total: z.number(),
  /** Hex SHA-256 of the PDF shown (`…/pdf`); the sign body may echo it. */
  documentSha256: z.string(),
  /** The consent text to show next to the checkbox (exact; its hash is frozen). */
  consentText: z.string(),
  expiresAt: z.string(),
  signedAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  /** True once the recipient signed (the page then shows the result, never the form). */
  signed: z.boolean(),
  /** Relative URL of the PDF exactly as shown (`/api/public/proposals/{token}/pdf`). */
  pdfUrl: z.string(),
});
export type PublicSignableDocument = z.infer<typeof PublicSignableDocumentSchema>;
export const PublicSignableDocumentResponseSchema = z.object({ document: PublicSignableDocumentSchema });

/** One-time code rules: 6 digits, valid 10 minutes, 5 tries, stored hashed. */
export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

/** `POST /public/proposals/{token}/otp` (no body) → where and until when. */
export const OtpResponseSchema = z.object({ emailMasked: z.string(), expiresAt: z.string() });
export type OtpResponse = z.infer<typeof OtpResponseSchema>;

/** A cédula (11 digits) or an RNC (9 digits), dashes allowed, check digit verified. */
export const DominicanIdNumberSchema = z
  .string({ error: 'La cédula o RNC es requerida' })
  .trim()
  .min(1, 'La cédula o RNC es requerida')
  .max(20, 'Cédula o RNC inválido')
  .refine((v) => isValidCedula(v) || isValidRnc(v), 'Cédula o RNC inválido (revisa los dígitos)');

/** A drawn signature: a PNG data URL of at most ~200 KB. */
export const SignatureImageSchema = z
  .string()
  .max(280_000, 'La firma dibujada es demasiado grande')
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, 'Firma dibujada inválida (PNG)');

/** `POST /public/proposals/{token}/sign` and (admin) `POST /proposals/{id}/countersign`. */
export const SignDocumentRequestSchema = z.object({
  name: z
    .string({ error: 'El nombre completo es requerido' })
    .trim()
    .min(3, 'Escribe tu nombre completo')
    .max(200, 'Máximo 200 caracteres'),
  idNumber: DominicanIdNumberSchema,
  consent: z.literal(true, { error: 'Debes aceptar el texto de consentimiento para firmar' }),
  otp: z
    .string({ error: 'El código es requerido' })
    .trim()
    .regex(/^\d{6}$/, 'El código tiene 6 dígitos'),
  signatureImage: SignatureImageSchema.nullish(),
  /** The hash the page showed; when given and the document changed since, 409. */
  documentSha256: z
    .string()
    .regex(/^[a-f0-9]{64}$/, 'Huella inválida')
    .optional(),
});
export type SignDocumentRequest = z.input<typeof SignDocumentRequestSchema>;
/** Countersignature body: same fields as the recipient's. */
export const CountersignDocumentRequestSchema = SignDocumentRequestSchema;
export type CountersignDocumentRequest = SignDocumentRequest;

/** `POST /public/proposals/{token}/decline`. */
export const DeclineDocumentRequestSchema = z.object({
  reason: z
    .string({ error: 'Indica el motivo' })
    .trim()
    .min(3, 'Indica el motivo')
    .max(2000, 'Máximo 2000 caracteres'),
});
export type DeclineDocumentRequest = z.input<typeof DeclineDocumentRequestSchema>;

/** Public answer after signing / declining. */
export const PublicSignResultSchema = z.object({
  status: DocumentStatusSchema,
  statusLabel: z.string(),
  signedAt: z.string().nullable(),
  documentSha256: z.string().nullable(),
});
export const PublicSignResultResponseSchema = z.object({ result: PublicSignResultSchema });

// --- Conversion ---

/** `POST /proposals/{id}/convert` (admin): a signed proposal becomes one of three things, once. */
export const ConvertProposalRequestSchema = z.discriminatedUnion(
  'target',
  [
    z.object({
      target: z.literal('project'),
      /** Defaults to the proposal's title. */
      name: z.string().trim().min(1).max(200).optional(),
      startDate: isoDateSchema().optional(),
      endDate: isoDateSchema().optional(),
    }),
    z.object({
      target: z.literal('retainer'),
      frequency: RecurringFrequencySchema.default('monthly'),
      startDate: isoDateSchema().optional(),
      dayOfMonth: z.number().int().min(1).max(31).default(1),
      endDate: isoDateSchema().nullish(),
    }),
    z.object({
      target: z.literal('invoice'),
      /** Days to pay (default 30). */
      paymentTerms: z.number().int().min(0).max(365).default(30),
    }),
  ],
  { error: 'Destino inválido (project, retainer o invoice)' },
);
export type ConvertProposalRequest = z.input<typeof ConvertProposalRequestSchema>;
export const ConvertProposalResponseSchema = z.object({
  document: SignableDocumentSchema,
  target: ConversionTargetSchema,
  /** Id of the project, retainer or invoice created. */
  id: z.uuid(),
  /** True when the lead moved to its won stage now. */
  leadWon: z.boolean(),
});
export type ConvertProposalResponse = z.infer<typeof ConvertProposalResponseSchema>;

// --- Verification ---

/** What `verifySealedDocument` says about a PDF. */
export const SealCheckSchema = z.object({
  sealed: z.boolean(),
  intact: z.boolean(),
  signerName: z.string().nullable(),
  signedAt: z.string().nullable(),
  timestamped: z.boolean(),
});
/**
 * `GET /contracts/{id}/verify` and `POST /public/verify` (multipart `file`, a PDF): whether the
 * PDF is one we signed (`match`: 'signed' = the PDF as signed, 'sealed' = the sealed copy with
 * the certificate page; null = no stored document has that SHA-256), its seal, and the trail.
 */
export const VerifyDocumentResponseSchema = z.object({
  sha256: z.string().nullable(),
  match: z.enum(['signed', 'sealed']).nullable(),
  document: z
    .object({
      kind: DocumentKindSchema,
      number: z.string(),
      version: z.number().int(),
      title: z.string(),
      status: DocumentStatusSchema,
      documentSha256: z.string().nullable(),
      sealedSha256: z.string().nullable(),
      signers: z.array(z.object({ role: z.enum(SIGNER_ROLES), name: z.string(), signedAt: z.string() })),
    })
    .nullable(),
  seal: SealCheckSchema.nullable(),
  events: z.array(DocumentEventSchema),
});
export type VerifyDocumentResponse = z.infer<typeof VerifyDocumentResponseSchema>;

/** Realtime event: proposals or contracts changed; the screens refetch. */
export const DOCUMENTS_CHANGED_EVENT = 'signable-documents:changed';
