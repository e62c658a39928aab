import {
  CostRateSchema,
  DEPARTMENTS,
  UpdateUserRequestSchema,
  USER_STATUS_LABELS,
  USER_STATUSES,
  type ManagedUser as User,
} from '@agencia/shared';
import { Button, Group, Modal, NumberInput, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSessionStore } from '../../../stores/session-store';
import { useUpdateUser, useUpdateUserCostRate, useUserCostRate } from '../api/user-mutations';
import { UserFormFields } from './user-form-fields';

type FormValues = {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  department: string;
  status: string;
  phone: string;
  /** Major units per hour; '' = the company default (decision 115). */
  hourlyRate: number | string;
};

/** The form's empty rate means "company default" (null in the request). */
const toRequest = (values: FormValues) => ({
  ...values,
  hourlyRate: values.hourlyRate === '' ? null : Number(values.hourlyRate),
});
const costRateOf = (v: number | string) => (v === '' ? null : Number(v));

/**
 * Edit-user modal: name, email, role, department, status, phone (`PUT /users/{id}`), and for an
 * admin editing staff the internal cost per hour (`PUT /users/{id}/cost-rate`, decision 142).
 */
export function EditUserModal({
  user,
  opened,
  onClose,
}: {
  user: User;
  opened: boolean;
  onClose: () => void;
}) {
  const mutation = useUpdateUser(user._id);
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  const withCost = isAdmin && user.role !== 'client';
  const cost = useUserCostRate(user._id, opened && withCost);
  const setCost = useUpdateUserCostRate(user._id);
  /** What an hour of the person costs the agency (RD$/h, admin only, decision 142); '' = unknown. */
  const [costRate, setCostRate] = useState<number | string>('');
  const [costError, setCostError] = useState<string | null>(null);
  // Filled from the API each time the modal opens (and when the rate loads); saved only if changed.
  useEffect(() => {
    if (opened && cost.data) setCostRate(cost.data.costRate ?? '');
    setCostError(null);
  }, [opened, cost.data]);
  const initial: FormValues = {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    department: user.department ?? '',
    status: user.status,
    phone: user.phone ?? '',
    hourlyRate: user.hourlyRate ?? '',
  };
  const form = useForm<FormValues>({
    mode: 'uncontrolled',
    initialValues: initial,
    validate: (values) => zodResolver(UpdateUserRequestSchema)(toRequest(values) as never),
  });

  const departments = [...new Set([...DEPARTMENTS, ...(user.department ? [user.department] : [])])];

  const submit = form.onSubmit(async (values) => {
    const rate = costRateOf(costRate);
    const checked = rate === null ? null : CostRateSchema.safeParse(rate);
    if (checked && !checked.success) {
      setCostError(checked.error.issues[0]?.message ?? 'Costo por hora inválido');
      return;
    }
    try {
      await mutation.mutateAsync(UpdateUserRequestSchema.parse(toRequest(values)));
      if (withCost && cost.data && rate !== cost.data.costRate) await setCost.mutateAsync(rate);
      toastSuccess('Usuario actualizado', `Los datos de ${values.firstName} ${values.lastName} se guardaron`);
      onClose();
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo actualizar el usuario'));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Editar Usuario"
      size="lg"
      onEnterTransitionEnd={() => form.setValues(initial)}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <UserFormFields
            form={form}
            departments={departments}
            extraRoleField={
              <Select
                label="Estado"
                data={USER_STATUSES.map((s) => ({ value: s, label: USER_STATUS_LABELS[s] }))}
                allowDeselect={false}
                key={form.key('status')}
                {...form.getInputProps('status')}
              />
            }
          />
          {user.role !== 'client' && (
            <NumberInput
              label="Tarifa por hora (facturación)"
              description="Se usa en «Facturar horas». Vacío = tarifa predeterminada de la empresa."
              min={0}
              step={50}
              decimalScale={2}
              thousandSeparator=","
              allowNegative={false}
              key={form.key('hourlyRate')}
              {...form.getInputProps('hourlyRate')}
            />
          )}
          {withCost && (
            <NumberInput
              label="Costo por hora (interno, RD$)"
              description="Lo que una hora de esta persona cuesta a la agencia; se usa en la rentabilidad de los proyectos. Solo lo ven los administradores. Vacío = sin tarifa."
              min={0}
              step={50}
              decimalScale={2}
              thousandSeparator=","
              allowNegative={false}
              disabled={cost.isPending}
              value={costRate}
              onChange={(v) => {
                setCostRate(v);
                setCostError(null);
              }}
              error={costError}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={mutation.isPending || setCost.isPending}>
              Guardar cambios
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
