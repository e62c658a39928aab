import {
  ACCESS_BUDGETS,
  ACCESS_REQUEST_ALLOWED_TYPES,
  ACCESS_REQUEST_MAX_FILE_BYTES,
  type AccessRequestData,
  type AccessRequestUploadField,
  accessRequestReference,
  type CreateQuoteRequest,
  QUOTE_BUDGETS,
  QUOTE_TIMELINES,
  SERVICE_TITLES,
  type ServiceId,
} from '@agencia/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { accessRequests, quoteRequests } from '../../db/schema/index.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { effects, mergeEffects, type Written } from '../../lib/effects.js';
import { renderEmail } from '../../lib/email-template.js';
import { queueEmail } from '../../lib/mailer.js';
import { createNotifications } from '../../lib/notify.js';
import { saveFile } from '../../lib/storage.js';
import { onRequestCreated } from './requests.hooks.js';

/*
 * Submitting a request from the public site (no session: the routes rate-limit and check the
 * honeypot): a quote request, or an access request with its documents. Handling them is
 * requests.service.ts (split along that line, decision 152).
 */

type QuoteInput = z.output<typeof import('@agencia/shared').CreateQuoteRequestSchema>;

/** An uploaded file as the route hands it over (bytes already buffered within the size limit). */
export interface UploadedFile {
  field: AccessRequestUploadField;
  filename: string;
  data: Buffer;
}

const labelOf = (options: readonly { value: string; label: string }[], value: string | undefined) =>
  options.find((o) => o.value === value)?.label ?? value ?? '';

/**
 * Stores a quote request from `/quote` and notifies every active admin (notification row and
 * email in the outbox), all in one transaction; the route publishes the effects (the realtime
 * push) after commit.
 */
export async function createQuoteRequest(opts: {
  db: Db;
  input: QuoteInput;
  ctx: AuditContext;
}): Promise<Written<{ id: string }>> {
  const { db, input, ctx } = opts;
  const serviceTitle = SERVICE_TITLES[input.serviceId as ServiceId];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(quoteRequests)
      .values({
        serviceId: input.serviceId,
        serviceTitle,
        serviceFeatures: input.serviceFeatures,
        name: input.name,
        email: input.email,
        phone: input.phone,
        company: input.company ?? null,
        budget: input.budget,
        timeline: input.timeline,
        description: input.description,
        requirements: input.requirements ?? null,
        ip: ctx.ip ?? null,
      })
      .returning({ id: quoteRequests.id });
    await audit(tx, ctx, 'quote_request.created', { type: 'quote_request', id: row!.id });
    const created = await createNotifications(tx, {
      roles: ['admin'],
      topic: 'system',
      title: `Nueva cotización: ${serviceTitle}`,
      message: quoteMessage({ input, serviceTitle }),
      link: `/clients/requests?kind=quote&id=${row!.id}`,
    });
    const lead = await onRequestCreated({
      tx,
      ctx,
      kind: 'quote',
      requestId: row!.id,
      title: `${serviceTitle} — ${input.company || input.name}`,
      name: input.name,
      email: input.email,
      phone: input.phone,
      company: input.company ?? null,
      description: [input.description, input.requirements].filter(Boolean).join('\n\n'),
      budget: input.budget,
    });
    return { value: row!, effects: mergeEffects(effects({ notifications: created }), lead) };
  });
}

/**
 * The text the original composed and only logged (spec doc 1 §7): form values, the service and
 * its first five features. Sent to admins as the notification / email body.
 */
export function quoteMessage({ input, serviceTitle }: { input: QuoteInput; serviceTitle: string }): string {
  const lines = [
    `Servicio: ${serviceTitle}`,
    ...(input.serviceFeatures.length
      ? ['Características:', ...input.serviceFeatures.map((f) => `  • ${f}`)]
      : []),
    `Nombre: ${input.name}`,
    `Email: ${input.email}`,
    `Teléfono: ${input.phone}`,
    `Empresa: ${input.company ?? '—'}`,
    `Presupuesto: ${labelOf(QUOTE_BUDGETS, input.budget)}`,
    `Tiempo de entrega: ${labelOf(QUOTE_TIMELINES, input.timeline)}`,
    `Descripción: ${input.description}`,
    `Requerimientos adicionales: ${input.requirements ?? '—'}`,
  ];
  return lines.join('\n');
}

