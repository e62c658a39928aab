import {
  CONVERSION_TARGET_LABELS,
  DOCUMENT_KIND_LABELS,
  type DocumentEvent,
  type DocumentItem,
  type DocumentKind,
  formatMoney,
  SIGN_CONSENT_TEXT,
  type SignableDocument,
  UpdateSignableDocumentRequestSchema,
} from '@agencia/shared';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCopyPlus,
  IconDeviceFloppy,
  IconSend,
  IconSignature,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AccessDenied } from '../../../components/errors/access-denied';
import { MarkdownText } from '../../../components/ui/markdown-text';
import { PageHeader } from '../../../components/ui/page-header';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useCompanyName } from '../../../lib/public-settings';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import {
  useCountersign,
  useCountersignOtp,
  useDeleteSignableDocument,
  useNewVersion,
  useSignableDocument,
  useUpdateSignableDocument,
} from '../api/proposals-api';
import { BodyEditor } from '../components/body-editor';
import { ConversionButtons } from '../components/conversion-buttons';
import { DocumentStatusBadge, documentPath, isComplete, isEditable } from '../components/document-status';
import { useCanReadProposals, useCanWriteProposals } from '../components/documents-list';
import { PdfPreview } from '../components/pdf-preview';
import { PriceTable } from '../components/price-table';
import { type ItemRow, itemsOf, PriceTableEditor, rowsOf, rowsTotal } from '../components/price-table-editor';
import { SendModal } from '../components/send-modal';
import { SignForm } from '../components/sign-form';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The values the editor's live preview knows without the server (the PDF is the exact merge). */
function previewValues(
  doc: SignableDocument,
  title: string,
  total: number,
  currency: string,
  company: string,
) {
  return {
    fecha: new Intl.DateTimeFormat('es-DO', { dateStyle: 'long', timeZone: 'America/Santo_Domingo' }).format(
      new Date(),
    ),
    'empresa.nombre': company,
    'cliente.nombre': doc.recipient.name,
    'cliente.rnc': doc.recipient.taxId ?? undefined,
    'cliente.email': doc.recipient.email ?? undefined,
    'proyecto.nombre': title,
    total: formatMoney(total, currency),
    moneda: currency,
    'documento.numero': doc.number,
    'documento.version': String(doc.version),
  };
}

