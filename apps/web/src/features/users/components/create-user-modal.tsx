import {
  type CreateUserRequest,
  CreateUserRequestSchema,
  DEFAULT_DEPARTMENT,
  DEPARTMENTS,
  ROLE_LABELS,
  ROLES,
} from '@agencia/shared';
import { Button, Group, Modal, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCreateUser } from '../api/user-mutations';

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

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
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Nombre"
              withAsterisk
              data-autofocus
              key={form.key('firstName')}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Apellido"
              withAsterisk
              key={form.key('lastName')}
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            withAsterisk
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Contraseña"
            description="Mínimo 6 caracteres"
            autoComplete="new-password"
            withAsterisk
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Rol"
              data={ROLE_OPTIONS}
              allowDeselect={false}
              withAsterisk
              key={form.key('role')}
              {...form.getInputProps('role')}
            />
            <Select
              label="Departamento"
              data={[...DEPARTMENTS]}
              allowDeselect={false}
              withAsterisk
              key={form.key('department')}
              {...form.getInputProps('department')}
            />
          </SimpleGrid>
          <TextInput label="Teléfono" type="tel" key={form.key('phone')} {...form.getInputProps('phone')} />
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
