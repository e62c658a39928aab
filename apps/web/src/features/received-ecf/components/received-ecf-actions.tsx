import {
  COMMERCIAL_APPROVAL_LABELS,
  COMMERCIAL_REJECTION_REASON_MAX,
  CommercialApprovalRequestSchema,
  type CommercialApprovalStatus,
  fromCents,
  RECEIVED_ECF_VERIFICATION_LABELS,
  type ReceivedEcf,
  type ReceivedEcfDetail,
  type ReceivedEcfVerification,
  type ReceiverTrustInfo,
} from '@agencia/shared';
import { ActionIcon, Alert, Menu, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconCheck,
  IconDotsVertical,
  IconDownload,
  IconEye,
  IconShieldExclamation,
  IconX,
} from '@tabler/icons-react';
import { AxiosError } from 'axios';
import { useEffect, useRef, useState } from 'react';
import { ColorBadge } from '../../../components/ui/color-badge';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { downloadErrorMessage } from '../../billing-shared/api/documents';
import { formatMoney } from '../../billing-shared/components/format';
import { downloadReceivedEcfXml, useAnswerReceivedEcf } from '../api/ecf-received';

/** Badge colours of the commercial answer (light variant: AA in both schemes, decision 108). */
const APPROVAL_COLORS: Record<CommercialApprovalStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
};

/** Pendiente / Aprobado / Rechazado. */
export function ApprovalStatusBadge({ status }: { status: CommercialApprovalStatus }) {
  return <ColorBadge color={APPROVAL_COLORS[status]}>{COMMERCIAL_APPROVAL_LABELS[status]}</ColorBadge>;
}

/** Badge colours of the DGII's verification (decision 161); none once verified. */
const VERIFICATION_COLORS: Record<Exclude<ReceivedEcfVerification, 'verified'>, string> = {
  pending: 'yellow',
  rejected: 'red',
  unconfirmed: 'gray',
};

/**
 * Por verificar / Rechazado por la DGII / No confirmado por la DGII, with the reason as its title;
 * nothing for a document the DGII confirmed.
 */
export function VerificationBadge({ document }: { document: ReceivedEcf }) {
  if (document.verification === 'verified') return null;
  return (
    <span title={document.verificationMessage ?? undefined}>
      <ColorBadge color={VERIFICATION_COLORS[document.verification]}>
        {RECEIVED_ECF_VERIFICATION_LABELS[document.verification]}
      </ColorBadge>
    </span>
  );
}

/**
 * How the receiver trusts senders (decision 161): outside production it accepts any valid
 * signature, and says so; in production without any authority configured it receives nothing.
 */
export function ReceiverTrustNotice({ receiver }: { receiver: ReceiverTrustInfo | undefined }) {
  if (!receiver) return null;
  if (!receiver.certificatesChecked)
    return (
      <Alert
        color="yellow"
        icon={<IconShieldExclamation />}
        title={`Ambiente de pruebas (${receiver.environment})`}
        mb="md"
      >
        El receptor acepta comprobantes firmados con cualquier certificado válido: no comprueba que lo haya
        emitido una entidad acreditada por el INDOTEL (solo en producción, eCF). Cada e-CF queda «por
        verificar» hasta que la DGII lo confirma.
      </Alert>
    );
  if (receiver.trustedAuthorities === 0)
    return (
      <Alert
        color="red"
        icon={<IconShieldExclamation />}
        title="El receptor no puede recibir comprobantes"
        mb="md"
      >
        No hay entidades de certificación configuradas (apps/api/trust/dgii-ca o ECF_TRUSTED_CA_FILE): se
        rechaza todo documento recibido.
      </Alert>
    );
  return null;
}

/** The e-CF types a supplier sends us (`TipoeCF`), by their DGII names. */
const RECEIVED_TYPE_LABELS: Record<string, string> = {
  '31': 'Crédito Fiscal',
  '32': 'Consumo',
  '33': 'Nota de Débito',
  '34': 'Nota de Crédito',
  '44': 'Regímenes Especiales',
  '45': 'Gubernamental',
};

