import {
  type CreateSupplierRequest,
  CreateSupplierRequestSchema,
  isValidCedula,
  isValidRnc,
  onlyDigits,
  SUPPLIER_TAX_ID_INVALID,
  SUPPLIER_TAX_ID_TYPE_LABELS,
  SUPPLIER_TAX_ID_TYPES,
  SUPPLIER_TAXPAYER_TYPE_LABELS,
  SUPPLIER_TAXPAYER_TYPES,
  type Supplier,
  type SupplierTaxIdType,
  type SupplierTaxpayerType,
  UpdateSupplierRequestSchema,
} from '@agencia/shared';
import { Modal, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FormEvent, useEffect, useState } from 'react';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastSuccess } from '../../../lib/toast';
import { useCreateSupplier } from '../api/create-supplier';
import { useUpdateSupplier } from '../api/update-supplier';

interface Values {
  name: string;
  taxIdType: SupplierTaxIdType;
  taxId: string;
  taxpayerType: SupplierTaxpayerType;
  contactName: string;
  email: string;
  phone: string;
  country: string;
  active: boolean;
}

/** The taxpayer type a tax-id type suggests (the user may pick another). */
const SUGGESTED_TAXPAYER: Record<SupplierTaxIdType, SupplierTaxpayerType> = {
  rnc: 'persona_juridica',
  cedula: 'persona_fisica',
  foreign: 'extranjero',
  none: 'informal',
};

const valuesOf = (s: Supplier | null): Values => ({
  name: s?.name ?? '',
  taxIdType: s?.taxIdType ?? 'rnc',
  taxId: s?.taxId ?? '',
  taxpayerType: s?.taxpayerType ?? 'persona_juridica',
  contactName: s?.contactName ?? '',
  email: s?.email ?? '',
  phone: s?.phone ?? '',
  country: s?.country ?? 'DO',
  active: s?.active ?? true,
});

const toBody = (v: Values) => ({
  name: v.name,
  taxIdType: v.taxIdType,
  taxId: v.taxIdType === 'none' ? null : v.taxId,
  taxpayerType: v.taxpayerType,
  contactName: v.contactName,
  email: v.email,
  phone: v.phone,
  country: v.country,
});

/**
 * The live verdict on an RNC (9 digits) or cédula (11) as typed: null while incomplete or for
 * other id types, else the shared check (DGII/JCE check digit plus python-stdnum's lists of
 * numbers issued with a failing digit, see `isValidRnc` / `isValidCedula`).
 */
export function taxIdVerdict(type: SupplierTaxIdType, taxId: string): 'valid' | 'invalid' | null {
  if (type !== 'rnc' && type !== 'cedula') return null;
  const digits = onlyDigits(taxId);
  const length = type === 'rnc' ? 9 : 11;
  if (digits.length < length) return null;
  if (digits.length > length) return 'invalid';
  return (type === 'rnc' ? isValidRnc(digits) : isValidCedula(digits)) ? 'valid' : 'invalid';
}

/**
 * "Nuevo suplidor" / "Editar suplidor" (admin, decision 140): name, RNC / cédula (checked live
 * with the shared validators as the user types), taxpayer type and contact. Validates with the
 * shared request schemas; the server's refusal (409 RNC already a supplier) shows in the form,
 * which keeps what was typed. `onSaved` receives the stored supplier (the purchase form selects it).
 */
