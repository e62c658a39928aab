import {
  DOCUMENT_STATUS_LABELS,
  type DocumentStatus,
  EDITABLE_DOCUMENT_STATUSES,
  type SignableDocument,
} from '@agencia/shared';
import { Badge } from '@mantine/core';

const COLORS: Record<DocumentStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  viewed: 'cyan',
  signed: 'teal',
  countersigned: 'green',
  declined: 'red',
  expired: 'orange',
};

/** The status badge of a proposal or contract. */
export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]}>
      {DOCUMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Portal path of a document's detail: `/proposals/{id}` or `/contracts/{id}`. */
export const documentPath = (doc: Pick<SignableDocument, '_id' | 'kind'>) =>
  `${doc.kind === 'contract' ? '/contracts' : '/proposals'}/${doc._id}`;

/** True while the content may still change (not signed, declined or expired). */
export const isEditable = (doc: Pick<SignableDocument, 'status'>) =>
  (EDITABLE_DOCUMENT_STATUSES as readonly string[]).includes(doc.status);

/** True once every required signature is there (the recipient's, and the agency's when required). */
export const isComplete = (doc: Pick<SignableDocument, 'status' | 'requiresCountersign'>) =>
  doc.status === 'countersigned' || (doc.status === 'signed' && !doc.requiresCountersign);
