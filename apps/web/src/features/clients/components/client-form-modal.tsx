import {
  CLIENT_STATUS_LABELS,
  CLIENT_STATUSES,
  CLIENT_TYPE_LABELS,
  CLIENT_TYPES,
  type Client,
  isValidBuyerId,
  PREFERRED_COMMUNICATION_LABELS,
  PREFERRED_COMMUNICATIONS,
  TAXPAYER_TYPE_LABELS,
  TAXPAYER_TYPES,
  UpdateClientRequestSchema,
} from '@agencia/shared';
import {
  Button,
  Group,
  Modal,
  Rating,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { useUpdateClient } from '../api/clients';

type Mode = 'data' | 'notes';

function valuesOf(c: Client) {
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone ?? '',
    clientType: c.clientType,
    companyName: c.companyName ?? '',
    companyRUC: c.companyRUC ?? '',
    taxpayerType: c.taxpayerType,
    taxIdOverrideReason: c.taxIdOverrideReason ?? '',
    industry: c.industry ?? '',
    website: c.website ?? '',
    street: c.address.street ?? '',
    city: c.address.city ?? '',
    state: c.address.state ?? '',
    status: c.status,
    preferredCommunication: c.preferredCommunication,
    satisfactionRating: c.satisfactionRating ?? 0,
    notes: c.notes ?? '',
  };
}
type Values = ReturnType<typeof valuesOf>;

function toBody(v: Values, mode: Mode) {
  if (mode === 'notes') return { notes: v.notes };
  return {
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    phone: v.phone,
    clientType: v.clientType,
    companyName: v.companyName,
    companyRUC: v.companyRUC,
    taxpayerType: v.taxpayerType,
    taxIdOverrideReason: v.taxIdOverrideReason,
    industry: v.industry,
    website: v.website,
    address: { street: v.street, city: v.city, state: v.state },
    status: v.status,
    preferredCommunication: v.preferredCommunication,
    satisfactionRating: v.satisfactionRating || null,
  };
}

/** Edit modals of a client (spec doc 2 §2 "Client detail"): its data, or its notes. */
export function ClientFormModal({
  client,
  mode = 'data',
  onClose,
}: {
  client: Client | null;
  mode?: Mode;
  onClose: () => void;
}) {
  const update = useUpdateClient();
  const form = useForm<Values>({
    initialValues: client ? valuesOf(client) : ({} as Values),
    validate: (v) => zodResolver(UpdateClientRequestSchema)(toBody(v, mode) as never),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset for another client
  useEffect(() => {
    if (client) form.setValues(valuesOf(client));
  }, [client?._id, client?.updatedAt]);

  const ruc = (form.values.companyRUC ?? '').replace(/\D/g, '');
  const checkDigitFails = [9, 11].includes(ruc.length) && !isValidBuyerId(ruc);

  const submit = form.onSubmit(async (v) => {
    if (!client) return;
    try {
      await update.mutateAsync({ id: client._id, body: toBody(v, mode) as never });
      notifications.show({
        color: 'green',
        position: 'top-right',
        title: 'Cliente actualizado',
        message: mode === 'notes' ? 'Notas guardadas' : 'Datos guardados',
      });
      onClose();
    } catch (error) {
      notifications.show({
        color: 'red',
        position: 'top-right',
        title: 'Error',
        message: getErrorMessage(error, 'No se pudo actualizar el cliente'),
      });
    }
  });

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      opened={Boolean(client)}
      onClose={onClose}
      title={mode === 'notes' ? 'Editar notas' : 'Editar cliente'}
      size={mode === 'notes' ? 'md' : 'lg'}
    >
      {client && (
        <form onSubmit={submit} noValidate>
          <Stack>
            {mode === 'notes' ? (
              <Textarea label="Notas" autosize minRows={5} maxRows={14} {...form.getInputProps('notes')} />
            ) : (
              <>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label="Nombre" required {...form.getInputProps('firstName')} />
                  <TextInput label="Apellido" {...form.getInputProps('lastName')} />
                  <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
                  <TextInput label="Teléfono" type="tel" {...form.getInputProps('phone')} />
                  <Select
                    label="Tipo de cliente"
                    data={CLIENT_TYPES.map((t) => ({ value: t, label: CLIENT_TYPE_LABELS[t] }))}
                    allowDeselect={false}
                    {...form.getInputProps('clientType')}
                  />
                  <Select
                    label="Estado"
                    data={CLIENT_STATUSES.map((s) => ({ value: s, label: CLIENT_STATUS_LABELS[s] }))}
                    allowDeselect={false}
                    {...form.getInputProps('status')}
                  />
                  <TextInput label="Empresa" {...form.getInputProps('companyName')} />
                  <TextInput
                    label="RNC / Cédula"
                    description="Se valida el dígito verificador"
                    {...form.getInputProps('companyRUC')}
                  />
                  <Select
                    label="Perfil fiscal"
                    description="Define el tipo de comprobante de sus facturas"
                    data={TAXPAYER_TYPES.map((t) => ({ value: t, label: TAXPAYER_TYPE_LABELS[t] }))}
                    allowDeselect={false}
                    {...form.getInputProps('taxpayerType')}
                  />
                  {checkDigitFails && (
                    <Textarea
                      label="Motivo para aceptar el RNC / cédula"
                      description="El dígito verificador no coincide. Si verificaste el número en la DGII o la JCE, indica el motivo: queda en la auditoría."
                      autosize
                      minRows={2}
                      maxLength={300}
                      style={{ gridColumn: '1 / -1' }}
                      {...form.getInputProps('taxIdOverrideReason')}
                    />
                  )}
                  <TextInput label="Industria" {...form.getInputProps('industry')} />
                  <TextInput label="Sitio web" {...form.getInputProps('website')} />
                  <TextInput label="Dirección" {...form.getInputProps('street')} />
                  <TextInput label="Ciudad" {...form.getInputProps('city')} />
                  <TextInput label="Provincia" {...form.getInputProps('state')} />
                  <Select
                    label="Comunicación preferida"
                    data={PREFERRED_COMMUNICATIONS.map((p) => ({
                      value: p,
                      label: PREFERRED_COMMUNICATION_LABELS[p],
                    }))}
                    allowDeselect={false}
                    {...form.getInputProps('preferredCommunication')}
                  />
                </SimpleGrid>
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    Satisfacción
                  </Text>
                  <Rating aria-label="Satisfacción" {...form.getInputProps('satisfactionRating')} />
                </Stack>
              </>
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
      )}
    </Modal>
  );
}