export function SupplierFormModal({
  opened,
  supplier = null,
  initialName = '',
  onClose,
  onSaved,
}: {
  opened: boolean;
  supplier?: Supplier | null;
  /** What the user had typed in the picker, to start the name with. */
  initialName?: string;
  onClose: () => void;
  onSaved?: (supplier: Supplier) => void;
}) {
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: valuesOf(supplier),
    validate: (v) =>
      zodResolver(supplier ? UpdateSupplierRequestSchema : CreateSupplierRequestSchema)(toBody(v) as never),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the modal opens or the supplier changes
  useEffect(() => {
    if (!opened) return;
    form.setValues({ ...valuesOf(supplier), ...(supplier ? {} : { name: initialName }) });
    form.clearErrors();
    setError(null);
  }, [opened, supplier?._id]);

  const v = form.values;
  const verdict = taxIdVerdict(v.taxIdType, v.taxId);
  const liveError =
    verdict === 'invalid' ? SUPPLIER_TAX_ID_INVALID[v.taxIdType as 'rnc' | 'cedula'] : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // This form may open over the purchase form: its submit must not reach that one (React
    // events bubble through portals).
    event.stopPropagation();
    form.onSubmit(async (values) => {
      setError(null);
      try {
        // Sent as the shared schemas leave it: RNC / cédula as digits.
        const saved = supplier
          ? await update.mutateAsync({
              id: supplier._id,
              input: UpdateSupplierRequestSchema.parse({ ...toBody(values), active: values.active }),
            })
          : await create.mutateAsync(
              CreateSupplierRequestSchema.parse(toBody(values)) as CreateSupplierRequest,
            );
        toastSuccess(supplier ? 'Suplidor actualizado' : 'Suplidor creado', saved.name);
        onSaved?.(saved);
        onClose();
      } catch (err) {
        setError(getErrorMessage(err, 'No se pudo guardar el suplidor'));
      }
    })(event);
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      opened={opened}
      onClose={onClose}
      title={supplier ? 'Editar suplidor' : 'Nuevo suplidor'}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label="Nombre o razón social" required data-autofocus {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Identificación"
              data={SUPPLIER_TAX_ID_TYPES.map((t) => ({ value: t, label: SUPPLIER_TAX_ID_TYPE_LABELS[t] }))}
              allowDeselect={false}
              {...form.getInputProps('taxIdType')}
              onChange={(value) => {
                if (!value) return;
                const next = value as SupplierTaxIdType;
                // The taxpayer type follows the id type while it is the old type's suggestion.
                if (v.taxpayerType === SUGGESTED_TAXPAYER[v.taxIdType])
                  form.setFieldValue('taxpayerType', SUGGESTED_TAXPAYER[next]);
                if (next === 'foreign' && v.country === 'DO') form.setFieldValue('country', '');
                if (next !== 'foreign' && !v.country) form.setFieldValue('country', 'DO');
                form.setFieldValue('taxIdType', next);
              }}
            />
            {v.taxIdType !== 'none' && (
              <TextInput
                label={
                  v.taxIdType === 'foreign'
                    ? 'Identificación fiscal'
                    : SUPPLIER_TAX_ID_TYPE_LABELS[v.taxIdType]
                }
                required={v.taxIdType !== 'foreign'}
                inputMode={v.taxIdType === 'foreign' ? undefined : 'numeric'}
                description={
                  v.taxIdType === 'foreign' ? undefined : 'Se valida el dígito verificador mientras escribes'
                }
                {...form.getInputProps('taxId')}
                error={form.errors.taxId ?? liveError}
              />
            )}
          </SimpleGrid>
          {verdict === 'valid' && (
            <Text size="sm" c="green.8" role="status">
              {v.taxIdType === 'rnc' ? 'RNC válido' : 'Cédula válida'}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Tipo de contribuyente"
              data={SUPPLIER_TAXPAYER_TYPES.map((t) => ({
                value: t,
                label: SUPPLIER_TAXPAYER_TYPE_LABELS[t],
              }))}
              allowDeselect={false}
              {...form.getInputProps('taxpayerType')}
            />
            <TextInput
              label="País"
              description="Código de dos letras (DO, US…)"
              maxLength={2}
              {...form.getInputProps('country')}
            />
            <TextInput label="Persona de contacto" {...form.getInputProps('contactName')} />
            <TextInput label="Teléfono" type="tel" {...form.getInputProps('phone')} />
            <TextInput label="Email" type="email" {...form.getInputProps('email')} />
          </SimpleGrid>
          {supplier && <Switch label="Activo" {...form.getInputProps('active', { type: 'checkbox' })} />}
          <ModalFormFooter
            error={error}
            onCancel={onClose}
            loading={create.isPending || update.isPending}
            submitLabel={supplier ? 'Guardar cambios' : 'Crear suplidor'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
