import {
  MAX_IMAGE_BYTES,
  PROFILE_MESSAGES,
  ROLE_LABELS,
  type UpdateProfileRequest,
  UpdateProfileRequestSchema,
  type User,
} from '@agencia/shared';
import {
  Avatar,
  Button,
  Card,
  FileButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconEdit, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { formatNumericDate, formatNumericDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useUpdateProfile, useUploadAvatar } from '../api/profile-api';

type FormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  companyName: string;
  bio: string;
};

const valuesOf = (user: User): FormValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phone: user.phone ?? '',
  companyName: user.companyName ?? '',
  bio: user.bio ?? '',
});

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </Stack>
  );
}

/** Personal information tab: view and editing modes (cancel restores the loaded values), avatar. */
export function PersonalInfo({ user }: { user: User }) {
  useDateDisplay();
  const [editing, setEditing] = useState(false);
  const update = useUpdateProfile();
  const upload = useUploadAvatar();
  const form = useForm<FormValues>({
    mode: 'uncontrolled',
    initialValues: valuesOf(user),
    validate: zodResolver(UpdateProfileRequestSchema),
  });
  const fullName = `${user.firstName} ${user.lastName}`;
  // A client's company is their client record's (kept by the agency); departments are staff-only.
  const isClient = user.role === 'client';
  const base = (): UpdateProfileRequest => ({ ...valuesOf(user) });

  const startEditing = () => {
    form.setValues(valuesOf(user));
    form.resetDirty();
    setEditing(true);
  };
  const cancel = () => {
    form.setValues(valuesOf(user));
    form.clearErrors();
    setEditing(false);
  };
  const submit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toastSuccess('Perfil actualizado', 'Tus datos se guardaron correctamente');
      setEditing(false);
    } catch (error) {
      toastError('Error', getErrorMessage(error, PROFILE_MESSAGES.updateFailed));
    }
  });

  const onAvatar = async (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      toastError('Error', 'La imagen no puede superar los 2 MB');
      return;
    }
    try {
      const url = await upload.mutateAsync(file);
      await update.mutateAsync({ ...base(), avatar: url });
      toastSuccess('Avatar actualizado');
    } catch (error) {
      toastError('Error', getErrorMessage(error, PROFILE_MESSAGES.avatarFailed));
    }
  };
  const removeAvatar = async () => {
    try {
      await update.mutateAsync({ ...base(), avatar: null });
      toastSuccess('Avatar eliminado');
    } catch (error) {
      toastError('Error', getErrorMessage(error, PROFILE_MESSAGES.avatarRemoveFailed));
    }
  };

  return (
    <Card withBorder radius="md" p="lg">
      <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar src={user.avatar} alt={fullName} size={88} radius={88} color="blue">
            {`${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase()}
          </Avatar>
          <Stack gap={6}>
            <Title order={2} size="h3">
              {fullName}
            </Title>
            <Text size="sm" c="dimmed">
              {ROLE_LABELS[user.role]}
              {isClient && user.companyName ? ` · ${user.companyName}` : ''}
              {!isClient && user.department ? ` · ${user.department}` : ''}
            </Text>
            <Group gap="xs">
              <FileButton onChange={onAvatar} accept="image/png,image/jpeg,image/webp">
                {(props) => (
                  <Button
                    {...props}
                    size="xs"
                    variant="light"
                    leftSection={<IconUpload size={14} />}
                    loading={upload.isPending}
                  >
                    Cambiar foto
                  </Button>
                )}
              </FileButton>
              {user.avatar && (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={removeAvatar}
                >
                  Eliminar foto
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              PNG, JPEG o WebP, máximo 2 MB.
            </Text>
          </Stack>
        </Group>
        {!editing && (
          <Button leftSection={<IconEdit size={16} />} onClick={startEditing}>
            Editar perfil
          </Button>
        )}
      </Group>
      {editing ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Nombre"
                withAsterisk
                key={form.key('firstName')}
                {...form.getInputProps('firstName')}
              />
              <TextInput
                label="Apellido"
                withAsterisk
                key={form.key('lastName')}
                {...form.getInputProps('lastName')}
              />
              <TextInput
                label="Email"
                type="email"
                withAsterisk
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <TextInput
                label="Teléfono"
                type="tel"
                key={form.key('phone')}
                {...form.getInputProps('phone')}
              />
              {!isClient && (
                <TextInput
                  label="Empresa"
                  key={form.key('companyName')}
                  {...form.getInputProps('companyName')}
                />
              )}
            </SimpleGrid>
            <Textarea
              label="Biografía"
              autosize
              minRows={3}
              maxRows={8}
              key={form.key('bio')}
              {...form.getInputProps('bio')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={cancel}>
                Cancelar
              </Button>
              <Button type="submit" loading={update.isPending}>
                Guardar cambios
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          <Field label="Nombre" value={user.firstName} />
          <Field label="Apellido" value={user.lastName} />
          <Field label="Email" value={user.email} />
          <Field label="Teléfono" value={user.phone} />
          <Field label="Empresa" value={user.companyName} />
          <Field label="Rol" value={ROLE_LABELS[user.role]} />
          {!isClient && <Field label="Departamento" value={user.department} />}
          <Field
            label="Último acceso"
            value={user.lastLogin ? formatNumericDateTime(user.lastLogin) : null}
          />
          <Field label="Miembro desde" value={formatNumericDate(user.createdAt)} />
          <Field label="Biografía" value={user.bio} />
        </SimpleGrid>
      )}
    </Card>
  );
}
