import {
  type ChangePasswordForm,
  ChangePasswordFormSchema,
  PROFILE_MESSAGES,
  passwordStrength,
} from '@agencia/shared';
import { Button, Group, PasswordInput, Progress, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { getErrorMessage } from '../../lib/api-client';
import { changePassword } from '../../lib/auth-api';
import { zodResolver } from '../../lib/form';
import { toastError, toastSuccess } from '../../lib/toast';
import { useSessionStore } from '../../stores/session-store';

const STRENGTH_LABEL = { weak: 'Débil', medium: 'Media', strong: 'Fuerte' } as const;

/**
 * Change-password form of spec doc 2 §5: three fields, the button disabled until all are
 * filled, confirmation must match, at least 6 characters, and the strength bar (8+ strong
 * 100 green, 6–7 medium 60 yellow, fewer weak 30 red). Used by the profile's security tab and by
 * the forced change after an admin reset.
 */
export function ChangePasswordFormCard({ onChanged }: { onChanged?: () => void }) {
  const updateUser = useSessionStore((state) => state.updateUser);
  const form = useForm<ChangePasswordForm>({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: zodResolver(ChangePasswordFormSchema),
  });
  const mutation = useMutation({
    mutationFn: changePassword,
    retry: false,
  });
  const { currentPassword, newPassword, confirmPassword } = form.getValues();
  const strength = passwordStrength(newPassword);
  const allFilled = Boolean(currentPassword && newPassword && confirmPassword);

  const submit = form.onSubmit(async (values) => {
    try {
      const user = await mutation.mutateAsync({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      updateUser(user);
      form.reset();
      toastSuccess('Contraseña cambiada', 'Tu contraseña se actualizó y se cerraron tus otras sesiones.');
      onChanged?.();
    } catch (error) {
      toastError('Error', getErrorMessage(error, PROFILE_MESSAGES.passwordFailed));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        <PasswordInput
          label="Contraseña actual"
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="Nueva contraseña"
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('newPassword')}
        />
        {newPassword && (
          <Stack gap={4}>
            <Progress
              value={strength.score}
              color={strength.color}
              size="sm"
              aria-label={`Seguridad de la contraseña: ${STRENGTH_LABEL[strength.label]}`}
            />
            <Text size="xs" c="dimmed">
              Seguridad: {STRENGTH_LABEL[strength.label]}
            </Text>
          </Stack>
        )}
        <PasswordInput
          label="Confirmar nueva contraseña"
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('confirmPassword')}
        />
        <Text size="xs" c="dimmed">
          Mínimo 6 caracteres; con 8 o más la contraseña es fuerte.
        </Text>
        <Group>
          <Button type="submit" disabled={!allFilled} loading={mutation.isPending}>
            Cambiar contraseña
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
