import {
  CreateLeadRequestSchema,
  LEAD_CURRENCIES,
  LEAD_SOURCE_LABELS,
  type LeadStage,
  MANUAL_LEAD_SOURCES,
} from '@agencia/shared';
import { Modal, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { DateField } from '../../../components/ui/date-field';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastSuccess } from '../../../lib/toast';
import { useCreateLead, useLeadOwners } from '../api/leads-api';

const initial = {
  title: '',
  contactName: '',
  email: '',
  phone: '',
  company: '',
  source: 'whatsapp',
  stageId: '',
  ownerId: '',
  estimatedValue: '' as number | string,
  currency: 'DOP',
  expectedCloseDate: '',
  description: '',
};

/** "Nuevo prospecto": a lead that came by WhatsApp, a referral or another way. */
export function LeadFormModal({
  opened,
  onClose,
  stages,
}: {
  opened: boolean;
  onClose: () => void;
  stages: LeadStage[];
}) {
  const create = useCreateLead();
  const owners = useLeadOwners();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ initialValues: initial });
  const toBody = (v: typeof initial) => ({
    title: v.title,
    contactName: v.contactName,
    email: v.email || null,
    phone: v.phone || null,
    company: v.company || null,
    description: v.description || null,
    source: v.source,
    ...(v.stageId ? { stageId: v.stageId } : {}),
    ...(v.ownerId ? { ownerId: v.ownerId } : {}),
    estimatedValue: v.estimatedValue === '' ? null : Number(v.estimatedValue),
    currency: v.currency,
    expectedCloseDate: v.expectedCloseDate || null,
  });
  const submit = form.onSubmit(async (v) => {
    setError(null);
    const errors = zodResolver(CreateLeadRequestSchema)(toBody(v) as never);
    if (Object.keys(errors).length) {
      form.setErrors(errors);
      return;
    }
    try {
      const lead = await create.mutateAsync(toBody(v) as never);
      toastSuccess('Prospecto creado', lead.title);
      form.reset();
      onClose();
    } catch (e) {
      setError(getErrorMessage(e, 'No se pudo crear el prospecto'));
    }
  });
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      opened={opened}
      onClose={onClose}
      title="Nuevo prospecto"
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Título"
            required
            placeholder="Tienda en línea para…"
            {...form.getInputProps('title')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Contacto" required {...form.getInputProps('contactName')} />
            <TextInput label="Empresa" {...form.getInputProps('company')} />
            <TextInput label="Email" type="email" {...form.getInputProps('email')} />
            <TextInput label="Teléfono" {...form.getInputProps('phone')} />
            <Select
              label="Origen"
              data={MANUAL_LEAD_SOURCES.map((s) => ({ value: s, label: LEAD_SOURCE_LABELS[s] }))}
              allowDeselect={false}
              {...form.getInputProps('source')}
            />
            <Select
              label="Etapa"
              placeholder="Primera etapa"
              data={stages.filter((s) => s.kind === 'open').map((s) => ({ value: s._id, label: s.name }))}
              clearable
              {...form.getInputProps('stageId')}
            />
            <Select
              label="Responsable"
              placeholder="Yo"
              data={(owners.data ?? []).map((o) => ({ value: o._id, label: `${o.firstName} ${o.lastName}` }))}
              clearable
              {...form.getInputProps('ownerId')}
            />
            <DateField label="Cierre esperado" {...form.getInputProps('expectedCloseDate')} />
            <NumberInput
              label="Valor estimado"
              min={0}
              decimalScale={2}
              thousandSeparator=","
              {...form.getInputProps('estimatedValue')}
            />
            <Select
              label="Moneda"
              data={LEAD_CURRENCIES.map((c) => ({ value: c, label: c }))}
              allowDeselect={false}
              {...form.getInputProps('currency')}
            />
          </SimpleGrid>
          <Textarea label="Descripción" autosize minRows={2} {...form.getInputProps('description')} />
          <ModalFormFooter
            error={error}
            onCancel={onClose}
            loading={create.isPending}
            submitLabel="Crear prospecto"
          />
        </Stack>
      </form>
    </Modal>
  );
}