/** Title, body (with the picker and live preview), price table and "requiere contrafirma"; "Guardar cambios". */
function DocumentEditor({ doc, canWrite }: { doc: SignableDocument; canWrite: boolean }) {
  const update = useUpdateSignableDocument(doc.kind, doc._id);
  const company = useCompanyName();
  const [title, setTitle] = useState(doc.title);
  const [content, setContent] = useState(doc.content);
  const [rows, setRows] = useState<ItemRow[]>(rowsOf(doc.items));
  const [currency, setCurrency] = useState<DocumentItem['currency']>(doc.currency);
  const [countersign, setCountersign] = useState(doc.requiresCountersign);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const save = async () => {
    setFailure(null);
    const body = { title, content, items: itemsOf(rows, currency), requiresCountersign: countersign };
    const parsed = UpdateSignableDocumentRequestSchema.safeParse(body);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[issue.path.map(String).join('.')] ??= issue.message;
      setErrors(out);
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(body);
      toastSuccess('Cambios guardados', doc.number);
    } catch (e) {
      setFailure(getErrorMessage(e, 'No se pudieron guardar los cambios'));
    }
  };

  return (
    <Stack gap="md">
      <TextInput
        label="Título"
        value={title}
        onChange={(e) => setTitle(e.currentTarget.value)}
        error={errors.title}
        disabled={!canWrite}
        required
      />
      <BodyEditor
        value={content}
        onChange={setContent}
        values={previewValues(doc, title, rowsTotal(rows), currency, company)}
        error={errors.content}
        disabled={!canWrite}
      />
      <PriceTableEditor
        rows={rows}
        onChange={setRows}
        currency={currency}
        onCurrencyChange={setCurrency}
        errors={errors}
        disabled={!canWrite}
      />
      {errors.items && (
        <Text c="red" size="sm">
          {errors.items}
        </Text>
      )}
      <Checkbox
        label="Requiere contrafirma de la agencia"
        checked={countersign}
        onChange={(e) => setCountersign(e.currentTarget.checked)}
        disabled={!canWrite}
      />
      {doc.status !== 'draft' && (
        <Text size="xs" c="dimmed">
          Ya fue enviado: el destinatario verá los cambios al abrir el enlace.
        </Text>
      )}
      {failure && (
        <Alert color="red" icon={<IconAlertTriangle />} role="alert">
          {failure}
        </Alert>
      )}
      {canWrite && (
        <Group>
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={save} loading={update.isPending}>
            Guardar cambios
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Who signed, when, from where, and the frozen hashes. */
function Signatures({ doc }: { doc: SignableDocument }) {
  useDateDisplay();
  if (doc.signatures.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Aún no hay firmas.
      </Text>
    );
  return (
    <Stack gap="sm">
      {doc.signatures.map((s) => (
        <Card key={`${s.role}-${s.signedAt}`} withBorder padding="sm">
          <Text fw={600} size="sm">
            {s.role === 'agency' ? 'Contrafirma de la agencia' : 'Firma del destinatario'}: {s.name}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            <Field label="Cédula / RNC">{s.idNumber}</Field>
            <Field label="Correo (código verificado)">{s.email}</Field>
            <Field label="Fecha (Santo Domingo)">{formatDateTime(s.signedAt)}</Field>
            <Field label="UTC">{s.signedAt.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}</Field>
            <Field label="IP">{s.ip ?? '—'}</Field>
            <Field label="Firma dibujada">{s.hasSignatureImage ? 'Sí' : 'No'}</Field>
            <Field label="SHA-256 del PDF firmado">
              <code style={{ fontSize: 11 }}>{s.documentSha256}</code>
            </Field>
            <Field label="SHA-256 del consentimiento">
              <code style={{ fontSize: 11 }}>{s.consentSha256}</code>
            </Field>
          </SimpleGrid>
        </Card>
      ))}
    </Stack>
  );
}

/** Views (first, last, count) and the trail, oldest first. */
function Activity({ doc, events }: { doc: SignableDocument; events: DocumentEvent[] }) {
  useDateDisplay();
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Field label="Vistas">{doc.views.count}</Field>
        <Field label="Primera vista">{doc.views.first ? formatDateTime(doc.views.first) : '—'}</Field>
        <Field label="Última vista">{doc.views.last ? formatDateTime(doc.views.last) : '—'}</Field>
      </SimpleGrid>
      <div>
        <Title order={3} size="h5" mb="sm">
          Firmas
        </Title>
        <Signatures doc={doc} />
      </div>
      {(doc.documentSha256 || doc.sealedSha256) && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {doc.documentSha256 && (
            <Field label="Huella del documento firmado (SHA-256)">
              <code style={{ fontSize: 11 }}>{doc.documentSha256}</code>
            </Field>
          )}
          {doc.sealedSha256 && (
            <Field label="Huella del PDF sellado (SHA-256)">
              <code style={{ fontSize: 11 }}>{doc.sealedSha256}</code>
            </Field>
          )}
        </SimpleGrid>
      )}
      <div>
        <Title order={3} size="h5" mb="sm">
          Historial
        </Title>
        {events.length === 0 ? (
          <Text size="sm" c="dimmed">
            Sin eventos.
          </Text>
        ) : (
          <Timeline bulletSize={12} lineWidth={2}>
            {events.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the trail is append-only
              <Timeline.Item key={i} title={e.event}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(e.at)}
                  {e.actor ? ` · ${e.actor}` : ''}
                  {e.ip ? ` · IP ${e.ip}` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </div>
    </Stack>
  );
}

/** The admin's countersignature: the same steps as the recipient's, the code to the admin's e-mail. */
function CountersignModal({
  doc,
  opened,
  onClose,
}: {
  doc: SignableDocument;
  opened: boolean;
  onClose: () => void;
}) {
  const otp = useCountersignOtp(doc.kind, doc._id);
  const countersign = useCountersign(doc.kind, doc._id);
  const user = useSessionStore((s) => s.user);
  // The same consent the API freezes with the countersignature (`consentTextOf`, decision 171).
  const consent = SIGN_CONSENT_TEXT.replace(
    '{{documento}}',
    `${doc.kind === 'contract' ? 'el contrato' : 'la propuesta'} ${doc.number} (versión ${doc.version})`,
  );
  return (
    <Modal opened={opened} onClose={onClose} title="Contrafirmar" size="lg">
      <SignForm
        consentText={consent}
        requestOtp={() => otp.mutateAsync()}
        initialName={user ? `${user.firstName} ${user.lastName}` : ''}
        submitLabel="Contrafirmar"
        sign={async (body) => {
          await countersign.mutateAsync(body);
          toastSuccess('Documento contrafirmado', doc.number);
          onClose();
        }}
      />
    </Modal>
  );
}

/**
 * /proposals/:id and /contracts/:id (decision 173): the document — edit while unsigned, the exact
 * PDF, "Enviar" (e-mail + link for WhatsApp), views and trail, the admin's countersignature,
 * "Nueva versión" once signed, declined or expired, and the conversion buttons once signed.
 */
export function ProposalDetailPage({ kind }: { kind: DocumentKind }) {
  if (!useCanReadProposals()) return <AccessDenied />;
  return <DetailContent kind={kind} />;
}

/** Route components for the two kinds. */
export const ProposalDetailRoute = () => <ProposalDetailPage kind="proposal" />;
export const ContractDetailRoute = () => <ProposalDetailPage kind="contract" />;

function DetailContent({ kind }: { kind: DocumentKind }) {
  useDateDisplay();
  const { id = '' } = useParams();
  const q = useSignableDocument(kind, id);
  const canWrite = useCanWriteProposals();
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  const newVersion = useNewVersion(kind, id);
  const remove = useDeleteSignableDocument(kind, id);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'content';
  const [sending, setSending] = useState(false);
  const [countersigning, setCountersigning] = useState(false);

  if (q.isLoading)
    return (
      <Center py="xl">
        <Loader aria-label="Cargando el documento" />
      </Center>
    );
  if (q.isError || !q.data)
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title="Error">
        {getErrorStatus(q.error) === 404 ? 'Documento no encontrado.' : 'No se pudo cargar el documento.'}{' '}
        <Anchor component={Link} to="/proposals" underline="always">
          Volver a propuestas y contratos
        </Anchor>
      </Alert>
    );
  const { document: doc, events } = q.data;
  const editable = isEditable(doc);
  const complete = isComplete(doc);
  const canVersion =
    ['signed', 'countersigned', 'declined', 'expired'].includes(doc.status) && !doc.supersededById;

  const confirmNewVersion = () =>
    modals.openConfirmModal({
      title: 'Nueva versión',
      children: (
        <Text size="sm">
          Se creará la versión {doc.version + 1} como borrador, con el mismo contenido, para editarla y
          enviarla a firmar de nuevo. Esta versión queda como está.
        </Text>
      ),
      labels: { confirm: 'Crear nueva versión', cancel: 'Cancelar' },
      onConfirm: async () => {
        try {
          const next = await newVersion.mutateAsync();
          toastSuccess('Nueva versión creada', `${next.number} · versión ${next.version}`);
          navigate(documentPath(next));
        } catch (e) {
          toastError('Error', getErrorMessage(e, 'No se pudo crear la nueva versión'));
        }
      },
    });

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Eliminar borrador',
      children: (
        <Text size="sm">
          Se eliminará el borrador {doc.number}
          {doc.version > 1 ? ` (versión ${doc.version})` : ''} «{doc.title}» con su contenido y su tabla de
          precios. No se puede deshacer.
          {doc.previousVersionId ? ` La versión ${doc.version - 1} vuelve a ser la vigente.` : ''}
        </Text>
      ),
      labels: { confirm: 'Eliminar borrador', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync();
          toastSuccess('Borrador eliminado', doc.number);
          navigate(
            doc.previousVersionId
              ? documentPath({ _id: doc.previousVersionId, kind: doc.kind })
              : '/proposals',
            { replace: true },
          );
        } catch (e) {
          toastError('Error', getErrorMessage(e, 'No se pudo eliminar el borrador'));
        }
      },
    });

  return (
    <>
      <Anchor component={Link} to="/proposals" size="sm" underline="always" mb="xs" display="inline-flex">
        <IconArrowLeft size={14} aria-hidden style={{ marginRight: 4 }} />
        Propuestas y contratos
      </Anchor>
      <PageHeader
        title={doc.title}
        description={
          <Group gap="xs">
            <Text size="sm">
              {DOCUMENT_KIND_LABELS[doc.kind]} {doc.number}
              {doc.version > 1 ? ` · versión ${doc.version}` : ''}
            </Text>
            <DocumentStatusBadge status={doc.status} />
          </Group>
        }
        actions={
          <Group gap="xs">
            {canWrite && editable && (
              <Button leftSection={<IconSend size={16} />} onClick={() => setSending(true)}>
                {doc.status === 'draft' ? 'Enviar' : 'Reenviar'}
              </Button>
            )}
            {isAdmin && doc.status === 'signed' && doc.requiresCountersign && (
              <Button leftSection={<IconSignature size={16} />} onClick={() => setCountersigning(true)}>
                Contrafirmar
              </Button>
            )}
            {canWrite && canVersion && (
              <Button
                variant="default"
                leftSection={<IconCopyPlus size={16} />}
                onClick={confirmNewVersion}
                loading={newVersion.isPending}
              >
                Nueva versión
              </Button>
            )}
            {canWrite && doc.status === 'draft' && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={confirmDelete}
                loading={remove.isPending}
              >
                Eliminar borrador
              </Button>
            )}
          </Group>
        }
      />
      <Stack gap="lg">
        <Card withBorder>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <Field label="Para">
              {doc.recipient.name}
              {doc.leadId && (
                <>
                  {' · '}
                  <Anchor component={Link} to={`/leads/${doc.leadId}`} underline="always" size="sm">
                    ver prospecto
                  </Anchor>
                </>
              )}
              {doc.clientId && isAdmin && (
                <>
                  {' · '}
                  <Anchor component={Link} to={`/clients/${doc.clientId}`} underline="always" size="sm">
                    ver cliente
                  </Anchor>
                </>
              )}
            </Field>
            <Field label="Total">{formatMoney(doc.total, doc.currency)}</Field>
            <Field label="Enviado">{doc.sentAt ? formatDateTime(doc.sentAt) : 'No enviado'}</Field>
            <Field label="Vistas">
              {doc.views.count === 0
                ? 'Sin abrir'
                : `${doc.views.count} · última ${formatDateTime(doc.views.last ?? doc.views.first ?? '')}`}
            </Field>
          </SimpleGrid>
        </Card>
        {doc.status === 'declined' && (
          <Alert color="red" icon={<IconAlertTriangle />} title="Rechazado por el destinatario">
            {doc.declineReason ?? 'Sin motivo.'}
            {doc.declinedAt ? ` (${formatDateTime(doc.declinedAt)})` : ''}
          </Alert>
        )}
        {doc.supersededById && (
          <Alert color="gray">
            Esta versión fue reemplazada.{' '}
            <Anchor
              component={Link}
              to={documentPath({ _id: doc.supersededById, kind: doc.kind })}
              underline="always"
            >
              Ver la versión nueva
            </Anchor>
          </Alert>
        )}
        {doc.status === 'signed' && doc.requiresCountersign && (
          <Alert color="blue" icon={<IconSignature />}>
            El destinatario ya firmó. Falta la contrafirma de un administrador.
          </Alert>
        )}
        {complete && doc.kind === 'proposal' && isAdmin && (
          <Card withBorder>
            <Title order={2} size="h4" mb="xs">
              Convertir la propuesta firmada
            </Title>
            {doc.conversion ? (
              <Text size="sm">
                Convertida en {CONVERSION_TARGET_LABELS[doc.conversion.target].toLowerCase()} el{' '}
                {formatDateTime(doc.conversion.at)}
                {formatDateTime(doc.conversion.at).endsWith('.') ? ' ' : '. '}
                <Anchor
                  component={Link}
                  to={
                    doc.conversion.target === 'project'
                      ? `/projects/${doc.conversion.id}`
                      : doc.conversion.target === 'invoice'
                        ? `/billing/${doc.conversion.id}`
                        : '/billing/retainers'
                  }
                  underline="always"
                >
                  Abrir
                </Anchor>
              </Text>
            ) : (
              <Stack gap="xs">
                <Text size="sm" c="dimmed">
                  Crea en un paso lo que se firmó (solo una de estas opciones, una vez).
                </Text>
                <ConversionButtons doc={doc} />
              </Stack>
            )}
          </Card>
        )}
        <Tabs value={tab} onChange={(v) => v && setParams({ tab: v }, { replace: true })} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="content">Contenido</Tabs.Tab>
            <Tabs.Tab value="pdf">Vista previa PDF</Tabs.Tab>
            <Tabs.Tab value="activity">Actividad</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="content" pt="md">
            {editable ? (
              <DocumentEditor key={doc.updatedAt} doc={doc} canWrite={canWrite} />
            ) : (
              <Stack gap="md">
                <Text size="xs" c="dimmed">
                  {doc.status === 'declined' || doc.status === 'expired'
                    ? 'Este documento ya no se puede editar: crea una nueva versión.'
                    : 'Firmado: el contenido quedó congelado. Para cambiarlo, crea una nueva versión.'}
                </Text>
                <MarkdownText source={doc.mergedContent} empty="Sin contenido." />
                <PriceTable items={doc.items} currency={doc.currency} total={doc.total} />
              </Stack>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="pdf" pt="md">
            <PdfPreview kind={doc.kind} id={doc._id} number={doc.number} version={doc.updatedAt} />
          </Tabs.Panel>
          <Tabs.Panel value="activity" pt="md">
            <Activity doc={doc} events={events} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      {sending && <SendModal doc={doc} opened onClose={() => setSending(false)} />}
      {countersigning && <CountersignModal doc={doc} opened onClose={() => setCountersigning(false)} />}
    </>
  );
}