function accessName(data: AccessRequestData): string {
  if (data.clientType === 'company') return data.companyName ?? data.firstName;
  return [data.firstName, data.lastName].filter(Boolean).join(' ');
}

/**
 * Stores an access request with its uploads (type-sniffed, ≤ 5 MB each, PDF/JPEG/PNG/WebP:
 * 413/415 otherwise, and then nothing is stored) and notifies every active admin; the route
 * publishes the effects after commit.
 */
export async function createAccessRequest(opts: {
  db: Db;
  input: AccessRequestData;
  uploads: UploadedFile[];
  ctx: AuditContext;
}): Promise<Written<{ id: string; reference: string }>> {
  const { db, input, uploads, ctx } = opts;
  const { homepage: _honeypot, ...data } = input;
  const name = accessName(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accessRequests)
      .values({
        clientType: input.clientType,
        name,
        email: input.primaryEmail,
        phone: input.primaryPhone,
        companyName: input.companyName ?? null,
        data,
        ip: ctx.ip ?? null,
      })
      .returning({ id: accessRequests.id });
    const stored = [];
    for (const upload of uploads) {
      const file = await saveFile(tx, {
        ownerType: 'access_request',
        ownerId: row!.id,
        filename: upload.filename,
        data: upload.data,
        uploadedBy: null,
        maxBytes: ACCESS_REQUEST_MAX_FILE_BYTES,
        allowed: ACCESS_REQUEST_ALLOWED_TYPES,
      });
      stored.push({
        fileId: file.id,
        field: upload.field,
        filename: file.filename,
        contentType: file.contentType,
        size: file.sizeBytes,
      });
    }
    if (stored.length)
      await tx.update(accessRequests).set({ files: stored }).where(eq(accessRequests.id, row!.id));
    await audit(
      tx,
      ctx,
      'access_request.created',
      { type: 'access_request', id: row!.id },
      { files: stored.length },
    );
    const created = await createNotifications(tx, {
      roles: ['admin'],
      topic: 'system',
      title: `Nueva solicitud de acceso: ${name}`,
      message: [
        `${input.clientType === 'company' ? 'Empresa' : 'Persona Física'}: ${name}`,
        `Email: ${input.primaryEmail}`,
        `Teléfono: ${input.primaryPhone}`,
        `Presupuesto estimado: ${labelOf(ACCESS_BUDGETS, input.estimatedBudget)}`,
        `Proyecto: ${input.projectDescription}`,
        stored.length ? `Documentos adjuntos: ${stored.length}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
      link: `/clients/requests?kind=access&id=${row!.id}`,
    });
    // The requester's copy of the confirmation screen: reference and what happens next (issue 32).
    const reference = accessRequestReference(row!.id);
    await queueEmail(tx, {
      to: input.primaryEmail,
      subject: `Recibimos tu solicitud de acceso (${reference})`,
      ...renderEmail({
        greeting: `Hola ${input.firstName},`,
        paragraphs: [
          `Recibimos tu solicitud de acceso al portal de clientes. Tu número de referencia es ${reference}.`,
          ACCESS_NEXT_STEPS,
          'Si tienes alguna pregunta, responde a este correo indicando tu número de referencia.',
        ],
        signature: [],
      }),
    });
    const lead = await onRequestCreated({
      tx,
      ctx,
      kind: 'access',
      requestId: row!.id,
      title: `Solicitud de acceso — ${name}`,
      name: [input.firstName, input.lastName].filter(Boolean).join(' ') || name,
      email: input.primaryEmail,
      phone: input.primaryPhone,
      company: input.clientType === 'company' ? (input.companyName ?? null) : null,
      description: input.projectDescription ?? null,
      budget: input.estimatedBudget ?? null,
    });
    return {
      value: { ...row!, reference },
      effects: mergeEffects(effects({ notifications: created }), lead),
    };
  });
}

/** What happens after an access request, in the requester's words (confirmation screen and email). */
const ACCESS_NEXT_STEPS =
  'Te contactaremos dentro de 24 horas para comenzar tu proyecto. Si aprobamos tu solicitud, te enviaremos a este correo un link para crear tu cuenta en el portal.';

export type { CreateQuoteRequest };
