import {
  businessToday,
  CreateFiscalSequenceRequestSchema,
  DEFAULT_SEQUENCE_ALERT_THRESHOLD,
  FISCAL_DOCUMENT_TYPE_LABELS,
  FISCAL_DOCUMENT_TYPES,
  type FiscalDocumentType,
  type FiscalSequence,
  formatNcf,
  maxNcfSerial,
  UpdateFiscalSequenceRequestSchema,
} from '@agencia/shared';
import { Checkbox, Modal, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { getErrorMessage } from '../../../lib/api-client';
import { useCreateSequence, useUpdateSequence } from '../../../lib/fiscal-api';
import { zodResolver } from '../../../lib/form';
import { fmt, num, ok } from './fiscal-helpers';

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
            <DateField label="Vence el" required min={businessToday()} {...form.getInputProps('expiresOn')} />
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
          <ModalFormFooter
            error={serverError}
            onCancel={onClose}
            loading={create.isPending}
            submitLabel="Agregar rango"
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** "Editar rango" (`PUT /fiscal/sequences/{id}`): active flag, alert threshold and expiry. */
export function EditRangeModal({
  sequence,
  onClose,
}: {
  sequence: FiscalSequence | null;
  onClose: () => void;
}) {
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
          <DateField label="Vence el" {...form.getInputProps('expiresOn')} />
          <NumberInput
            label="Alertar al quedar (%)"
            min={1}
            max={99}
            allowDecimal={false}
            suffix=" %"
            {...form.getInputProps('alertThreshold')}
          />
          <ModalFormFooter error={serverError} onCancel={onClose} loading={update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
