import {
  CreateLeadStageRequestSchema,
  LEAD_STAGE_KIND_LABELS,
  LEAD_STAGE_KINDS,
  type LeadStage,
  type LeadStageKind,
  UpdateLeadStageRequestSchema,
} from '@agencia/shared';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { announce } from '../../../lib/live-region';
import { toastSuccess } from '../../../lib/toast';
import { useCreateLeadStage, useDeleteLeadStage, useLeadStages, useUpdateLeadStage } from '../api/leads-api';

const KIND_OPTIONS = LEAD_STAGE_KINDS.map((k) => ({ value: k, label: LEAD_STAGE_KIND_LABELS[k] }));
const KIND_COLORS: Record<LeadStageKind, string> = { open: 'blue', won: 'green', lost: 'red' };

const leadsText = (n: number) => (n === 1 ? '1 prospecto' : `${n} prospectos`);

/** The first schema message of `result` for `field`, if any. */
function fieldError(
  result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } },
  field: string,
): string | undefined {
  return result.error?.issues.find((i) => i.path[0] === field)?.message;
}

/** One stage: name and kind (saved with "Guardar"), up / down, delete. */
function StageRow({
  stage,
  index,
  count,
  onMove,
  onDelete,
  onError,
}: {
  stage: LeadStage;
  index: number;
  count: number;
  onMove: (stage: LeadStage, to: number, dir: 'up' | 'down') => void;
  onDelete: (stage: LeadStage) => void;
  onError: (message: string | null) => void;
}) {
  const update = useUpdateLeadStage();
  const [name, setName] = useState(stage.name);
  const [kind, setKind] = useState<LeadStageKind>(stage.kind);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    setName(stage.name);
    setKind(stage.kind);
  }, [stage.name, stage.kind]);
  const dirty = name.trim() !== stage.name || kind !== stage.kind;

  const save = async () => {
    const body = {
      ...(name.trim() !== stage.name ? { name } : {}),
      ...(kind !== stage.kind ? { kind } : {}),
    };
    const parsed = UpdateLeadStageRequestSchema.safeParse(body);
    setError(fieldError(parsed, 'name'));
    if (!parsed.success) return;
    onError(null);
    try {
      const saved = await update.mutateAsync({ id: stage._id, ...parsed.data });
      toastSuccess('Etapa guardada', saved.name);
    } catch (e) {
      onError(getErrorMessage(e, 'No se pudo guardar la etapa'));
    }
  };

  return (
    <Card withBorder padding="sm" component="li" aria-label={`Etapa ${index + 1}: ${stage.name}`}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label={`Nombre de la etapa ${index + 1}`}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && dirty) void save();
          }}
          error={error}
          maxLength={60}
          style={{ flex: '1 1 180px' }}
        />
        <Select
          label="Tipo"
          data={KIND_OPTIONS}
          value={kind}
          onChange={(v) => v && setKind(v as LeadStageKind)}
          allowDeselect={false}
          w={130}
        />
        <Button
          variant={dirty ? 'filled' : 'default'}
          disabled={!dirty}
          loading={update.isPending}
          onClick={save}
        >
          Guardar
        </Button>
      </Group>
      <Group justify="space-between" mt="xs" gap="xs">
        <Group gap={6}>
          <Badge variant="light" color={KIND_COLORS[stage.kind]}>
            {LEAD_STAGE_KIND_LABELS[stage.kind]}
          </Badge>
          <Text size="xs" c="dimmed">
            {leadsText(stage.leadCount)}
          </Text>
        </Group>
        <Group gap={4}>
          <ActionIcon
            id={`stage-${stage._id}-up`}
            variant="default"
            size="lg"
            aria-label={`Subir «${stage.name}»`}
            disabled={index === 0}
            onClick={() => onMove(stage, index - 1, 'up')}
          >
            <IconArrowUp size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            id={`stage-${stage._id}-down`}
            variant="default"
            size="lg"
            aria-label={`Bajar «${stage.name}»`}
            disabled={index === count - 1}
            onClick={() => onMove(stage, index + 1, 'down')}
          >
            <IconArrowDown size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="light"
            color="red"
            size="lg"
            aria-label={`Eliminar «${stage.name}»`}
            onClick={() => onDelete(stage)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
    </Card>
  );
}

