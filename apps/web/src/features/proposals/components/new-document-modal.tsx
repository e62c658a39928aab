import {
  CreateSignableDocumentRequestSchema,
  DOCUMENT_KIND_LABELS,
  type DocumentKind,
} from '@agencia/shared';
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useSessionStore } from '../../../stores/session-store';
import { useCreateSignableDocument, useDocumentTemplates, useRecipientOptions } from '../api/proposals-api';
import { documentPath } from './document-status';

/**
 * "Nueva propuesta" / "Nuevo contrato" (decision 173): for the given lead or client (or one picked
 * here), from a template (its body and price lines are copied) — the editor opens next.
 */
export function NewDocumentModal({
  opened,
  onClose,
  initialKind = 'proposal',
  leadId,
  clientId,
  defaultTitle = '',
}: {
  opened: boolean;
  onClose: () => void;
  initialKind?: DocumentKind;
  leadId?: string;
  clientId?: string;
  defaultTitle?: string;
}) {
  const navigate = useNavigate();
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  const [kind, setKind] = useState<DocumentKind>(initialKind);
  const [title, setTitle] = useState(defaultTitle);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [recipient, setRecipient] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const fixed = Boolean(leadId || clientId);
  const templates = useDocumentTemplates();
  const recipients = useRecipientOptions(debounced, opened && !fixed, isAdmin);
  const create = useCreateSignableDocument(kind);
  const ofKind = (templates.data ?? []).filter((t) => t.kind === kind);

  const submit = async () => {
    setFailure(null);
    const [type, id] = (recipient ?? '').split(':');
    const body = {
      leadId: leadId ?? (type === 'lead' ? id : undefined),
      clientId: clientId ?? (type === 'client' ? id : undefined),
      title,
      templateId: templateId ?? undefined,
      ...(templateId ? {} : { content: `# ${title || DOCUMENT_KIND_LABELS[kind]}\n\n` }),
    };
    const parsed = CreateSignableDocumentRequestSchema.safeParse(body);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
      setErrors(out);
      return;
    }
    setErrors({});
    try {
      const doc = await create.mutateAsync(body);
      toastSuccess(kind === 'contract' ? 'Contrato creado' : 'Propuesta creada', doc.number);
      onClose();
      navigate(documentPath(doc));
    } catch (e) {
      setFailure(getErrorMessage(e, 'No se pudo crear el documento'));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={kind === 'contract' ? 'Nuevo contrato' : 'Nueva propuesta'}
    >
      <Stack gap="md">
        <SegmentedControl
          aria-label="Tipo de documento"
          value={kind}
          onChange={(v) => {
            setKind(v as DocumentKind);
            setTemplateId(null);
          }}
          data={[
            { value: 'proposal', label: 'Propuesta' },
            { value: 'contract', label: 'Contrato' },
          ]}
        />
        {!fixed && (
          <Select
            label="Prospecto o cliente"
            placeholder="Busca por nombre"
            searchable
            required
            data={(['Prospectos', 'Clientes'] as const)
              .map((group) => ({
                group,
                // Items without their `group` key: Mantine reads any object with `group` as a group.
                items: (recipients.data ?? [])
                  .filter((o) => o.group === group)
                  .map(({ value, label }) => ({ value, label })),
              }))
              .filter((g) => g.items.length > 0)}
            value={recipient}
            onChange={setRecipient}
            searchValue={search}
            onSearchChange={setSearch}
            nothingFoundMessage={recipients.isFetching ? 'Buscando…' : 'Sin resultados'}
            error={errors.clientId ?? errors.leadId}
            filter={({ options }) => options}
          />
        )}
        <TextInput
          label="Título"
          required
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errors.title}
          data-autofocus
        />
        <Select
          label="Plantilla"
          placeholder={templates.isLoading ? 'Cargando…' : 'Sin plantilla (en blanco)'}
          data={ofKind.map((t) => ({ value: t._id, label: t.name }))}
          value={templateId}
          onChange={setTemplateId}
          clearable
          error={errors.content}
        />
        {!templates.isLoading && ofKind.length === 0 && (
          <Text size="xs" c="dimmed">
            No hay plantillas de {kind === 'contract' ? 'contrato' : 'propuesta'}: el documento empieza en
            blanco.
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
          <Button onClick={submit} loading={create.isPending}>
            Crear
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
