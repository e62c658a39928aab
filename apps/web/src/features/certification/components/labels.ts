import type {
  CertificationCase,
  CertificationCaseStatus,
  CertificationSetStatus,
  DgiiEcfEnvironment,
} from '@agencia/shared';

/** Badge colours of a case's status (the text is `CERTIFICATION_CASE_STATUS_LABELS`). */
export const CASE_STATUS_COLORS: Record<CertificationCaseStatus, string> = {
  ready: 'gray',
  sending: 'blue',
  sent: 'cyan',
  accepted: 'green',
  conditionally_accepted: 'yellow',
  rejected: 'red',
  not_sent: 'gray',
};

/** Badge colours of a set's status (the text is `CERTIFICATION_SET_STATUS_LABELS`). */
export const SET_STATUS_COLORS: Record<CertificationSetStatus, string> = {
  ready: 'gray',
  sending: 'blue',
  completed: 'green',
  stopped: 'red',
};

/** Badge colours of the DGII environment (the text is `DGII_ECF_ENVIRONMENT_LABELS`). */
export const ENVIRONMENT_COLORS: Record<DgiiEcfEnvironment, string> = {
  TesteCF: 'gray',
  CerteCF: 'orange',
  eCF: 'green',
};

/** Cases that reached the DGII (or were answered): they have a signed XML and count as progress. */
const SENT_STATUSES: readonly CertificationCaseStatus[] = [
  'sent',
  'accepted',
  'conditionally_accepted',
  'rejected',
];

export const wasSent = (c: CertificationCase) => SENT_STATUSES.includes(c.status);

/** "X de N": how many cases of a set have been sent. */
export const sentCount = (cases: CertificationCase[]) => cases.filter(wasSent).length;

/** The ACECF `Estado`: 1 approved, 2 rejected (DGII, Formato Aprobación Comercial). */
export const approvalStateLabel = (state: number) =>
  state === 1 ? 'Aprobado' : state === 2 ? 'Rechazado' : `Estado ${state}`;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Who checked a step off, when the API gives a name rather than an id. */
export const readableBy = (by: string | null) => (by && !UUID_RE.test(by) ? by : null);
