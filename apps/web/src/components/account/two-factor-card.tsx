import type { TwoFactorSetupResponse } from '@agencia/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Image,
  Modal,
  PasswordInput,
  PinInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage } from '../../lib/api-client';
import { formatNumericDate } from '../../lib/format';
import { toastError, toastSuccess } from '../../lib/toast';
import { useDateDisplay } from '../../stores/display-store';
import { useSessionStore } from '../../stores/session-store';
import { useTwoFactorMutations, useTwoFactorStatus } from './account-api';

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Stack gap="xs">
      <Alert color="orange" variant="light" title="Guarda tus códigos de recuperación">
        Cada código sirve una sola vez para entrar si pierdes tu teléfono. No se volverán a mostrar.
      </Alert>
      <SimpleGrid cols={2} spacing={6} data-testid="recovery-codes">
        {codes.map((c) => (
          <Code key={c} fz="sm" ta="center">
            {c}
          </Code>
        ))}
      </SimpleGrid>
      <CopyButton value={codes.join('\n')}>
        {({ copied, copy }) => (
          <Button
            variant="light"
            onClick={copy}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          >
            {copied ? 'Copiados' : 'Copiar códigos'}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/** Asks for the account password before disabling 2FA or regenerating codes. */
function PasswordModal({
  opened,
  title,
  confirmLabel,
  color,
  loading,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  confirmLabel: string;
  color?: string;
  loading: boolean;
  onClose: () => void;
  onConfirm: (password: string) => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title}>
      <form
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          try {
            await onConfirm(password);
            close();
          } catch (err) {
            setError(getErrorMessage(err, 'Contraseña incorrecta'));
          }
        }}
      >
        <Stack gap="sm">
          <PasswordInput
            label="Tu contraseña"
            autoComplete="current-password"
            value={password}
            error={error}
            data-autofocus
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" color={color} disabled={!password} loading={loading}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Two-factor authentication with TOTP (decision 063): enrol with a QR code for an authenticator
 * app and a first code, get 10 recovery codes, then every sign-in asks for a code.
 */
export function TwoFactorCard() {
  useDateDisplay();
  const { data: status, isLoading } = useTwoFactorStatus();
  const m = useTwoFactorMutations();
  const updateUser = useSessionStore((state) => state.updateUser);
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [modal, setModal] = useState<'disable' | 'regenerate' | null>(null);

  const start = async () => {
    try {
      setCodes(null);
      setSetup(await m.setup.mutateAsync());
    } catch (err) {
      toastError('Error', getErrorMessage(err, 'No se pudo iniciar la configuración'));
    }
  };
  const confirm = async (value: string) => {
    setCodeError(null);
    try {
      setCodes(await m.enable.mutateAsync(value));
      setSetup(null);
      setCode('');
      updateUser({ twoFactorEnabled: true });
      toastSuccess(
        'Verificación en dos pasos activada',
        'Desde ahora te pediremos un código al iniciar sesión',
      );
    } catch (err) {
      setCode('');
      setCodeError(getErrorMessage(err, 'Código de verificación incorrecto'));
    }
  };

  return (
    <Card withBorder radius="md" p="lg">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Group gap="xs">
          <IconShieldLock size={22} aria-hidden />
          <Title order={2} size="h4">
            Verificación en dos pasos
          </Title>
        </Group>
        {status && (
          <Badge color={status.enabled ? 'green' : 'gray'} variant="light">
            {status.enabled ? 'Activada' : 'Desactivada'}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Protege tu cuenta con un código de una aplicación de autenticación (Google Authenticator, Microsoft
        Authenticator, 1Password…) además de tu contraseña.
      </Text>
      {isLoading ? null : status?.enabled ? (
        <Stack gap="sm">
          <Text size="sm">
            Activada desde {formatNumericDate(status.enabledAt)}. Códigos de recuperación disponibles:{' '}
            {status.recoveryCodesLeft}.
          </Text>
          {codes && <RecoveryCodes codes={codes} />}
          <Group>
            <Button variant="default" onClick={() => setModal('regenerate')}>
              Regenerar códigos de recuperación
            </Button>
            <Button variant="light" color="red" onClick={() => setModal('disable')}>
              Desactivar
            </Button>
          </Group>
        </Stack>
      ) : setup ? (
        <Stack gap="sm">
          <Text size="sm">1. Escanea este código QR con tu aplicación de autenticación.</Text>
          <Image
            src={setup.qrCode}
            alt="Código QR para la aplicación de autenticación"
            w={200}
            h={200}
            bg="white"
            p={4}
            radius="sm"
          />
          <Text size="xs" c="dimmed">
            ¿No puedes escanearlo? Escribe esta clave en la aplicación:
          </Text>
          <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
            {setup.secret}
          </Code>
          <Text size="sm" component="label" htmlFor="totp-enable-code">
            2. Escribe el código de 6 dígitos que muestra la aplicación.
          </Text>
          <PinInput
            id="totp-enable-code"
            length={6}
            type="number"
            oneTimeCode
            value={code}
            error={Boolean(codeError)}
            aria-label="Código de verificación"
            getInputProps={(index) => ({ 'aria-label': `Dígito ${index + 1} del código de verificación` })}
            onChange={setCode}
            onComplete={(v) => void confirm(v)}
          />
          {codeError && (
            <Text size="xs" c="red" role="alert">
              {codeError}
            </Text>
          )}
          <Group>
            <Button
              onClick={() => void confirm(code)}
              disabled={code.length !== 6}
              loading={m.enable.isPending}
            >
              Activar
            </Button>
            <Button variant="default" onClick={() => setSetup(null)}>
              Cancelar
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          <Button onClick={start} loading={m.setup.isPending}>
            Activar verificación en dos pasos
          </Button>
        </Group>
      )}
      <PasswordModal
        opened={modal === 'disable'}
        title="Desactivar la verificación en dos pasos"
        confirmLabel="Desactivar"
        color="red"
        loading={m.disable.isPending}
        onClose={() => setModal(null)}
        onConfirm={async (password) => {
          await m.disable.mutateAsync(password);
          setCodes(null);
          updateUser({ twoFactorEnabled: false });
          toastSuccess('Verificación en dos pasos desactivada');
        }}
      />
      <PasswordModal
        opened={modal === 'regenerate'}
        title="Regenerar códigos de recuperación"
        confirmLabel="Regenerar"
        loading={m.regenerate.isPending}
        onClose={() => setModal(null)}
        onConfirm={async (password) => {
          setCodes(await m.regenerate.mutateAsync(password));
          toastSuccess('Códigos regenerados', 'Los códigos anteriores ya no funcionan');
        }}
      />
    </Card>
  );
}