/** `E31 · Crédito Fiscal` from the `TipoeCF` `31`. */
export const receivedTypeLabel = (documentType: string) =>
  `E${documentType}${RECEIVED_TYPE_LABELS[documentType] ? ` · ${RECEIVED_TYPE_LABELS[documentType]}` : ''}`;

/** A received e-CF's total, in pesos (`MontoTotal` is in DOP). */
export const receivedMoney = (cents: number) => formatMoney(fromCents(cents), 'DOP');

/** What every screen of the received e-CF does with one: approve, reject, download. */
export interface ReceivedEcfActions {
  approve: (document: ReceivedEcf) => void;
  reject: (document: ReceivedEcf) => void;
  download: (document: ReceivedEcf) => void;
  /** The id whose XML is being downloaded. */
  downloading: string | null;
  /** The approve and reject modals: render once. */
  modals: React.ReactNode;
}

/**
 * The actions on received e-CF (issue 26, "Receiving"), with their modals: "Aprobar" asks for
 * confirmation, "Rechazar" for a reason (kept when the API refuses it); both toast the outcome.
 */
export function useReceivedEcfActions(): ReceivedEcfActions {
  const [approving, setApproving] = useState<ReceivedEcf | null>(null);
  const [rejecting, setRejecting] = useState<ReceivedEcf | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (document: ReceivedEcf) => {
    setDownloading(document._id);
    try {
      await downloadReceivedEcfXml(document);
    } catch (error) {
      toastError('No se pudo descargar el XML', downloadErrorMessage(error, 'Inténtalo de nuevo'));
    } finally {
      setDownloading(null);
    }
  };

  return {
    approve: setApproving,
    reject: setRejecting,
    download: (document) => void download(document),
    downloading,
    modals: (
      <>
        <ApproveReceivedEcfModal document={approving} onClose={() => setApproving(null)} />
        <RejectReceivedEcfModal document={rejecting} onClose={() => setRejecting(null)} />
      </>
    ),
  };
}

/** The toast after an answer: sent to the DGII, its sending failed, or stored to be sent. */
function toastAnswered(document: ReceivedEcfDetail) {
  const verb = document.approvalStatus === 'approved' ? 'aprobado' : 'rechazado';
  const title = `e-CF ${verb}`;
  if (document.approvalSentAt) {
    toastSuccess(title, `La aprobación comercial de ${document.encf} se envió a la DGII.`);
    return;
  }
  const failure = document.approvalMessages.find((m) => m.code === 'envio_fallido');
  if (failure) toastError(`e-CF ${verb}, pero no se envió a la DGII`, failure.message);
  else toastSuccess(title, `La aprobación comercial de ${document.encf} quedó firmada.`);
}

/** Who sent the e-CF and for how much, the first line of both modals. */
function DocumentLine({ document }: { document: ReceivedEcf }) {
  return (
    <Text size="sm">
      <b>{document.encf}</b> de {document.issuerName} (RNC {document.issuerRnc}) por{' '}
      <b>{receivedMoney(document.totalCents)}</b>.
    </Text>
  );
}

/**
 * Confirms the commercial approval of a received e-CF: the API signs the ACECF and sends it to the
 * DGII. The modal stays open with the API's refusal (409: already answered, no certificate).
 */
