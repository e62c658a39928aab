import {
  AGENCY_TAXPAYER_KIND_LABELS,
  AGENCY_TAXPAYER_KINDS,
  type AgencyTaxpayerKind,
  CreateFiscalSequenceRequestSchema,
  DEFAULT_SEQUENCE_ALERT_THRESHOLD,
  FISCAL_DOCUMENT_TYPE_LABELS,
  FISCAL_DOCUMENT_TYPES,
  FISCAL_MODE_LABELS,
  FISCAL_MODES,
  type FiscalDocumentType,
  type FiscalMode,
  type FiscalSequence,
  formatNcf,
  maxNcfSerial,
  NCF_ANNULMENT_TYPE_LABELS,
  NCF_ANNULMENT_TYPES,
  type UpdateCompanySettingsRequest,
  UpdateFiscalSequenceRequestSchema,
  VoidNcfRequestSchema,
} from '@agencia/shared';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Menu,
  Modal,
  NumberInput,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
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
import {
  useCreateSequence,
  useFiscalSequences,
  useUpdateSequence,
  useVoidNumbers,
} from '../../../lib/fiscal-api';
import { zodResolver } from '../../../lib/form';
import { useCompanySettings, useUpdateCompanySettings } from '../api/settings-api';

const ok = (title: string, message: string) => notifications.show({ color: 'green', title, message });
const fail = (error: unknown, fallback: string) =>
  notifications.show({
    color: 'red',
    title: 'Error',
    message: getErrorMessage(error, fallback),
  });

/** `YYYY-MM-DD` → DD/MM/YYYY. */
const dateEs = (iso: string) => iso.split('-').reverse().join('/');
const num = (v: number | string) => (typeof v === 'number' ? v : Number.parseInt(v, 10) || 0);
/** Counts and percents as the Dominican Republic writes them (1,688 · 89.4). */
const fmt = (n: number) => n.toLocaleString('es-DO', { maximumFractionDigits: 1 });

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

interface RangeValues {
  documentType: FiscalDocumentType | '';
  rangeFrom: number | string;
  rangeTo: number | string;
  expiresOn: string;
  alertThreshold: number | string;
  replaceActive: boolean;
}

