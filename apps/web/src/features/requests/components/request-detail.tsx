import {
  ACCESS_BUDGETS,
  type AccessRequest,
  PREFERRED_CONTACTS,
  QUOTE_BUDGETS,
  type QuoteRequest,
  REQUEST_KIND_LABELS,
  REQUEST_STATUS_COLORS,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUS_TRANSITIONS,
  type RequestStatus,
} from '@agencia/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDownload, IconFileInvoice, IconUserCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client';
import { formatNumericDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { downloadRequestFile, useUpdateRequestStatus } from '../api/requests-api';

/** Spanish labels of the access request's stored fields (spec doc 1 §3 names). */
const FIELD_LABELS: Record<string, string> = {
  clientType: 'Tipo de cliente',
  primaryEmail: 'Email principal',
  primaryPhone: 'Teléfono principal',
  firstName: 'Nombre',
  middleName: 'Segundo nombre',
  lastName: 'Apellido',
  secondLastName: 'Segundo apellido',
  cedula: 'Cédula',
  birthDate: 'Fecha de nacimiento',
  gender: 'Género',
  maritalStatus: 'Estado civil',
  occupation: 'Ocupación',
  companyName: 'Empresa',
  commercialName: 'Nombre comercial',
  rnc: 'RNC',
  companyType: 'Tipo de sociedad',
  legalRepresentativeName: 'Representante legal',
  legalRepresentativeCedula: 'Cédula del representante',
  foundationDate: 'Fecha de constitución',
  address: 'Dirección',
  sector: 'Sector',
  city: 'Ciudad',
  province: 'Provincia',
  postalCode: 'Código postal',
  country: 'País',
  homePhone: 'Teléfono residencial',
  workPhone: 'Teléfono del trabajo',
  mobilePhone: 'Celular',
  whatsappNumber: 'WhatsApp',
  website: 'Sitio web',
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  emergencyContactName: 'Contacto de emergencia',
  emergencyContactPhone: 'Teléfono de emergencia',
  emergencyContactRelation: 'Parentesco',
  currentEmployer: 'Empleador',
  jobTitle: 'Cargo',
  workAddress: 'Dirección del trabajo',
  monthlyIncome: 'Ingreso mensual',
  businessSector: 'Sector del negocio',
  numberOfEmployees: 'Empleados',
  annualRevenue: 'Facturación anual',
  yearsInBusiness: 'Años en el negocio',
  mainProducts: 'Productos principales',
  targetMarket: 'Mercado objetivo',
  projectDescription: 'Descripción del proyecto',
  projectType: 'Tipo de proyecto',
  estimatedBudget: 'Presupuesto estimado',
  projectDeadline: 'Fecha límite',
  hasExistingWebsite: 'Tiene sitio web',
  currentWebsite: 'Sitio web actual',
  competitorWebsites: 'Sitios de referencia',
  preferredColors: 'Colores preferidos',
  preferredStyle: 'Estilo preferido',
  preferredContact: 'Contacto preferido',
  preferredMeetingTime: 'Horario de reuniones',
  communicationLanguage: 'Idioma',
  acceptTerms: 'Aceptó los términos',
  acceptMarketing: 'Acepta comunicaciones comerciales',
  hearAboutUs: 'Cómo nos conoció',
};

function display(field: string, value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (field === 'clientType') return value === 'company' ? 'Empresa' : 'Persona Física';
  if (field === 'estimatedBudget')
    return ACCESS_BUDGETS.find((b) => b.value === value)?.label ?? String(value);
  if (field === 'communicationLanguage') return value === 'english' ? 'Inglés' : 'Español';
  if (field === 'preferredContact')
    return PREFERRED_CONTACTS.find((b) => b.value === value)?.label ?? String(value);
  return String(value ?? '');
}

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

const ACTION_LABELS: Record<RequestStatus, string> = {
  new: 'Marcar como nueva',
  contacted: 'Marcar como contactada',
  converted: 'Convertir',
  discarded: 'Descartar',
};

/** Detail of one lead with its status actions (new → contacted → converted / discarded). */
export function RequestDetail({ request }: { request: QuoteRequest | AccessRequest }) {
  useDateDisplay();
  const update = useUpdateRequestStatus();
  const change = (status: RequestStatus) => {
    const convertAccess = status === 'converted' && request.kind === 'access';
    const run = () =>
      update.mutate(
        { kind: request.kind, id: request._id, status },
        {
          onSuccess: () =>
            toastSuccess(
              'Solicitud actualizada',
              convertAccess
                ? 'Se creó el cliente a partir de la solicitud.'
                : `Estado: ${REQUEST_STATUS_LABELS[status]}`,
            ),
          onError: (error) =>
            toastError('No se pudo actualizar', getErrorMessage(error, 'Intenta nuevamente.')),
        },
      );
    if (status === 'discarded' || convertAccess) {
      modals.openConfirmModal({
        title: status === 'discarded' ? 'Descartar solicitud' : 'Convertir en cliente',
        children: (
          <Text size="sm">
            {status === 'discarded'
              ? `¿Descartar la solicitud de ${request.name}? Esta acción no se puede deshacer.`
              : `Se creará el registro de cliente de ${request.name} con los datos de la solicitud.`}
          </Text>
        ),
        labels: { confirm: status === 'discarded' ? 'Descartar' : 'Convertir', cancel: 'Cancelar' },
        confirmProps: { color: status === 'discarded' ? 'red' : undefined },
        onConfirm: run,
      });
    } else run();
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="xs">
          <Badge variant="light">{REQUEST_KIND_LABELS[request.kind]}</Badge>
          <Badge color={REQUEST_STATUS_COLORS[request.status]}>{REQUEST_STATUS_LABELS[request.status]}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Recibida el {formatNumericDateTime(request.createdAt)}
        </Text>
      </Group>
      {REQUEST_STATUS_TRANSITIONS[request.status].length > 0 && (
        <Group gap="sm">
          {REQUEST_STATUS_TRANSITIONS[request.status].map((status) => (
            <Button
              key={status}
              variant={status === 'discarded' ? 'default' : 'filled'}
              color={status === 'discarded' ? 'red' : undefined}
              loading={update.isPending && update.variables?.status === status}
              onClick={() => change(status)}
            >
              {ACTION_LABELS[status]}
            </Button>
          ))}
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Field label="Nombre" value={request.name} />
        <Field label="Email" value={request.email} />
        <Field label="Teléfono" value={request.phone} />
      </SimpleGrid>

      {request.kind === 'quote' && request.status !== 'discarded' && (
        // Lead → quote (decision 114): the quote form opens prefilled from this request.
        <Button
          component={Link}
          to={`/billing/quotes?solicitud=${request._id}`}
          variant="light"
          leftSection={<IconFileInvoice size={18} />}
          w="fit-content"
        >
          Crear cotización
        </Button>
      )}
      {request.kind === 'quote' ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={3} size="h5">
              {request.serviceTitle}
            </Title>
            {request.serviceFeatures.length > 0 && (
              <List size="sm" spacing={2}>
                {request.serviceFeatures.map((f) => (
                  <List.Item key={f}>{f}</List.Item>
                ))}
              </List>
            )}
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <Field label="Empresa" value={request.company} />
              <Field
                label="Presupuesto"
                value={QUOTE_BUDGETS.find((b) => b.value === request.budget)?.label ?? request.budget}
              />
              <Field label="Tiempo de entrega" value={request.timeline} />
            </SimpleGrid>
            <Field label="Descripción del proyecto" value={request.description} />
            <Field label="Requerimientos adicionales" value={request.requirements} />
          </Stack>
        </Paper>
      ) : (
        <>
          {request.clientId && (
            <Alert color="green" icon={<IconUserCheck size={18} />} title="Cliente creado">
              Esta solicitud ya es un cliente del portal.
            </Alert>
          )}
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {Object.keys(FIELD_LABELS)
                .map((field) => [field, request.data[field]] as const)
                .filter(
                  ([field, value]) =>
                    FIELD_LABELS[field] && value !== undefined && value !== null && value !== '',
                )
                .map(([field, value]) => (
                  <Field key={field} label={FIELD_LABELS[field] ?? field} value={display(field, value)} />
                ))}
            </SimpleGrid>
          </Paper>
          {request.files.length > 0 && (
            <Stack gap={4}>
              <Title order={3} size="h5">
                Documentos
              </Title>
              {request.files.map((file) => (
                <Anchor
                  key={file._id}
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => void downloadRequestFile(request._id, file._id, file.filename)}
                >
                  <Group gap={6} component="span">
                    <IconDownload size={14} aria-hidden />
                    {file.filename} ({Math.ceil(file.size / 1024)} KB)
                  </Group>
                </Anchor>
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
