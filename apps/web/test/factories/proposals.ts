import { type PublicSignableDocument, SIGN_CONSENT_TEXT, type SignableDocument } from '@agencia/shared';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A proposal as `GET /proposals/{id}` answers it (signed, waiting for nothing: ready to convert). */
export function buildSignableDocument(over: Partial<SignableDocument> = {}): SignableDocument {
  return {
    _id: id(71),
    kind: 'proposal',
    number: 'PRO-0007',
    version: 1,
    previousVersionId: null,
    supersededById: null,
    title: 'Tienda en línea',
    leadId: id(72),
    clientId: null,
    recipient: { name: 'Rosa Almonte', email: 'rosa@ejemplo.do', taxId: null },
    templateId: null,
    content: '# Propuesta para {{cliente.nombre}}',
    mergedContent: '# Propuesta para Rosa Almonte',
    items: [
      {
        description: 'Tiendas en Línea (E-commerce)',
        serviceId: 'ecommerce',
        quantity: 1,
        unitPrice: 45000,
        currency: 'DOP',
        milestone: 'Desarrollo',
        total: 45000,
      },
    ],
    currency: 'DOP',
    total: 45000,
    requiresCountersign: false,
    status: 'signed',
    views: { first: '2026-11-24T14:00:00.000Z', last: '2026-11-24T14:05:00.000Z', count: 2 },
    shareUrl: null,
    sentAt: '2026-11-24T13:00:00.000Z',
    expiresAt: '2026-12-01T13:00:00.000Z',
    declinedAt: null,
    declineReason: null,
    documentSha256: 'a'.repeat(64),
    sentSha256: 'a'.repeat(64),
    sealedSha256: null,
    signatures: [],
    conversion: null,
    owner: null,
    createdAt: '2026-11-24T12:00:00.000Z',
    updatedAt: '2026-11-24T14:10:00.000Z',
    ...over,
  };
}

/** What `GET /public/proposals/{token}` answers for a sent, unsigned proposal. */
export function buildPublicSignableDocument(
  over: Partial<PublicSignableDocument> = {},
): PublicSignableDocument {
  return {
    kind: 'proposal',
    number: 'PRO-0007',
    version: 1,
    title: 'Tienda en línea',
    company: 'Agencia Digital RD',
    recipientName: 'Rosa Almonte',
    emailMasked: 'r***@ejemplo.do',
    status: 'viewed',
    statusLabel: 'Visto',
    mergedContent: '# Propuesta para Rosa Almonte\n\nIncluye **diseño** y desarrollo.',
    items: [],
    currency: 'DOP',
    total: 45000,
    documentSha256: 'b'.repeat(64),
    consentText: SIGN_CONSENT_TEXT.replace('{{documento}}', 'la propuesta PRO-0007 (versión 1)'),
    expiresAt: '2026-12-01T13:00:00.000Z',
    signedAt: null,
    declinedAt: null,
    signed: false,
    pdfUrl: '/api/public/proposals/tok/pdf',
    ...over,
  };
}
