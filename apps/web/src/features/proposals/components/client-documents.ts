import type { SignableDocument } from '@agencia/shared';
import { useSignableDocuments } from '../api/proposals-api';

/** Statuses in which the recipient still answers (signs or declines). */
export const AWAITING = ['sent', 'viewed'] as const;

/** True while the recipient may sign or decline `doc` (sent, current version, before its deadline). */
export const awaitsRecipient = (doc: SignableDocument, now = Date.now()) =>
  (AWAITING as readonly string[]).includes(doc.status) &&
  !doc.supersededById &&
  !(doc.expiresAt && new Date(doc.expiresAt).getTime() <= now);

/** The client's proposals and contracts, both kinds, waiting ones first then newest. */
export function useClientDocuments() {
  const filters = { page: 1, limit: 50 };
  const proposals = useSignableDocuments('proposal', filters);
  const contracts = useSignableDocuments('contract', filters);
  const docs = [...(proposals.data?.documents ?? []), ...(contracts.data?.documents ?? [])].sort(
    (a, b) =>
      Number(awaitsRecipient(b)) - Number(awaitsRecipient(a)) ||
      (b.sentAt ?? b.createdAt).localeCompare(a.sentAt ?? a.createdAt),
  );
  return {
    docs,
    isLoading: proposals.isLoading || contracts.isLoading,
    isError: proposals.isError || contracts.isError,
  };
}
