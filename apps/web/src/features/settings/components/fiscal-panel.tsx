import {
  AGENCY_TAXPAYER_KIND_LABELS,
  AGENCY_TAXPAYER_KINDS,
  type AgencyTaxpayerKind,
  FISCAL_DOCUMENT_TYPE_LABELS,
  FISCAL_MODE_LABELS,
  FISCAL_MODES,
  type FiscalMode,
  type FiscalSequence,
  formatNcf,
  type UpdateCompanySettingsRequest,
} from '@agencia/shared';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconBan,
  IconDots,
  IconInfoCircle,
  IconPencil,
  IconPlayerPlay,
  IconPlus,
  IconReceipt,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { TableScroll } from '../../../components/ui/table-scroll';
import { getErrorMessage } from '../../../lib/api-client';
import { useFiscalSequences, useUpdateSequence } from '../../../lib/fiscal-api';
import { useCompanySettings, useUpdateCompanySettings } from '../api/settings-api';
import { dateEs, fail, fmt, ok } from './fiscal-helpers';
import { AddRangeModal, EditRangeModal } from './fiscal-range-modals';
import { VoidModal } from './fiscal-void-modal';

export { AddRangeModal } from './fiscal-range-modals';
export { VoidModal, voidPreview } from './fiscal-void-modal';

/** The status badges of a range, most important first. */
export function sequenceBadges(s: FiscalSequence): Array<{ label: string; color: string }> {
  const out: Array<{ label: string; color: string }> = [];
  out.push(s.active ? { label: 'Activo', color: 'green' } : { label: 'Inactivo', color: 'gray' });
  if (s.isExhausted) out.push({ label: 'Agotado', color: 'red' });
  else if (s.isLow) out.push({ label: 'Quedan pocos', color: 'orange' });
  if (s.isExpired) out.push({ label: 'Vencido', color: 'red' });
  else if (s.expiresSoon) out.push({ label: 'Vence pronto', color: 'orange' });
  return out;
}

