import { LEAD_SOURCE_LABELS, type Lead, type LeadStage } from '@agencia/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Grid,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconArrowLeft, IconUserCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AccessDenied } from '../../../components/errors/access-denied';
import { PageHeader } from '../../../components/ui/page-header';
import { getErrorMessage, getErrorStatus } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useSessionStore } from '../../../stores/session-store';
import { DocumentsSection } from '../../proposals';
import { useConvertLead, useLead, useLeadStages, useMoveLead } from '../api/leads-api';
import { LeadActivityForm } from '../components/lead-activity-form';
import { leadValue } from '../components/lead-money';
import { LeadTimeline } from '../components/lead-timeline';
import { LostReasonModal } from '../components/lost-reason-modal';
import { useCanReadLeads } from '../components/use-can-read-leads';

const stageColor = (kind: Lead['stage']['kind']) =>
  kind === 'won' ? 'green' : kind === 'lost' ? 'red' : 'blue';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** The lead's facts (contact, value, owner, dates, where it came from, its client). */
function LeadFacts({ lead }: { lead: Lead }) {
  useDateDisplay();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <Field label="Contacto">{lead.contactName}</Field>
      <Field label="Empresa">{lead.company ?? '—'}</Field>
      <Field label="Email">
        {lead.email ? (
          <Anchor href={`mailto:${lead.email}`} underline="always">
            {lead.email}
          </Anchor>
        ) : (
          '—'
        )}
      </Field>
      <Field label="Teléfono">{lead.phone ?? '—'}</Field>
      <Field label="Valor estimado">{leadValue(lead)}</Field>
      <Field label="Cierre esperado">
        {lead.expectedCloseDate ? formatDate(lead.expectedCloseDate) : '—'}
      </Field>
      <Field label="Origen">
        {LEAD_SOURCE_LABELS[lead.source]}
        {lead.quoteRequestId && (
          <>
            {' · '}
            <Anchor
              component={Link}
              to={`/clients/requests?kind=quote&id=${lead.quoteRequestId}`}
              underline="always"
            >
              ver solicitud
            </Anchor>
          </>
        )}
        {lead.accessRequestId && (
          <>
            {' · '}
            <Anchor
              component={Link}
              to={`/clients/requests?kind=access&id=${lead.accessRequestId}`}
              underline="always"
            >
              ver solicitud
            </Anchor>
          </>
        )}
      </Field>
      <Field label="Responsable">
        {lead.owner ? `${lead.owner.firstName} ${lead.owner.lastName}` : 'Sin responsable'}
      </Field>
      {lead.lostReason && <Field label="Motivo de pérdida">{lead.lostReason}</Field>}
      {lead.clientId && (
        <Field label="Cliente">
          <Anchor component={Link} to={`/clients/${lead.clientId}`} underline="always">
            Ver ficha del cliente
          </Anchor>
        </Field>
      )}
      {lead.description && (
        <div style={{ gridColumn: '1 / -1' }}>
          <Field label="Descripción">
            <span style={{ whiteSpace: 'pre-wrap' }}>{lead.description}</span>
          </Field>
        </div>
      )}
    </SimpleGrid>
  );
}

/** /leads/:id: the lead, its timeline, activities, "Convertir en cliente" and "Marcar como perdido". */
export function LeadDetailPage() {
  if (!useCanReadLeads()) return <AccessDenied />;
  return <LeadDetailPageContent />;
}