function ApproveReceivedEcfModal({
  document,
  onClose,
}: {
  document: ReceivedEcf | null;
  onClose: () => void;
}) {
  const answer = useAnswerReceivedEcf();
  const [serverError, setServerError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts without the last refusal
  useEffect(() => setServerError(null), [document]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!document) return;
    setServerError(null);
    try {
      toastAnswered(await answer.mutateAsync({ id: document._id, body: { approved: true } }));
      onClose();
    } catch (error) {
      setServerError(getErrorMessage(error, 'No se pudo aprobar el comprobante'));
    }
  };

  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      title="Aprobar e-CF recibido"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {document && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <DocumentLine document={document} />
            <Text size="sm" c="dimmed">
              Se firmará la aprobación comercial (ACECF) con el certificado de la empresa y se enviará a la
              DGII. Una vez enviada no se puede cambiar.
            </Text>
            <ModalFormFooter
              error={serverError}
              onCancel={onClose}
              loading={answer.isPending}
              submitLabel="Aprobar"
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** The field of a 400's `errors` list, when the API names one. */
function fieldError(error: unknown, field: string): string | null {
  if (!(error instanceof AxiosError)) return null;
  const errors = (error.response?.data as { errors?: Array<{ field: string; message: string }> } | undefined)
    ?.errors;
  return errors?.find((e) => e.field === field)?.message ?? null;
}

/**
 * Rejects a received e-CF with a reason (≤ 250 characters, written in the ACECF's
 * `DetalleMotivoRechazo`). A 400 about the reason shows at the field, any other refusal above the
 * buttons; the reason typed is kept (also when the modal is closed and opened again on the same
 * document).
 */
function RejectReceivedEcfModal({
  document,
  onClose,
}: {
  document: ReceivedEcf | null;
  onClose: () => void;
}) {
  const answer = useAnswerReceivedEcf();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { reason: '' },
    validate: (values) =>
      zodResolver(CommercialApprovalRequestSchema)({ approved: false, reason: values.reason } as never),
  });
  // Another document starts blank; the same one keeps what was typed.
  const lastId = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another document is chosen
  useEffect(() => {
    if (document && document._id !== lastId.current) {
      lastId.current = document._id;
      form.reset();
      setServerError(null);
    }
  }, [document?._id]);

  const submit = form.onSubmit(async ({ reason }) => {
    if (!document) return;
    setServerError(null);
    try {
      const answered = await answer.mutateAsync({
        id: document._id,
        body: { approved: false, reason: reason.trim() },
      });
      toastAnswered(answered);
      lastId.current = null;
      onClose();
    } catch (error) {
      const atField = fieldError(error, 'reason');
      if (atField) form.setFieldError('reason', atField);
      else setServerError(getErrorMessage(error, 'No se pudo rechazar el comprobante'));
    }
  });

  return (
    <Modal
      opened={document !== null}
      onClose={onClose}
      title="Rechazar e-CF recibido"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {document && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <DocumentLine document={document} />
            <Textarea
              label="Motivo del rechazo"
              description={`Se envía al proveedor y a la DGII en la aprobación comercial (máximo ${COMMERCIAL_REJECTION_REASON_MAX} caracteres).`}
              required
              autosize
              minRows={3}
              maxLength={COMMERCIAL_REJECTION_REASON_MAX}
              data-autofocus
              {...form.getInputProps('reason')}
            />
            <ModalFormFooter
              error={serverError}
              onCancel={onClose}
              loading={answer.isPending}
              submitLabel="Rechazar"
            />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Row menu of a received e-CF: detail, XML, and the answer while it is pending. */
export function ReceivedEcfRowMenu({
  document,
  actions,
  onView,
}: {
  document: ReceivedEcf;
  actions: ReceivedEcfActions;
  onView: () => void;
}) {
  const pending = document.approvalStatus === 'pending';
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Acciones del e-CF ${document.encf}`}
          loading={actions.downloading === document._id}
          onClick={(e) => e.stopPropagation()}
        >
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
        <Menu.Item leftSection={<IconEye size={16} />} onClick={onView}>
          Ver detalle
        </Menu.Item>
        <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => actions.download(document)}>
          Descargar XML
        </Menu.Item>
        {pending && (
          <>
            <Menu.Divider />
            <Menu.Item leftSection={<IconCheck size={16} />} onClick={() => actions.approve(document)}>
              Aprobar
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconX size={16} />} onClick={() => actions.reject(document)}>
              Rechazar
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
