import type { FiscalPeriodCorrection } from '@agencia/shared';
import {
  businessToday,
  type ClosedFiscalPeriod,
  DeleteFiscalPeriodRequestSchema,
  fiscalPeriodLabel,
  formatDateTime,
  pastFiscalPeriods,
} from '@agencia/shared';
import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { useDateDisplay } from '../../../stores/display-store';
import {
  useCloseFiscalPeriod,
  useFiscalPeriodCorrections,
  useFiscalPeriods,
  useReopenFiscalPeriod,
} from '../api/fiscal-periods-api';
import { ok } from './fiscal-helpers';

/** How many past months the "Cerrar período" select offers. */
const CLOSABLE_MONTHS = 24;

/**
 * "Períodos cerrados" (Configuración → Fiscal, issue 27, decision 135): the months whose DGII
 * reports were filed, who closed them and when; closing a past month (confirmation) and reopening
 * one with a reason (audited by the API).
 */
export function ClosedPeriodsCard() {
  useDateDisplay();
  const { data: periods, isLoading, error } = useFiscalPeriods();
  const [closing, setClosing] = useState(false);
  const [reopening, setReopening] = useState<ClosedFiscalPeriod | null>(null);
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="fiscal-periods-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id="fiscal-periods-title">
            Períodos cerrados
          </Title>
          <Button leftSection={<IconLock size={16} />} variant="light" onClick={() => setClosing(true)}>
            Cerrar período
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Cierra un mes cuando hayas presentado sus reportes 607 y 608: no se podrán registrar pagos,
          retenciones, notas de crédito ni anulaciones con fecha en ese mes.
        </Text>
        {isLoading ? (
          <Stack gap="xs" aria-busy="true" aria-label="Cargando períodos cerrados">
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        ) : error ? (
          <Alert color="red" role="alert">
            {getErrorMessage(error, 'No se pudieron cargar los períodos cerrados')}
          </Alert>
        ) : !periods?.length ? (
          <Text size="sm">Ningún período cerrado todavía.</Text>
        ) : (
          <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {periods.map((p) => (
              <Group
                key={p.period}
                component="li"
                justify="space-between"
                wrap="wrap"
                gap="xs"
                py="xs"
                style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              >
                <div>
                  <Text fw={600}>{fiscalPeriodLabel(p.period)}</Text>
                  <Text size="sm" c="dimmed">
                    Cerrado {p.closedBy ? `por ${p.closedBy.name} ` : ''}el {formatDateTime(p.closedAt)}
                  </Text>
                </div>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconLockOpen size={14} />}
                  onClick={() => setReopening(p)}
                  aria-label={`Reabrir ${fiscalPeriodLabel(p.period)}`}
                >
                  Reabrir
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <PeriodCorrections />
      <ClosePeriodModal opened={closing} closed={periods ?? []} onClose={() => setClosing(false)} />
      <ReopenPeriodModal period={reopening} onClose={() => setReopening(null)} />
    </Card>
  );
}

/** Pick a past month not yet closed, then confirm (it blocks changes dated in that month). */
function ClosePeriodModal({
  opened,
  closed,
  onClose,
}: {
  opened: boolean;
  closed: ClosedFiscalPeriod[];
  onClose: () => void;
}) {
  const close = useCloseFiscalPeriod();
  const [period, setPeriod] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setPeriod(null);
      setConfirming(false);
      setServerError(null);
    }
  }, [opened]);
  const taken = new Set(closed.map((c) => c.period));
  const options = pastFiscalPeriods(businessToday(), CLOSABLE_MONTHS)
    .filter((p) => !taken.has(p))
    .map((p) => ({ value: p, label: fiscalPeriodLabel(p) }));
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!period) {
      setServerError('Elige el mes que quieres cerrar.');
      return;
    }
    if (!confirming) {
      setServerError(null);
      setConfirming(true);
      return;
    }
    try {
      await close.mutateAsync(period);
      ok('Período cerrado', fiscalPeriodLabel(period));
      onClose();
    } catch (error) {
      setConfirming(false);
      setServerError(getErrorMessage(error, 'No se pudo cerrar el período'));
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Cerrar período"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label="Mes"
            placeholder="Elige un mes"
            data={options}
            value={period}
            onChange={(v) => {
              setPeriod(v);
              setConfirming(false);
            }}
            disabled={confirming}
            searchable
            nothingFoundMessage="Sin meses por cerrar"
            comboboxProps={{ withinPortal: false }}
          />
          {confirming && period && (
            <Alert color="orange" variant="light" title={`¿Cerrar ${fiscalPeriodLabel(period)}?`}>
              Ya no se podrán registrar ni cambiar pagos, retenciones, notas de crédito ni anulaciones con
              fecha en ese mes hasta que lo reabras.
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
            <Button type="submit" loading={close.isPending}>
              {confirming ? 'Sí, cerrar' : 'Cerrar período'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Reopen a closed month: the reason is required (5–500 characters) and kept in the audit log. */
function ReopenPeriodModal({ period, onClose }: { period: ClosedFiscalPeriod | null; onClose: () => void }) {
  const reopen = useReopenFiscalPeriod();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { reason: '' },
    validate: zodResolver(DeleteFiscalPeriodRequestSchema),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another period is chosen
  useEffect(() => {
    if (period) {
      form.reset();
      setServerError(null);
    }
  }, [period?.period]);
  const submit = form.onSubmit(async (v) => {
    if (!period) return;
    try {
      await reopen.mutateAsync({ period: period.period, body: { reason: v.reason } });
      ok('Período reabierto', fiscalPeriodLabel(period.period));
      onClose();
    } catch (error) {
      setServerError(getErrorMessage(error, 'No se pudo reabrir el período'));
    }
  });
  return (
    <Modal
      opened={Boolean(period)}
      onClose={onClose}
      title={period ? `Reabrir ${fiscalPeriodLabel(period.period)}` : 'Reabrir período'}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Si registras cambios en un mes ya reportado, deberás enviar de nuevo sus reportes a la DGII.
          </Text>
          <Textarea label="Motivo" required rows={3} maxLength={500} {...form.getInputProps('reason')} />
          <ModalFormFooter
            error={serverError}
            onCancel={onClose}
            loading={reopen.isPending}
            submitLabel="Reabrir"
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** "3 pagos o retenciones, 1 nota de crédito": what was recorded in a filed month after its closing. */
function changesLabel(c: FiscalPeriodCorrection): string {
  const parts = [
    c.payments ? `${c.payments} ${c.payments === 1 ? 'pago o retención' : 'pagos o retenciones'}` : null,
    c.creditNotes ? `${c.creditNotes} ${c.creditNotes === 1 ? 'nota de crédito' : 'notas de crédito'}` : null,
    c.voids ? `${c.voids} ${c.voids === 1 ? 'anulación' : 'anulaciones'}` : null,
  ];
  return parts.filter(Boolean).join(', ');
}

/**
 * Filed months (closed at least once) with documents dated in them recorded after their closing:
 * their 607/608 must be sent again, rectified (issue 27). Nothing is shown when there are none.
 */
function PeriodCorrections() {
  const { data } = useFiscalPeriodCorrections();
  if (!data?.length) return null;
  return (
    <Alert color="orange" variant="light" mt="sm" title="Reportes por rectificar">
      <Text size="sm" mb={4}>
        Estos meses ya se habían presentado a la DGII y se registraron cambios después del cierre: envía sus
        formatos 607 y 608 otra vez desde Reportes.
      </Text>
      <Stack gap={2} component="ul" m={0} pl="md">
        {data.map((c) => (
          <Text component="li" size="sm" key={c.period}>
            <strong>{fiscalPeriodLabel(c.period)}</strong>: {changesLabel(c)} después del{' '}
            {formatDateTime(c.firstClosedAt)}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
