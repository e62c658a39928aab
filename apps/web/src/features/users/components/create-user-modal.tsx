import {
  type CreateUserRequest,
  CreateUserRequestSchema,
  DEFAULT_DEPARTMENT,
  DEPARTMENTS,
} from '@agencia/shared';
import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCreateUser } from '../api/user-mutations';
import { UserFormFields } from './user-form-fields';

type FormValues = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: string;
  department: string;
  phone: string;
};

/** Create-user modal (spec doc 2 §5): required fields checked, defaults role employee, department General. */
export function CreateUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const mutation = useCreateUser();
  const form = useForm<FormValues>({
    mode: 'uncontrolled',
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      role: 'employee',
      department: DEFAULT_DEPARTMENT,
      phone: '',
    },
    validate: zodResolver(CreateUserRequestSchema),
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    try {
      const user = await mutation.mutateAsync(CreateUserRequestSchema.parse(values) as CreateUserRequest);
      toastSuccess('Usuario creado', `${user.firstName} ${user.lastName} ya puede iniciar sesión`);
      close();
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo crear el usuario'));
    }
  });

  return (
    <Modal opened={opened} onClose={close} title="Nuevo Usuario" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <UserFormFields
            form={form}
            departments={[...DEPARTMENTS]}
            required
            autoFocus
            afterEmail={
              <PasswordInput
                label="Contraseña"
                description="Mínimo 6 caracteres"
                autoComplete="new-password"
                withAsterisk
                key={form.key('password')}
                {...form.getInputProps('password')}
              />
            }
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Crear Usuario
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
