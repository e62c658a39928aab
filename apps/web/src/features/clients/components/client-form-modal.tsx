import {
  CLIENT_STATUS_LABELS,
  CLIENT_STATUSES,
  CLIENT_TYPE_LABELS,
  CLIENT_TYPES,
  type Client,
  type ClientType,
  defaultTaxpayerType,
  isValidBuyerId,
  PREFERRED_COMMUNICATION_LABELS,
  PREFERRED_COMMUNICATIONS,
  RNC_OR_CEDULA_INVALID,
  TAXPAYER_TYPE_LABELS,
  TAXPAYER_TYPES,
  UpdateClientRequestSchema,
} from '@agencia/shared';
import {
  Anchor,
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
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
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
    foreignTaxId: c.foreignTaxId ?? '',
    industry: c.industry ?? '',
    website: c.website ?? '',
    street: c.address.street ?? '',
    city: c.address.city ?? '',
    state: c.address.state ?? '',
    country: c.address.country ?? '',
    status: c.status,
    preferredCommunication: c.preferredCommunication,
    satisfactionRating: c.satisfactionRating ?? 0,
    notes: c.notes ?? '',
  };
}
type Values = ReturnType<typeof valuesOf>;

/** True when `companyRUC` has an RNC's or a cédula's length but its check digit fails. */
const checkDigitFails = (companyRUC: string) => {
  const digits = companyRUC.replace(/\D/g, '');
  return /^[\d\s-]+$/.test(companyRUC.trim()) && [9, 11].includes(digits.length) && !isValidBuyerId(digits);
};

function toBody(v: Values, mode: Mode, override: boolean) {
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
    // The reason only travels with a number that needs it and that the user chose to accept.
    taxIdOverrideReason: override && checkDigitFails(v.companyRUC) ? v.taxIdOverrideReason : null,
    // A foreign id belongs to the "extranjero" profile only (issue 42): another profile clears it.
    foreignTaxId: v.taxpayerType === 'extranjero' ? v.foreignTaxId : null,
    industry: v.industry,
    website: v.website,
    address: { street: v.street, city: v.city, state: v.state, country: v.country },
    status: v.status,
    preferredCommunication: v.preferredCommunication,
    satisfactionRating: v.satisfactionRating || null,
  };
}

const REASON_REQUIRED = 'Indica el motivo para aceptar este número';

/**
 * Edit modals of a client (spec doc 2 §2 "Client detail"): its data, or its notes. Fiscal
 * profile (decides the invoice's document type) and the RNC/cédula: one whose check digit fails
 * shows the error and 'Aceptar de todos modos', which asks for a required 'Motivo'
 * (`taxIdOverrideReason`, audited by the server; issue 12). A client with the "Extranjero" profile
 * also takes its passport or foreign tax id and its country (issue 42).
 */
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
  /** 'Aceptar de todos modos' chosen for a number whose check digit fails. */
  const [override, setOverride] = useState(Boolean(client?.taxIdOverrideReason));
  const form = useForm<Values>({
    initialValues: client ? valuesOf(client) : ({} as Values),
    validate: (v) => {
      const errors = zodResolver(UpdateClientRequestSchema)(toBody(v, mode, override) as never);
      // Accepting the number moves the requirement to the reason field.
      if (mode === 'data' && override && checkDigitFails(v.companyRUC) && !v.taxIdOverrideReason.trim()) {
        delete errors.companyRUC;
        errors.taxIdOverrideReason = REASON_REQUIRED;
      }
      return errors;
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset for another client
  useEffect(() => {
    if (client) {
      form.setValues(valuesOf(client));
      form.clearErrors();
      setOverride(Boolean(client.taxIdOverrideReason));
    }
  }, [client?._id, client?.updatedAt]);

  const rucFails = mode === 'data' && Boolean(client) && checkDigitFails(form.values.companyRUC ?? '');

  const submit = form.onSubmit(async (v) => {
    if (!client) return;
    try {
      await update.mutateAsync({ id: client._id, body: toBody(v, mode, override) as never });
      toastSuccess('Cliente actualizado', mode === 'notes' ? 'Notas guardadas' : 'Datos guardados');
      onClose();
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo actualizar el cliente'));
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
                    onChange={(value) => {
                      if (!value) return;
                      const next = value as ClientType;
                      // The fiscal profile follows the type while it is the old type's default.
                      if (form.values.taxpayerType === defaultTaxpayerType(form.values.clientType))
                        form.setFieldValue('taxpayerType', defaultTaxpayerType(next));
                      form.setFieldValue('clientType', next);
                    }}
                  />
                  <Select
                    label="Estado"
                    data={CLIENT_STATUSES.map((s) => ({ value: s, label: CLIENT_STATUS_LABELS[s] }))}
                    allowDeselect={false}
                    {...form.getInputProps('status')}
                  />
                  <TextInput label="Empresa" {...form.getInputProps('companyName')} />
                  <Stack gap={4}>
                    <TextInput
                      label="RNC / Cédula"
                      description="Se valida el dígito verificador"
                      {...form.getInputProps('companyRUC')}
                      error={
                        form.errors.companyRUC ?? (rucFails && !override ? RNC_OR_CEDULA_INVALID : undefined)
                      }
                    />
                    {rucFails && !override && (
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        w="fit-content"
                        onClick={() => {
                          setOverride(true);
                          form.clearFieldError('companyRUC');
                        }}
                      >
                        Aceptar de todos modos
                      </Anchor>
                    )}
                  </Stack>
                  <Select
                    label="Perfil fiscal"
                    description="Define el tipo de comprobante de sus facturas"
                    data={TAXPAYER_TYPES.map((t) => ({ value: t, label: TAXPAYER_TYPE_LABELS[t] }))}
                    allowDeselect={false}
                    {...form.getInputProps('taxpayerType')}
                  />
                  {form.values.taxpayerType === 'extranjero' && (
                    <TextInput
                      label="Identificación extranjera"
                      description="Pasaporte o identificación fiscal de su país (hasta 20 letras o números): va al e-CF como identificador extranjero y al 607 como tipo 3"
                      maxLength={40}
                      {...form.getInputProps('foreignTaxId')}
                    />
                  )}
                  {rucFails && override && (
                    <Stack gap={4} style={{ gridColumn: '1 / -1' }}>
                      <Textarea
                        label="Motivo"
                        description="El dígito verificador no coincide. Indica por qué aceptas el número (p. ej., verificado en la consulta de RNC de la DGII o en la JCE); queda en la auditoría."
                        required
                        autosize
                        minRows={2}
                        maxLength={300}
                        {...form.getInputProps('taxIdOverrideReason')}
                      />
                      <Anchor
                        component="button"
                        type="button"
                        size="sm"
                        w="fit-content"
                        onClick={() => {
                          setOverride(false);
                          form.clearFieldError('taxIdOverrideReason');
                        }}
                      >
                        No aceptar: corregiré el número
                      </Anchor>
                    </Stack>
                  )}
                  <TextInput label="Industria" {...form.getInputProps('industry')} />
                  <TextInput label="Sitio web" {...form.getInputProps('website')} />
                  <TextInput label="Dirección" {...form.getInputProps('street')} />
                  <TextInput label="Ciudad" {...form.getInputProps('city')} />
                  <TextInput label="Provincia" {...form.getInputProps('state')} />
                  <TextInput label="País" {...form.getInputProps('country')} />
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
