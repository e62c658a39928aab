import type { AccessRequestData, RegistrationPrefill } from '@agencia/shared';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import type { AuditContext } from '../../lib/audit.js';
import { type Effects, effects } from '../../lib/effects.js';
import { createLeadFromRequest } from '../leads/leads.service.js';
import { createRegistrationLink } from '../registration/registration.service.js';

/** What {@link onAccessRequestConverted} receives once the client record exists. */
export interface AccessRequestConvertedEvent {
  /** The transaction that created the client: the link and its email roll back with it. */
  tx: Tx;
  /** PUBLIC_URL, the base of the registration link. */
  publicUrl: string;
  actor: Actor;
  clientId: string;
  email: string;
  clientType: 'individual' | 'company';
  /** The access request's validated fields (for the registration form's prefill). */
  data: Partial<AccessRequestData>;
}

/**
 * Runs inside the conversion transaction after an access request became a client record:
 * creates the single-use registration link for that client (registration issue,
 * `createRegistrationLink`) and queues the invitation email. A 409 from it (an account with
 * that email already exists) rolls the whole conversion back.
 */
export async function onAccessRequestConverted(event: AccessRequestConvertedEvent): Promise<void> {
  const d = event.data;
  const prefill: RegistrationPrefill = {
    firstName: d.firstName,
    lastName: [d.lastName, d.secondLastName].filter(Boolean).join(' ') || undefined,
    phone: d.primaryPhone,
    companyName: d.companyName,
    rnc: d.rnc,
    cedula: event.clientType === 'company' ? d.legalRepresentativeCedula : d.cedula,
  };
  await createRegistrationLink({
    db: event.tx,
    publicUrl: event.publicUrl,
    email: event.email,
    clientType: event.clientType,
    clientId: event.clientId,
    prefill,
    createdBy: event.actor.id,
    source: 'access_request',
  });
}

/** What {@link onRequestCreated} receives once a public request is stored. */
export interface RequestCreatedEvent {
  /** The transaction that stored the request: its lead commits or rolls back with it. */
  tx: Tx;
  ctx: AuditContext;
  kind: 'quote' | 'access';
  requestId: string;
  /** Card title: "Sitios web — Colmado La Esquina", "Solicitud de acceso — Pedro Santos". */
  title: string;
  name: string;
  email: string;
  phone: string;
  company: string | null;
  description: string | null;
  budget: string | null;
}

/**
 * Runs inside the transaction that stored a quote or access request: the request becomes a lead
 * in the first open stage of the pipeline (decision 170), once per request. Answers the effects
 * to publish after commit (the board refetches).
 */
export async function onRequestCreated(event: RequestCreatedEvent): Promise<Effects> {
  const fx = await createLeadFromRequest({
    tx: event.tx,
    ctx: event.ctx,
    kind: event.kind,
    requestId: event.requestId,
    title: event.title,
    contactName: event.name,
    email: event.email,
    phone: event.phone,
    company: event.company,
    description: event.description,
    budget: event.budget,
  });
  return fx ?? effects();
}
