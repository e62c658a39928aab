import { type LoginRequest, LoginRequestSchema } from '@agencia/shared';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAt, IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { useSessionStore } from '../../../stores/session-store';
import { useLoginMutation } from '../api/login';

/** Email + password form of spec doc 1 §5, validated with the shared LoginRequestSchema. */
export function LoginForm() {
  const navigate = useNavigate();
  const loginMutation = useLoginMutation();
  const storeLogin = useSessionStore((state) => state.login);
  const form = useForm<LoginRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: zodResolver(LoginRequestSchema),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const session = await loginMutation.mutateAsync(LoginRequestSchema.parse(values));
      storeLogin({ user: session.user, token: session.token });
      notifications.show({
        color: 'green',
        title: 'Bienvenido de vuelta',
        message: 'Has iniciado sesión correctamente',
      });
      navigate('/dashboard', { replace: true });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Error de acceso',
        message: getErrorMessage(error, 'Credenciales incorrectas'),
      });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email"
          placeholder="tu@empresa.com"
          type="email"
          autoComplete="username"
          leftSection={<IconAt size={16} />}
          withAsterisk
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Contraseña"
          placeholder="Tu contraseña"
          autoComplete="current-password"
          leftSection={<IconLock size={16} />}
          withAsterisk
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" size="md" fullWidth loading={loginMutation.isPending}>
          Acceder a Mi Portal
        </Button>
      </Stack>
    </form>
  );
}
