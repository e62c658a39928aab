import { isTwoFactorChallenge, type LoginRequest, LoginRequestSchema, type Session } from '@agencia/shared';
import { Anchor, Button, PasswordInput, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAt, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSessionStore } from '../../../stores/session-store';
import { useLoginMutation, useTwoFactorLoginMutation } from '../api/login';

/** Email + password form of spec doc 1 §5, validated with the shared LoginRequestSchema. */
export function LoginForm() {
  const navigate = useNavigate();
  const loginMutation = useLoginMutation();
  const storeLogin = useSessionStore((state) => state.login);
  const [challengeToken, setChallengeToken] = useState<string | null>(null);
  const form = useForm<LoginRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: zodResolver(LoginRequestSchema),
  });

  const finish = (session: Session) => {
    storeLogin({ user: session.user, token: session.token });
    // Short: on a phone the toast sits over the header the user reaches for next (decision 163).
    toastSuccess('Bienvenido de vuelta', 'Has iniciado sesión correctamente', { autoClose: 2000 });
    navigate('/dashboard', { replace: true });
  };

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const result = await loginMutation.mutateAsync(LoginRequestSchema.parse(values));
      if (isTwoFactorChallenge(result)) {
        setChallengeToken(result.challengeToken);
        return;
      }
      finish(result);
    } catch (error) {
      toastError('Error de acceso', getErrorMessage(error, 'Credenciales incorrectas'));
    }
  });

  if (challengeToken) {
    return (
      <TwoFactorStep
        challengeToken={challengeToken}
        onDone={finish}
        onCancel={() => setChallengeToken(null)}
      />
    );
  }

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

interface TwoFactorStepProps {
  challengeToken: string;
  onDone: (session: Session) => void;
  onCancel: () => void;
}

/** Second step of a two-factor login: the 6-digit code of the app, or a recovery code. */
function TwoFactorStep({ challengeToken, onDone, onCancel }: TwoFactorStepProps) {
  const mutation = useTwoFactorLoginMutation();
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (value: string) => {
    setError(null);
    try {
      onDone(await mutation.mutateAsync({ challengeToken, code: value }));
    } catch (err) {
      const message = getErrorMessage(err, 'Código de verificación incorrecto');
      setError(message);
      setCode('');
      if (/expiró/.test(message)) onCancel();
      toastError('Error de acceso', message);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (code.trim()) void submit(code.trim());
      }}
    >
      <Stack gap="md">
        <Text fw={600}>Verificación en dos pasos</Text>
        <Text size="sm" c="dimmed">
          {useRecovery
            ? 'Escribe uno de tus códigos de recuperación. Cada código sirve una sola vez.'
            : 'Abre tu aplicación de autenticación y escribe el código de 6 dígitos.'}
        </Text>
        {useRecovery ? (
          <TextInput
            label="Código de recuperación"
            placeholder="xxxxx-xxxxx"
            autoComplete="one-time-code"
            value={code}
            error={error}
            onChange={(event) => setCode(event.currentTarget.value)}
            data-autofocus
          />
        ) : (
          <Stack gap={4}>
            <Text component="label" htmlFor="totp-code" size="sm" fw={500}>
              Código de verificación
            </Text>
            <PinInput
              id="totp-code"
              length={6}
              type="number"
              oneTimeCode
              autoFocus
              value={code}
              error={Boolean(error)}
              aria-label="Código de verificación"
              getInputProps={(index) => ({ 'aria-label': `Dígito ${index + 1} del código de verificación` })}
              onChange={setCode}
              onComplete={(value) => void submit(value)}
            />
            {error && (
              <Text size="xs" c="red" role="alert">
                {error}
              </Text>
            )}
          </Stack>
        )}
        <Button type="submit" size="md" fullWidth loading={mutation.isPending} disabled={!code.trim()}>
          Verificar
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setUseRecovery((v) => !v);
            setCode('');
            setError(null);
          }}
        >
          {useRecovery ? 'Usar el código de la aplicación' : 'Usar un código de recuperación'}
        </Anchor>
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onCancel}>
          Volver
        </Anchor>
      </Stack>
    </form>
  );
}
