import {
  DEPARTMENTS,
  UpdateUserRequestSchema,
  USER_STATUS_LABELS,
  USER_STATUSES,
  type ManagedUser as User,
} from '@agencia/shared';
import { Button, Group, Modal, NumberInput, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useUpdateUser } from '../api/user-mutations';
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

/** Edit-user modal: name, email, role, department, status, phone (`PUT /users/{id}`). */
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
    try {
      await mutation.mutateAsync(UpdateUserRequestSchema.parse(toRequest(values)));
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
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Guardar cambios
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