/** 'Agregar rango' (`POST /fiscal/sequences`), validated with the shared schema; a 409 keeps the values. */
export function AddRangeModal({
  opened,
  onClose,
  sequences = [],
}: {
  opened: boolean;
  onClose: () => void;
  /** The current ranges: a type with an active one offers to replace it. */
  sequences?: FiscalSequence[];
}) {
  const create = useCreateSequence();
  const [serverError, setServerError] = useState<string | null>(null);
  const toBody = (v: RangeValues) => ({
    documentType: v.documentType,
    rangeFrom: num(v.rangeFrom),
    rangeTo: num(v.rangeTo),
    expiresOn: v.expiresOn,
    alertThreshold: num(v.alertThreshold),
    replaceActive: v.replaceActive,
  });
  const form = useForm<RangeValues>({
    initialValues: {
      documentType: '',
      rangeFrom: 1,
      rangeTo: '',
      expiresOn: '',
      alertThreshold: DEFAULT_SEQUENCE_ALERT_THRESHOLD,
      replaceActive: true,
    },
    validate: (v) => {
      const errors = zodResolver(CreateFiscalSequenceRequestSchema)(toBody(v) as never);
      if (!v.documentType) errors.documentType = 'Tipo de comprobante es requerido';
      return errors;
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on open
  useEffect(() => {
    if (opened) {
      form.reset();
      setServerError(null);
    }
  }, [opened]);
  const v = form.values;
  const current = sequences.find((s) => s.active && s.documentType === v.documentType);
  const preview = (() => {
    if (!v.documentType) return null;
    const from = num(v.rangeFrom);
    const to = num(v.rangeTo);
    const max = maxNcfSerial(v.documentType);
    if (from < 1 || to < 1 || from > max || to > max) return null;
    return {
      ncfs: `${formatNcf(v.documentType, from)} – ${formatNcf(v.documentType, to)}`,
      count: to >= from ? ` (${fmt(to - from + 1)} comprobantes)` : '',
    };
  })();
  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const s = await create.mutateAsync(toBody(values) as never);
      ok('Rango agregado', `${s.documentType}: próximo ${s.nextNcf}`);
      onClose();
    } catch (error) {
      setServerError(getErrorMessage(error, 'No se pudo agregar el rango'));
    }
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Agregar rango"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Escribe el rango exactamente como lo autorizó la DGII en la Oficina Virtual: tipo, primer y último
            número y fecha de vencimiento.
          </Text>
          <Select
            label="Tipo de comprobante"
            required
            data={FISCAL_DOCUMENT_TYPES.map((t) => ({
              value: t,
              label: `${t} · ${FISCAL_DOCUMENT_TYPE_LABELS[t]}`,
            }))}
            {...form.getInputProps('documentType')}
          />
          <SimpleGrid cols={2}>
            <NumberInput
              label="Desde (número)"
              min={1}
              allowDecimal={false}
              required
              {...form.getInputProps('rangeFrom')}
            />
            <NumberInput
              label="Hasta (número)"
              min={1}
              allowDecimal={false}
              required
              {...form.getInputProps('rangeTo')}
            />
          </SimpleGrid>
          <Text size="sm" aria-live="polite" data-testid="range-preview">
            {preview ? (
              <>
                <Text span size="sm" ff="monospace" fw={600}>
                  {preview.ncfs}
                </Text>
                {preview.count}
              </>
            ) : (
              'Elige el tipo y el rango para ver los NCF'
            )}
          </Text>
          <SimpleGrid cols={2}>
            <TextInput type="date" label="Vence el" required {...form.getInputProps('expiresOn')} />
            <NumberInput
              label="Alertar al quedar (%)"
              min={1}
              max={99}
              allowDecimal={false}
              suffix=" %"
              {...form.getInputProps('alertThreshold')}
            />
          </SimpleGrid>
          {current && (
            <Checkbox
              label={`Reemplazar el rango activo ${formatNcf(current.documentType, current.rangeFrom)} – ${formatNcf(current.documentType, current.rangeTo)}`}
              description={`Quedan ${current.remaining} números en él; se desactivará al guardar.`}
              {...form.getInputProps('replaceActive', { type: 'checkbox' })}
            />
          )}
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Agregar rango
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function EditRangeModal({ sequence, onClose }: { sequence: FiscalSequence | null; onClose: () => void }) {
  const update = useUpdateSequence();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { alertThreshold: 35 as number | string, expiresOn: '' },
    validate: (v) =>
      zodResolver(UpdateFiscalSequenceRequestSchema)({
        alertThreshold: num(v.alertThreshold),
        expiresOn: v.expiresOn,
      } as never),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another range is chosen
  useEffect(() => {
    if (sequence) {
      form.setValues({ alertThreshold: sequence.alertThreshold, expiresOn: sequence.expiresOn });
      setServerError(null);
    }
  }, [sequence?._id]);
  const submit = form.onSubmit(async (v) => {
    if (!sequence) return;
    try {
      await update.mutateAsync({
        id: sequence._id,
        body: { alertThreshold: num(v.alertThreshold), expiresOn: v.expiresOn },
      });
      ok('Rango actualizado', sequence.documentType);
      onClose();
    } catch (error) {
      setServerError(getErrorMessage(error, 'No se pudo actualizar el rango'));
    }
  });
  return (
    <Modal
      opened={Boolean(sequence)}
      onClose={onClose}
      title={`Editar rango ${sequence?.documentType ?? ''}`}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            El rango y los números ya usados no cambian.
          </Text>
          <TextInput type="date" label="Vence el" {...form.getInputProps('expiresOn')} />
          <NumberInput
            label="Alertar al quedar (%)"
            min={1}
            max={99}
            allowDecimal={false}
            suffix=" %"
            {...form.getInputProps('alertThreshold')}
          />
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={update.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The NCFs a void of `count` numbers takes: from the next number on, never past the range. */
export function voidPreview(sequence: FiscalSequence, count: number): string | null {
  if (sequence.isExhausted || count < 1) return null;
  const last = Math.min(sequence.nextNumber + count - 1, sequence.rangeTo);
  const first = formatNcf(sequence.documentType, sequence.nextNumber);
  return last === sequence.nextNumber ? first : `${first} – ${formatNcf(sequence.documentType, last)}`;
}

/**
 * 'Anular números' (`POST /fiscal/sequences/{id}/void`): type of annulment (DGII 608), reason and
 * count, then a confirmation step naming the NCFs, since the numbers are gone for good.
 */
export function VoidModal({ sequence, onClose }: { sequence: FiscalSequence | null; onClose: () => void }) {
  const voidNumbers = useVoidNumbers();
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const form = useForm({
    initialValues: { annulmentType: '01', reason: '', count: 1 as number | string },
    validate: (v) => zodResolver(VoidNcfRequestSchema)({ ...v, count: num(v.count) } as never),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another range is chosen
  useEffect(() => {
    if (sequence) {
      form.reset();
      setServerError(null);
      setConfirming(false);
    }
  }, [sequence?._id]);
  const count = num(form.values.count);
  const preview = sequence ? voidPreview(sequence, count) : null;
  const tooMany = sequence ? count > sequence.remaining : false;
  const submit = form.onSubmit(async (v) => {
    if (!sequence) return;
    if (!confirming) {
      setServerError(null);
      setConfirming(true);
      return;
    }
    try {
      const voids = await voidNumbers.mutateAsync({
        id: sequence._id,
        body: { annulmentType: v.annulmentType as '01', reason: v.reason || undefined, count: num(v.count) },
      });
      ok('Números anulados', voids.map((x) => x.ncf).join(', '));
      onClose();
    } catch (error) {
      setConfirming(false);
      setServerError(getErrorMessage(error, 'No se pudieron anular los números'));
    }
  });
  return (
    <Modal
      opened={Boolean(sequence)}
      onClose={onClose}
      title={`Anular números ${sequence?.documentType ?? ''}`}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Se anulan los próximos números sin usar y se informan en el reporte 608. Un NCF ya emitido se
            corrige con una nota de crédito.
          </Text>
          <Select
            label="Tipo de anulación"
            data={NCF_ANNULMENT_TYPES.map((t) => ({
              value: t,
              label: `${t} · ${NCF_ANNULMENT_TYPE_LABELS[t]}`,
            }))}
            allowDeselect={false}
            disabled={confirming}
            {...form.getInputProps('annulmentType')}
          />
          <NumberInput
            label="Cantidad de números"
            min={1}
            max={100}
            allowDecimal={false}
            disabled={confirming}
            {...form.getInputProps('count')}
          />
          <Textarea
            label="Motivo"
            rows={2}
            maxLength={500}
            disabled={confirming}
            {...form.getInputProps('reason')}
          />
          <Text size="sm" aria-live="polite" data-testid="void-preview">
            {tooMany ? (
              <Text span c="red" size="sm">
                El rango solo tiene {fmt(sequence?.remaining ?? 0)} números sin usar.
              </Text>
            ) : preview ? (
              <>
                Se anularán:{' '}
                <Text span ff="monospace" fw={600} size="sm">
                  {preview}
                </Text>
              </>
            ) : null}
          </Text>
          {confirming && (
            <Alert color="red" variant="light" title="¿Anular estos números?">
              {`${count === 1 ? 'El número' : `Los ${count} números`} ${preview} no se podrán usar ni recuperar.`}
            </Alert>
          )}
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={confirming ? () => setConfirming(false) : onClose}>
              {confirming ? 'Volver' : 'Cancelar'}
            </Button>
            <Button type="submit" color="red" loading={voidNumbers.isPending} disabled={tooMany}>
              {confirming ? 'Sí, anular' : 'Anular'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
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
