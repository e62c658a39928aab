import type { AccessRequestData, RegistrationPrefill } from '@agencia/shared';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
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