function LeadDetailPageContent() {
  const { id = '' } = useParams();
  const q = useLead(id);
  const stages = useLeadStages();
  const move = useMoveLead();
  const convert = useConvertLead(id);
  const role = useSessionStore((s) => s.user?.role);
  const navigate = useNavigate();
  const [losing, setLosing] = useState(false);
  const canReadProposals = useSessionStore(
    (s) => s.user?.role === 'admin' || (s.user?.permissions ?? []).includes('proposals.read'),
  );

  if (q.isLoading)
    return (
      <Center py="xl">
        <Loader aria-label="Cargando prospecto" />
      </Center>
    );
  if (q.isError || !q.data)
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title="Error">
        {getErrorStatus(q.error) === 404 ? 'Prospecto no encontrado.' : 'No se pudo cargar el prospecto.'}{' '}
        <Anchor component={Link} to="/leads" underline="always">
          Volver a prospectos
        </Anchor>
      </Alert>
    );
  const { lead, events } = q.data;
  const lostStage = stages.data?.find((s) => s.kind === 'lost');

  const moveTo = async (stage: LeadStage, lostReason?: string) => {
    try {
      await move.mutateAsync({ id, stageId: stage._id, ...(lostReason ? { lostReason } : {}) });
      toastSuccess('Prospecto movido', `${lead.title} → ${stage.name}`);
    } catch (e) {
      toastError('Error', getErrorMessage(e, 'No se pudo mover el prospecto'));
    }
  };

  const confirmConvert = () =>
    modals.openConfirmModal({
      title: 'Convertir en cliente',
      children: (
        <Text size="sm">
          Se creará un cliente con los datos de «{lead.contactName}»{lead.company ? ` (${lead.company})` : ''}
          ; las notas y actividades pasan a su ficha y el prospecto queda como ganado. ¿Continuar?
        </Text>
      ),
      labels: { confirm: 'Convertir en cliente', cancel: 'Cancelar' },
      onConfirm: async () => {
        try {
          const res = await convert.mutateAsync({});
          toastSuccess(
            'Cliente creado',
            res.alreadyConverted ? 'Este prospecto ya era cliente' : lead.contactName,
          );
          navigate(`/clients/${res.clientId}`);
        } catch (e) {
          toastError('Error', getErrorMessage(e, 'No se pudo convertir el prospecto'));
        }
      },
    });

  return (
    <>
      <Anchor component={Link} to="/leads" size="sm" underline="always" mb="xs" display="inline-flex">
        <IconArrowLeft size={14} aria-hidden style={{ marginRight: 4 }} />
        Prospectos
      </Anchor>
      <PageHeader
        title={lead.title}
        description={
          <Group gap="xs">
            <Badge variant="light" color={stageColor(lead.stage.kind)}>
              {lead.stage.name}
            </Badge>
            <Text size="sm" c="dimmed">
              {leadValue(lead)}
            </Text>
          </Group>
        }
        actions={
          <Group gap="sm">
            {role === 'admin' && !lead.clientId && (
              <Button
                leftSection={<IconUserCheck size={16} />}
                onClick={confirmConvert}
                loading={convert.isPending}
              >
                Convertir en cliente
              </Button>
            )}
            {lead.stage.kind !== 'lost' && lostStage && !lead.clientId && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconX size={16} />}
                onClick={() => setLosing(true)}
              >
                Marcar como perdido
              </Button>
            )}
          </Group>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Datos
              </Title>
              <LeadFacts lead={lead} />
            </Card>
            <Card withBorder>
              <Select
                label="Etapa"
                data={(stages.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
                value={lead.stage._id}
                allowDeselect={false}
                onChange={(value) => {
                  const stage = stages.data?.find((s) => s._id === value);
                  if (!stage || stage._id === lead.stage._id) return;
                  if (stage.kind === 'lost') setLosing(true);
                  else void moveTo(stage);
                }}
              />
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            {canReadProposals && (
              <Card withBorder>
                <Title order={2} size="h4" mb="sm">
                  Propuestas y contratos
                </Title>
                {/* Decision 173: documents for this lead, signed online. */}
                <DocumentsSection leadId={id} defaultTitle={lead.title} />
              </Card>
            )}
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Agregar al historial
              </Title>
              <LeadActivityForm leadId={id} />
            </Card>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Historial
              </Title>
              <LeadTimeline events={events} />
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
      <LostReasonModal
        opened={losing}
        loading={move.isPending}
        onCancel={() => setLosing(false)}
        onConfirm={async (reason) => {
          if (lostStage) await moveTo(lostStage, reason);
          setLosing(false);
        }}
      />
    </>
  );
}