function ModeCard() {
  const settings = useCompanySettings();
  const update = useUpdateCompanySettings();
  const [mode, setMode] = useState<FiscalMode>('paper');
  const [kind, setKind] = useState<AgencyTaxpayerKind>('persona_juridica');
  useEffect(() => {
    if (settings.data) {
      setMode(settings.data.fiscalMode);
      setKind(settings.data.taxpayerKind);
    }
  }, [settings.data]);
  const save = async () => {
    if (!settings.data) return;
    const { updatedAt: _u, ...current } = settings.data;
    try {
      await update.mutateAsync({
        ...current,
        fiscalMode: mode,
        taxpayerKind: kind,
      } as UpdateCompanySettingsRequest);
      ok('Configuración guardada', 'Modo de facturación actualizado');
    } catch (error) {
      fail(error, 'No se pudo guardar');
    }
  };
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="fiscal-mode-title">
      <Title order={2} size="h4" id="fiscal-mode-title">
        Modo de facturación
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        La factura preselecciona el tipo de comprobante según el perfil fiscal del cliente y este modo.
      </Text>
      {settings.isLoading ? (
        <Skeleton h={60} />
      ) : (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Comprobantes"
              data={FISCAL_MODES.map((m) => ({ value: m, label: FISCAL_MODE_LABELS[m] }))}
              value={mode}
              onChange={(v) => v && setMode(v as FiscalMode)}
              allowDeselect={false}
            />
            <Select
              label="La agencia es"
              description="Decide las retenciones que se ofrecen al registrar pagos"
              data={AGENCY_TAXPAYER_KINDS.map((k) => ({ value: k, label: AGENCY_TAXPAYER_KIND_LABELS[k] }))}
              value={kind}
              onChange={(v) => v && setKind(v as AgencyTaxpayerKind)}
              allowDeselect={false}
            />
          </SimpleGrid>
          {!settings.data?.taxId && (
            <Alert color="yellow" icon={<IconInfoCircle />}>
              Agrega el RNC de la empresa en la pestaña Empresa: los comprobantes y los reportes de la DGII lo
              necesitan.
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={save} loading={update.isPending}>
              Guardar modo
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}

function RangeActions({
  sequence,
  onEdit,
  onVoid,
  compact = false,
}: {
  sequence: FiscalSequence;
  onEdit: () => void;
  onVoid: () => void;
  /** Icon-only trigger (cards at 390 px). */
  compact?: boolean;
}) {
  const update = useUpdateSequence();
  const toggle = () => {
    const activate = !sequence.active;
    const run = async () => {
      try {
        await update.mutateAsync({ id: sequence._id, body: { active: activate } });
        ok(activate ? 'Rango activado' : 'Rango desactivado', sequence.documentType);
      } catch (error) {
        fail(error, 'No se pudo cambiar el rango');
      }
    };
    if (activate) return void run();
    modals.openConfirmModal({
      title: `Desactivar rango ${sequence.documentType}`,
      children: (
        <Text size="sm">
          No se emitirán más comprobantes {sequence.documentType} de este rango hasta que lo actives de nuevo
          o agregues otro.
        </Text>
      ),
      labels: { confirm: 'Desactivar', cancel: 'Volver' },
      confirmProps: { color: 'orange' },
      onConfirm: run,
    });
  };
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        {compact ? (
          <ActionIcon variant="subtle" aria-label={`Acciones del rango ${sequence.documentType}`}>
            <IconDots size={18} />
          </ActionIcon>
        ) : (
          <Button variant="subtle" size="xs" rightSection={<IconDots size={14} />}>
            Acciones<VisuallyHidden>{` del rango ${sequence.documentType}`}</VisuallyHidden>
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
          Editar
        </Menu.Item>
        <Menu.Item
          leftSection={sequence.active ? <IconBan size={16} /> : <IconPlayerPlay size={16} />}
          onClick={toggle}
        >
          {sequence.active ? 'Desactivar' : 'Activar'}
        </Menu.Item>
        {sequence.active && !sequence.isExhausted && (
          <Menu.Item leftSection={<IconReceipt size={16} />} color="red" onClick={onVoid}>
            Anular números
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function Usage({ s }: { s: FiscalSequence }) {
  const color = s.isExhausted ? 'red' : s.isLow ? 'orange' : 'blue';
  return (
    <Stack gap={4}>
      <Progress
        value={100 - s.remainingPercent}
        color={color}
        aria-label={`Usados ${s.used} de ${s.rangeTo - s.rangeFrom + 1}`}
      />
      <Text size="xs">
        {fmt(s.used)} usados · quedan {fmt(s.remaining)} ({fmt(s.remainingPercent)}
        {'\u00a0'}%)
      </Text>
      <Text size="xs" c="dimmed">
        Alerta al quedar el {s.alertThreshold}
        {'\u00a0'}%
      </Text>
    </Stack>
  );
}

/**
 * Configuración → Fiscal (admin, issue 12): the agency's fiscal mode and the NCF / e-NCF ranges
 * authorised by the DGII — next number, usage, expiry, status — with add, edit, deactivate and
 * void actions. Table at ≥ 768 px, cards below.
 */
export function FiscalPanel() {
  const sequences = useFiscalSequences();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<FiscalSequence | null>(null);
  const [voiding, setVoiding] = useState<FiscalSequence | null>(null);
  const list = sequences.data ?? [];
  const empty = sequences.isSuccess && list.length === 0;

  return (
    <Stack gap="lg">
      <ModeCard />
      <Card withBorder radius="md" component="section" aria-labelledby="fiscal-ranges-title">
        <Group justify="space-between" mb="xs">
          <div>
            <Title order={2} size="h4" id="fiscal-ranges-title">
              Rangos de comprobantes
            </Title>
            <Text size="sm" c="dimmed">
              Un rango activo por tipo. Los números se usan en orden y no se reutilizan ni reinician el 1 de
              enero.
            </Text>
          </div>
          {/* The empty state carries its own call to action. */}
          {!empty && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              Agregar rango
            </Button>
          )}
        </Group>
        {sequences.isLoading ? (
          <Stack gap="xs">
            <Skeleton h={36} />
            <Skeleton h={36} />
            <Skeleton h={36} />
          </Stack>
        ) : sequences.isError ? (
          <Alert color="red">{getErrorMessage(sequences.error, 'No se pudieron cargar los rangos')}</Alert>
        ) : list.length === 0 ? (
          <Paper withBorder p="xl" radius="md" ta="center">
            <Text fw={600}>Aún no hay rangos de comprobantes</Text>
            <Text size="sm" c="dimmed" mb="sm">
              Agrega los rangos que te autorizó la DGII para poder emitir facturas con NCF.
            </Text>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              Agregar rango
            </Button>
          </Paper>
        ) : (
          <>
            <TableScroll label="Rangos de comprobantes" minWidth={760} visibleFrom="sm">
              <Table verticalSpacing="sm" aria-label="Rangos de comprobantes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Tipo</Table.Th>
                    <Table.Th>Rango</Table.Th>
                    <Table.Th>Próximo</Table.Th>
                    <Table.Th w={240}>Uso</Table.Th>
                    <Table.Th>Vence</Table.Th>
                    <Table.Th>Estado</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((s) => (
                    <Table.Tr
                      key={s._id}
                      aria-label={`Rango ${s.documentType} ${formatNcf(s.documentType, s.rangeFrom)}`}
                    >
                      <Table.Td>
                        <Text fw={600} size="sm">
                          {s.documentType}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {FISCAL_DOCUMENT_TYPE_LABELS[s.documentType]}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs" ff="monospace">
                          {formatNcf(s.documentType, s.rangeFrom)}
                          <br />
                          {formatNcf(s.documentType, s.rangeTo)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {s.nextNcf ?? '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Usage s={s} />
                      </Table.Td>
                      <Table.Td>{dateEs(s.expiresOn)}</Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {sequenceBadges(s).map((b) => (
                            <Badge key={b.label} color={b.color} variant="light">
                              {b.label}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">
                        <RangeActions
                          sequence={s}
                          onEdit={() => setEditing(s)}
                          onVoid={() => setVoiding(s)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
            <Stack gap="sm" hiddenFrom="sm">
              {list.map((s) => (
                <Paper
                  key={s._id}
                  withBorder
                  p="sm"
                  radius="md"
                  role="group"
                  aria-label={`Rango ${s.documentType} (móvil)`}
                >
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600}>
                        {s.documentType} · {FISCAL_DOCUMENT_TYPE_LABELS[s.documentType]}
                      </Text>
                      <Text size="xs" ff="monospace" c="dimmed">
                        {formatNcf(s.documentType, s.rangeFrom)} – {formatNcf(s.documentType, s.rangeTo)}
                      </Text>
                    </div>
                    <RangeActions
                      compact
                      sequence={s}
                      onEdit={() => setEditing(s)}
                      onVoid={() => setVoiding(s)}
                    />
                  </Group>
                  <Group gap={4} my={6}>
                    {sequenceBadges(s).map((b) => (
                      <Badge key={b.label} color={b.color} variant="light">
                        {b.label}
                      </Badge>
                    ))}
                  </Group>
                  <Text size="sm">
                    Próximo: <b>{s.nextNcf ?? '—'}</b> · vence {dateEs(s.expiresOn)}
                  </Text>
                  <Usage s={s} />
                </Paper>
              ))}
            </Stack>
          </>
        )}
        <Group gap={6} wrap="nowrap" align="flex-start" mt="md">
          <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="xs" c="dimmed">
            <b>Cómo cargar tus rangos:</b> la DGII los autoriza en su Oficina Virtual (solicitud de NCF o de
            e-NCF). Agrega cada uno con el tipo, el primer y el último número y la fecha de vencimiento
            exactamente como aparecen en la autorización.
          </Text>
        </Group>
      </Card>
      <AddRangeModal opened={adding} onClose={() => setAdding(false)} sequences={list} />
      <EditRangeModal sequence={editing} onClose={() => setEditing(null)} />
      <VoidModal sequence={voiding} onClose={() => setVoiding(null)} />
    </Stack>
  );
}
