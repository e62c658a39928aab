import { z } from 'zod';
import { PaginationSchema, pageQueryFields } from './pagination.js';
import { ServiceIdSchema } from './quote-requests.js';

/*
 * The admin 'Solicitudes' view over the public site's leads — quote requests (quote-requests.ts)
 * and access requests (access-requests.ts) — worked new → contacted → converted / discarded.
 */

// ---------------------------------------------------------------------------------------------
// Admin 'Solicitudes' view
// ---------------------------------------------------------------------------------------------

/** Lead kinds in the admin view: quote requests and access requests. */
export const REQUEST_KINDS = ['quote', 'access'] as const;
export const RequestKindSchema = z.enum(REQUEST_KINDS);
export type RequestKind = z.infer<typeof RequestKindSchema>;
export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  quote: 'Cotización',
  access: 'Solicitud de acceso',
};

/** Status of a lead. */
export const REQUEST_STATUSES = ['new', 'contacted', 'converted', 'discarded'] as const;
export const RequestStatusSchema = z.enum(REQUEST_STATUSES);
export type RequestStatus = z.infer<typeof RequestStatusSchema>;
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  new: 'Nueva',
  contacted: 'Contactada',
  converted: 'Convertida',
  discarded: 'Descartada',
};
/** Mantine colour per status. */
export const REQUEST_STATUS_COLORS: Record<RequestStatus, string> = {
  new: 'blue',
  contacted: 'yellow',
  converted: 'green',
  discarded: 'gray',
};
/**
 * Allowed status changes: new → contacted → converted / discarded; a new lead may also be
 * discarded directly (spam, duplicates). Converted and discarded are final.
 */
export const REQUEST_STATUS_TRANSITIONS: Record<RequestStatus, readonly RequestStatus[]> = {
  new: ['contacted', 'discarded'],
  contacted: ['converted', 'discarded'],
  converted: [],
  discarded: [],
};

/** One row of the 'Solicitudes' list (quote and access requests together, newest first). */
export const RequestListItemSchema = z.object({
  _id: z.uuid(),
  kind: RequestKindSchema,
  status: RequestStatusSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Service (quotes) or client type label (access requests). */
  subject: z.string(),
  createdAt: z.string(),
});
export type RequestListItem = z.infer<typeof RequestListItemSchema>;

/** `GET /requests` query: kind, status, free-text search over name/email/company; paginated. */
export const ListRequestsQuerySchema = z.object({
  kind: RequestKindSchema.optional(),
  status: RequestStatusSchema.optional(),
  search: z.string().trim().max(100).optional(),
  ...pageQueryFields(),
});
export type ListRequestsQuery = z.input<typeof ListRequestsQuerySchema>;

/** `data.pagination` of `GET /requests`: the contract plus `pages` (decision 088). */
export const RequestPaginationSchema = PaginationSchema.extend({ pages: z.number().int() });

/** `GET /requests` → `data`. */
export const ListRequestsResponseSchema = z.object({
  requests: z.array(RequestListItemSchema),
  pagination: RequestPaginationSchema,
  /** Count of status 'new' across both kinds (for the badge on the Clients page link). */
  newCount: z.number().int(),
});

/** Stored file of an access request (the bytes are downloaded through the files endpoint). */
export const RequestFileSchema = z.object({
  _id: z.uuid(),
  field: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

/** Full quote request as the admin sees it. */
export const QuoteRequestSchema = z.object({
  _id: z.uuid(),
  kind: z.literal('quote'),
  status: RequestStatusSchema,
  serviceId: ServiceIdSchema,
  serviceTitle: z.string(),
  serviceFeatures: z.array(z.string()),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  company: z.string().nullable(),
  budget: z.string(),
  timeline: z.string(),
  description: z.string(),
  requirements: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>;

/** Full access request as the admin sees it: every submitted field in `data`, plus the uploads. */
export const AccessRequestSchema = z.object({
  _id: z.uuid(),
  kind: z.literal('access'),
  status: RequestStatusSchema,
  clientType: z.enum(['individual', 'company']),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  data: z.record(z.string(), z.unknown()),
  files: z.array(RequestFileSchema),
  clientId: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AccessRequest = z.infer<typeof AccessRequestSchema>;

/** `GET /requests/{kind}/{id}` → `data`. */
export const GetRequestResponseSchema = z.object({
  request: z.discriminatedUnion('kind', [QuoteRequestSchema, AccessRequestSchema]),
});

/** Path params of the detail/status endpoints. */
export const RequestParamsSchema = z.object({
  kind: RequestKindSchema,
  id: z.uuid({ message: 'Identificador inválido' }),
});

/** `PATCH /requests/{kind}/{id}/status` body. */
export const UpdateRequestStatusSchema = z.object({ status: RequestStatusSchema });
