import { useSessionStore } from '../../../stores/session-store';
import { ClientDocumentPage, ClientDocumentsPage } from './client-documents-page';
import { ProposalDetailPage } from './proposal-detail-page';
import { ProposalsPage } from './proposals-page';

/*
 * One address per document for everyone (decision 174): `/proposals`, `/proposals/{id}` and
 * `/contracts/{id}` show staff the management screens (decision 173) and a client the documents
 * addressed to it, to read and sign. The API decides what each may see and do.
 */

const useIsClient = () => useSessionStore((s) => s.user?.role === 'client');

/** `/proposals`: the staff list, or the client's own documents. */
export function ProposalsRoute() {
  return useIsClient() ? <ClientDocumentsPage /> : <ProposalsPage />;
}

/** `/proposals/{id}`. */
export function ProposalRoute() {
  return useIsClient() ? <ClientDocumentPage kind="proposal" /> : <ProposalDetailPage kind="proposal" />;
}

/** `/contracts/{id}`. */
export function ContractRoute() {
  return useIsClient() ? <ClientDocumentPage kind="contract" /> : <ProposalDetailPage kind="contract" />;
}
