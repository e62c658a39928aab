import {
  type FiscalSequence,
  formatNcf,
  NCF_ANNULMENT_TYPE_LABELS,
  NCF_ANNULMENT_TYPES,
  VoidNcfRequestSchema,
} from '@agencia/shared';
import { Alert, Button, Group, Modal, NumberInput, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { useVoidNumbers } from '../../../lib/fiscal-api';
import { zodResolver } from '../../../lib/form';
import { fmt, num, ok } from './fiscal-helpers';

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
