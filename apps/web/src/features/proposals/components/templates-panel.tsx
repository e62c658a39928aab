import {
  CreateDocumentTemplateRequestSchema,
  DOCUMENT_KIND_LABELS,
  type DocumentItem,
  type DocumentKind,
  type DocumentTemplate,
} from '@agencia/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import {
  useDeleteDocumentTemplate,
  useDocumentTemplates,
  useSaveDocumentTemplate,
} from '../api/proposals-api';
import { BodyEditor } from './body-editor';
import { SAMPLE_MERGE_VALUES } from './merge-preview';
import { type ItemRow, itemsOf, PriceTableEditor, rowsOf } from './price-table-editor';

const STARTER_BODY = `# Propuesta para {{cliente.nombre}}

Santo Domingo, {{fecha}}

Gracias por considerar a {{empresa.nombre}} para **{{proyecto.nombre}}**.

## Alcance

- Diseño y desarrollo
- Capacitación y entrega

## Inversión

El total es {{total}}.`;

/** Field errors of a zod result, by dotted path. */
function issuesByPath(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    out[key] ??= issue.message;
  }
  return out;
}

/** "Nueva plantilla" / edit: name, kind, "requiere contrafirma", body with the picker, price lines. */
function TemplateModal({
  template,
  opened,
  onClose,
}: {
  template: DocumentTemplate | null;
  opened: boolean;
  onClose: () => void;
}) {
  const save = useSaveDocumentTemplate();
  const phone = useMediaQuery('(max-width: 36em)');
  const [name, setName] = useState(template?.name ?? '');
  const [kind, setKind] = useState<DocumentKind>(template?.kind ?? 'proposal');
  const [body, setBody] = useState(template?.body ?? STARTER_BODY);
  const [countersign, setCountersign] = useState(template?.requiresCountersign ?? true);
  const [rows, setRows] = useState<ItemRow[]>(rowsOf(template?.items ?? []));
  const [currency, setCurrency] = useState<DocumentItem['currency']>(template?.items[0]?.currency ?? 'DOP');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setFailure(null);
    const body_ = { name, kind, body, requiresCountersign: countersign, items: itemsOf(rows, currency) };
    const parsed = CreateDocumentTemplateRequestSchema.safeParse(body_);
    if (!parsed.success) {
      setErrors(issuesByPath(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: template?._id, body: body_ });
      toastSuccess(template ? 'Plantilla actualizada' : 'Plantilla creada', name);
      onClose();
    } catch (e) {
      setFailure(getErrorMessage(e, 'No se pudo guardar la plantilla'));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={template ? 'Editar plantilla' : 'Nueva plantilla'}
      size="xl"
      fullScreen={phone}
    >
      <Stack gap="md">
        <TextInput
          label="Nombre"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="template-kind-label">
            Tipo
          </Text>
          <SegmentedControl
            aria-labelledby="template-kind-label"
            value={kind}
            onChange={(v) => setKind(v as DocumentKind)}
            data={[
              { value: 'proposal', label: 'Propuesta' },
              { value: 'contract', label: 'Contrato' },
            ]}
            w="fit-content"
          />
        </Stack>
        <Checkbox
          label="Requiere contrafirma"
          description="Un administrador firma después del cliente; si no, la firma del cliente lo completa."
          checked={countersign}
          onChange={(e) => setCountersign(e.currentTarget.checked)}
        />
        <BodyEditor value={body} onChange={setBody} values={SAMPLE_MERGE_VALUES} error={errors.body} />
        <PriceTableEditor
          rows={rows}
          onChange={setRows}
          currency={currency}
          onCurrencyChange={setCurrency}
          errors={errors}
        />
        {errors.items && (
          <Text c="red" size="sm">
            {errors.items}
          </Text>
        )}
        {failure && (
          <Alert color="red" icon={<IconAlertTriangle />} role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Guardar plantilla
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Configuración → Plantillas (decision 173, admin): the templates of proposals and contracts, with
 * "Nueva plantilla", edit, and delete after confirming (documents already created keep their copy).
 */
export function TemplatesPanel() {
  const templates = useDocumentTemplates();
  const remove = useDeleteDocumentTemplate();
  const [editing, setEditing] = useState<DocumentTemplate | 'new' | null>(null);

  const confirmDelete = (template: DocumentTemplate) =>
    modals.openConfirmModal({
      title: 'Eliminar plantilla',
      children: (
        <Text size="sm">
          ¿Eliminar la plantilla «{template.name}»? Las propuestas y contratos ya creados con ella no cambian.
        </Text>
      ),
      labels: { confirm: 'Eliminar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await remove.mutateAsync(template._id);
          toastSuccess('Plantilla eliminada', template.name);
        } catch (e) {
          toastError('Error', getErrorMessage(e, 'No se pudo eliminar la plantilla'));
        }
      },
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={2} size="h3">
            Plantillas
          </Title>
          <Text size="sm" c="dimmed">
            Modelos de propuestas y contratos con campos que se completan solos.
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Nueva plantilla
        </Button>
      </Group>
      {templates.isLoading ? (
        <Center py="xl">
          <Loader aria-label="Cargando plantillas" />
        </Center>
      ) : templates.isError ? (
        <Alert color="red" icon={<IconAlertTriangle />}>
          No se pudieron cargar las plantillas.{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void templates.refetch()}>
            Reintentar
          </Button>
        </Alert>
      ) : (templates.data ?? []).length === 0 ? (
        <Card withBorder p="xl">
          <Stack align="center" gap="xs">
            <Text fw={500}>Aún no hay plantillas</Text>
            <Text size="sm" c="dimmed" ta="center">
              Crea una plantilla para preparar propuestas y contratos en segundos.
            </Text>
          </Stack>
        </Card>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {(templates.data ?? []).map((template) => (
            <Card key={template._id} withBorder component="li" padding="md">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {template.name}
                  </Text>
                  <Group gap="xs">
                    <Badge variant="light" color={template.kind === 'contract' ? 'grape' : 'blue'}>
                      {DOCUMENT_KIND_LABELS[template.kind]}
                    </Badge>
                    {template.requiresCountersign && (
                      <Badge variant="outline" color="gray">
                        Requiere contrafirma
                      </Badge>
                    )}
                    <Text size="xs" c="dimmed">
                      {template.items.length === 1
                        ? '1 línea de precio'
                        : `${template.items.length} líneas de precio`}
                    </Text>
                  </Group>
                </Stack>
                <Group gap="xs">
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconEdit size={14} />}
                    onClick={() => setEditing(template)}
                    aria-label={`Editar ${template.name}`}
                  >
                    Editar
                  </Button>
                  <Button
                    variant="default"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => confirmDelete(template)}
                    aria-label={`Eliminar ${template.name}`}
                  >
                    Eliminar
                  </Button>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {editing && (
        <TemplateModal
          key={editing === 'new' ? 'new' : editing._id}
          template={editing === 'new' ? null : editing}
          opened
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