/** "Agregar etapa": name and kind, added last. */
function AddStage({ onError }: { onError: (message: string | null) => void }) {
  const create = useCreateLeadStage();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<LeadStageKind>('open');
  const [error, setError] = useState<string | undefined>();
  const add = async () => {
    const parsed = CreateLeadStageRequestSchema.safeParse({ name, kind });
    setError(fieldError(parsed, 'name'));
    if (!parsed.success) return;
    onError(null);
    try {
      const stage = await create.mutateAsync(parsed.data);
      toastSuccess('Etapa agregada', stage.name);
      setName('');
      setKind('open');
    } catch (e) {
      onError(getErrorMessage(e, 'No se pudo agregar la etapa'));
    }
  };
  return (
    <Card withBorder padding="sm" bg="var(--mantine-color-body)">
      <Title order={3} size="h6" mb="xs">
        Nueva etapa
      </Title>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label="Nombre"
          placeholder="Ej.: Reunión agendada"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void add();
          }}
          error={error}
          maxLength={60}
          style={{ flex: '1 1 180px' }}
        />
        <Select
          label="Tipo"
          data={KIND_OPTIONS}
          value={kind}
          onChange={(v) => v && setKind(v as LeadStageKind)}
          allowDeselect={false}
          w={130}
        />
        <Button leftSection={<IconPlus size={16} />} onClick={add} loading={create.isPending}>
          Agregar etapa
        </Button>
      </Group>
    </Card>
  );
}

/**
 * "Etapas" of Prospectos (decision 174, admins: the API's `manageStages`): the board's columns in
 * order — rename, change the kind (abierta, ganado, perdido), move up / down (buttons, so the
 * keyboard works as the mouse; focus follows the moved stage and the new place is announced),
 * add, and delete. What the API refuses is said before asking: a stage with leads cannot be
 * deleted (they are never deleted with it: move them first), and the board keeps one stage of
 * each kind (the API's 409 message shows otherwise).
 */
export function StageEditorModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const stages = useLeadStages();
  const update = useUpdateLeadStage();
  const remove = useDeleteLeadStage();
  const [failure, setFailure] = useState<string | null>(null);
  const focusAfter = useRef<{ id: string; dir: 'up' | 'down' } | null>(null);
  const list = stages.data ?? [];

  // After a move the list re-renders in the new order: keep the focus on the moved stage's button
  // (the other one when it reached the top or the bottom).
  useEffect(() => {
    const target = focusAfter.current;
    if (!target || !stages.data) return;
    focusAfter.current = null;
    const own = document.getElementById(`stage-${target.id}-${target.dir}`) as HTMLButtonElement | null;
    const other = document.getElementById(
      `stage-${target.id}-${target.dir === 'up' ? 'down' : 'up'}`,
    ) as HTMLButtonElement | null;
    (own && !own.disabled ? own : other)?.focus();
  }, [stages.data]);

  const move = async (stage: LeadStage, to: number, dir: 'up' | 'down') => {
    setFailure(null);
    try {
      await update.mutateAsync({ id: stage._id, position: to });
      focusAfter.current = { id: stage._id, dir };
      announce(`«${stage.name}» ahora es la etapa ${to + 1} de ${list.length}.`);
    } catch (e) {
      setFailure(getErrorMessage(e, 'No se pudo mover la etapa'));
    }
  };

  const confirmDelete = (stage: LeadStage) => {
    if (stage.leadCount > 0) {
      const id: string = modals.open({
        title: `No se puede eliminar «${stage.name}»`,
        children: (
          <Stack gap="md">
            <Text size="sm">
              La etapa tiene {leadsText(stage.leadCount)}. Una etapa con prospectos no se elimina, y sus
              prospectos nunca se borran con ella: muévelos a otra etapa en el tablero y vuelve a intentarlo.
            </Text>
            <Group justify="flex-end">
              <Button onClick={() => modals.close(id)} data-autofocus>
                Entendido
              </Button>
            </Group>
          </Stack>
        ),
      });
      return;
    }
    modals.openConfirmModal({
      title: `Eliminar la etapa «${stage.name}»`,
      children: (
        <Text size="sm">
          La etapa no tiene prospectos, así que ninguno cambia. Desaparece del tablero y de los filtros; el
          historial de los prospectos que pasaron por ella conserva su nombre.
        </Text>
      ),
      labels: { confirm: 'Eliminar etapa', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        setFailure(null);
        try {
          await remove.mutateAsync(stage._id);
          toastSuccess('Etapa eliminada', stage.name);
        } catch (e) {
          setFailure(getErrorMessage(e, 'No se pudo eliminar la etapa'));
        }
      },
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Etapas del tablero"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Las columnas del tablero, en orden. «Ganado» y «Perdido» son tipos: una etapa de tipo ganado cuenta
          como venta cerrada en los informes. El tablero necesita al menos una etapa de cada tipo.
        </Text>
        {failure && (
          <Alert color="red" icon={<IconAlertTriangle />} role="alert">
            {failure}
          </Alert>
        )}
        {stages.isError && (
          <Alert color="red" icon={<IconAlertTriangle />}>
            No se pudieron cargar las etapas.
          </Alert>
        )}
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Etapas">
          {list.map((stage, index) => (
            <StageRow
              key={stage._id}
              stage={stage}
              index={index}
              count={list.length}
              onMove={move}
              onDelete={confirmDelete}
              onError={setFailure}
            />
          ))}
        </Stack>
        <AddStage onError={setFailure} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cerrar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
