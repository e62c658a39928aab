import { DGII_ECF_ENVIRONMENT_LABELS, type EcfCertificate, type EcfMode } from '@agencia/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Divider,
  FileInput,
  Group,
  PasswordInput,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconAlertTriangle,
  IconCertificate,
  IconCircleCheck,
  IconCircleX,
  IconListCheck,
  IconPaperclip,
  IconPlugConnected,
} from '@tabler/icons-react';
import { AxiosError } from 'axios';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { getErrorMessage } from '../../../lib/api-client';
import { certificateExpiry, daysText } from '../../../lib/ecf-certificate';
import { formatNumericDate, formatNumericDateTime } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import {
  useEcfCertificate,
  useEcfConnectionTest,
  useEcfSettings,
  useUpdateEcfMode,
  useUploadEcfCertificate,
} from '../api/ecf-api';
import { ok } from './fiscal-helpers';

/** The two ways of issuing e-CF, as the card offers them (short label and what it means). */
const MODE_OPTIONS: Array<{ value: EcfMode; label: string; description: string }> = [
  {
    value: 'provider',
    label: 'Proveedor externo',
    description:
      'Un proveedor de servicios de facturación electrónica firma y envía tus e-CF; en cada factura registras el código de seguridad que te entrega.',
  },
  {
    value: 'direct',
    label: 'Emisión directa desde el portal',
    description:
      'El portal firma cada e-CF con el certificado digital de la empresa y lo envía a la DGII (sistema propio).',
  },
];

/** The upload's fields a server error can point at. */
type UploadField = 'file' | 'password';

/** The field (`file` / `password`) and message of a 400 of `POST /fiscal/certificate`, if any. */
function uploadFieldError(error: unknown): { field: UploadField; message: string } | null {
  if (!(error instanceof AxiosError)) return null;
  const errors = (error.response?.data as { errors?: { field: string; message: string }[] } | undefined)
    ?.errors;
  const hit = errors?.find((e) => e.field === 'file' || e.field === 'password');
  return hit ? { field: hit.field as UploadField, message: hit.message } : null;
}

/** A label over its value, the card's read-only facts. */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The loaded certificate: holder, serial, validity, and a warning when it expires within 30 days. */
function CertificateFacts({ certificate }: { certificate: EcfCertificate }) {
  const expiry = certificateExpiry(certificate.validTo);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
        <Fact label="Titular">{certificate.subject}</Fact>
        <Fact label="Número de serie">
          <Text span size="sm" ff="monospace">
            {certificate.serialNumber}
          </Text>
        </Fact>
        <Fact label="Válido desde">{formatNumericDate(certificate.validFrom)}</Fact>
        <Fact label="Válido hasta">
          <Group gap={6} component="span" wrap="wrap">
            <span>{formatNumericDate(certificate.validTo)}</span>
            {expiry.state === 'valid' ? (
              <Badge color="green" variant="light">
                Vigente
              </Badge>
            ) : expiry.state === 'expiring' ? (
              <Badge color="orange" variant="light">
                Vence pronto
              </Badge>
            ) : (
              <Badge color="red" variant="light">
                Vencido
              </Badge>
            )}
          </Group>
        </Fact>
        <Fact label="Cargado">{formatNumericDateTime(certificate.uploadedAt)}</Fact>
      </SimpleGrid>
      {expiry.state === 'expired' ? (
        <Alert color="red" icon={<IconAlertTriangle />} title="El certificado digital venció">
          Con un certificado vencido el portal no puede firmar e-CF. Carga el certificado renovado por tu
          entidad de certificación.
        </Alert>
      ) : expiry.state === 'expiring' ? (
        <Alert color="orange" icon={<IconAlertTriangle />} title="El certificado digital vence pronto">
          Vence en {daysText(expiry.daysLeft)}, el {formatNumericDate(certificate.validTo)}. Renuévalo con tu
          entidad de certificación y cárgalo aquí antes de esa fecha.
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * The certificate upload: the .p12/.pfx and its password (show/hide). A 400 of the API is shown
 * at the field it names (or above the button); what was typed stays.
 */
function CertificateUploadForm({ replacing }: { replacing: boolean }) {
  const upload = useUploadEcfCertificate();
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<UploadField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing: Partial<Record<UploadField, string>> = {};
    if (!file) missing.file = 'Selecciona el archivo del certificado (.p12 o .pfx).';
    if (!password) missing.password = 'Escribe la contraseña del certificado.';
    setFormError(null);
    setErrors(missing);
    if (!file || !password) return;
    try {
      const certificate = await upload.mutateAsync({ file, password });
      ok('Certificado cargado', certificate.subject);
      setFile(null);
      setPassword('');
    } catch (error) {
      const hit = uploadFieldError(error);
      if (hit) setErrors({ [hit.field]: hit.message });
      else setFormError(getErrorMessage(error, 'No se pudo cargar el certificado'));
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Cargar certificado digital">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <FileInput
            label="Archivo del certificado"
            description="Formato .p12 o .pfx, tal como lo entregó la entidad de certificación"
            placeholder="Seleccionar archivo"
            accept=".p12,.pfx,application/x-pkcs12"
            clearable
            clearButtonProps={{ 'aria-label': 'Quitar el archivo' }}
            leftSection={<IconPaperclip size={16} />}
            value={file}
            onChange={(next) => {
              setFile(next);
              setErrors((current) => ({ ...current, file: undefined }));
            }}
            error={errors.file}
            required
          />
          <PasswordInput
            label="Contraseña del certificado"
            description="Se guarda cifrada; nadie puede leerla desde el portal"
            autoComplete="off"
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
            error={errors.password}
            // Mantine's PasswordInput leaves aria-invalid out; its error is still described.
            aria-invalid={Boolean(errors.password)}
            required
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar la contraseña' }}
          />
        </SimpleGrid>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconCertificate size={16} />} loading={upload.isPending}>
            {replacing ? 'Reemplazar certificado' : 'Cargar certificado'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Probar conexión": authenticates with the DGII and shows what it answered. */
function ConnectionTest({ canTest }: { canTest: boolean }) {
  const test = useEcfConnectionTest();
  const result = test.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Title order={3} size="h5">
            Conexión con la DGII
          </Title>
          <Text size="sm" c="dimmed">
            Solicita a la DGII un token de acceso firmando su semilla con el certificado cargado.
          </Text>
        </div>
        <Button
          variant="light"
          leftSection={<IconPlugConnected size={16} />}
          loading={test.isPending}
          disabled={!canTest}
          onClick={() => test.mutate()}
        >
          Probar conexión
        </Button>
      </Group>
      {!canTest && (
        <Text size="sm" c="dimmed">
          Carga el certificado digital para probar la conexión.
        </Text>
      )}
      <div aria-live="polite">
        {test.isError ? (
          <Alert color="red" icon={<IconCircleX />} title="No se pudo probar la conexión">
            {getErrorMessage(test.error, 'No se pudo conectar con la DGII. Intenta nuevamente.')}
          </Alert>
        ) : result ? (
          <Alert
            color={result.ok ? 'green' : 'red'}
            icon={result.ok ? <IconCircleCheck /> : <IconCircleX />}
            title={result.ok ? 'Conexión correcta' : 'La DGII rechazó la autenticación'}
          >
            <Text size="sm">{result.message}</Text>
            <Text size="sm">Ambiente: {DGII_ECF_ENVIRONMENT_LABELS[result.environment]}</Text>
            {result.tokenExpiresAt && (
              <Text size="sm">Token válido hasta {formatNumericDateTime(result.tokenExpiresAt)}</Text>
            )}
          </Alert>
        ) : null}
      </div>
    </Stack>
  );
}

/**
 * "Facturación electrónica" (Configuración → Fiscal, admin, issue 26): how e-CF are issued —
 * through an outside provider or signed and sent by the portal (confirmation first) — the DGII
 * environment (read-only, from the server's configuration), the digital certificate with its
 * upload, and a connection test with the DGII.
 */
export function EcfSettingsCard() {
  useDateDisplay();
  const settings = useEcfSettings();
  const certificate = useEcfCertificate();
  const update = useUpdateEcfMode();
  const mode = settings.data?.ecfMode;

  // The admin's pick, saved with "Guardar modo de emisión" (arrow keys only move the choice).
  const [choice, setChoice] = useState<EcfMode | null>(null);
  const [modeError, setModeError] = useState<string | null>(null);
  useEffect(() => {
    if (mode) setChoice(mode);
  }, [mode]);

  const save = async (next: EcfMode) => {
    setModeError(null);
    try {
      await update.mutateAsync({ ecfMode: next });
      ok(
        'Configuración guardada',
        next === 'direct'
          ? 'El portal firmará y enviará a la DGII los e-CF que emitas'
          : 'Los e-CF se emitirán con tu proveedor externo',
      );
    } catch (error) {
      // The choice stays; the API's reason (409: no valid certificate) is shown at the field.
      setModeError(getErrorMessage(error, 'No se pudo cambiar el modo de emisión'));
    }
  };
  const submitMode = () => {
    if (!choice || choice === mode || update.isPending) return;
    if (choice === 'provider') return void save(choice);
    // Say what blocks it before asking to confirm (issue 44, point 12): without a loaded
    // certificate the API would refuse the switch after the confirmation.
    if (!settings.data?.hasCertificate && !certificate.data) {
      setModeError(
        'Primero carga el certificado digital de la empresa (más abajo): la emisión directa firma cada e-CF con él.',
      );
      return;
    }
    modals.openConfirmModal({
      title: '¿Activar la emisión directa?',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            A partir de ahora, cada comprobante electrónico que emitas (E31, E32, E34, E44, E45 y E46) lo
            firmará el portal con el certificado digital de la empresa y lo enviará a la DGII.
          </Text>
          <Text size="sm">
            Ya no registrarás el código de seguridad de un proveedor externo. El estado de cada e-CF ante la
            DGII se verá en la factura.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Activar emisión directa', cancel: 'Volver' },
      onConfirm: () => void save('direct'),
    });
  };

  const loading = settings.isLoading || certificate.isLoading;
  const failed = settings.error ?? certificate.error;
  const cert = certificate.data ?? null;

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="ecf-settings-title">
      <Title order={2} size="h4" id="ecf-settings-title">
        Facturación electrónica
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Cómo se firman y se envían a la DGII los comprobantes fiscales electrónicos (e-CF).
      </Text>
      {loading ? (
        <Stack gap="xs" aria-busy="true" aria-label="Cargando la facturación electrónica">
          <Skeleton h={60} />
          <Skeleton h={60} />
        </Stack>
      ) : failed || !settings.data ? (
        <Alert color="red" role="alert">
          {getErrorMessage(failed, 'No se pudo cargar la configuración de facturación electrónica')}
        </Alert>
      ) : (
        <Stack gap="md">
          <Radio.Group
            label="Modo de emisión"
            value={choice ?? settings.data.ecfMode}
            onChange={(v) => {
              setChoice(v as EcfMode);
              setModeError(null);
            }}
            error={modeError}
          >
            <Stack gap="sm" mt="xs">
              {MODE_OPTIONS.map((o) => (
                <Radio
                  key={o.value}
                  value={o.value}
                  label={o.label}
                  description={
                    o.value === settings.data?.ecfMode ? `${o.description} (modo actual)` : o.description
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button
              onClick={submitMode}
              loading={update.isPending}
              disabled={!choice || choice === settings.data.ecfMode}
            >
              Guardar modo de emisión
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Fact label="Ambiente de la DGII">{DGII_ECF_ENVIRONMENT_LABELS[settings.data.environment]}</Fact>
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt={-8}>
            El ambiente lo fija la configuración del servidor (pruebas, certificación o producción).
          </Text>

          <Divider />
          <Stack gap="sm">
            <div>
              <Title order={3} size="h5">
                Certificado digital
              </Title>
              <Text size="sm" c="dimmed">
                El certificado de firma digital de la empresa, emitido por una entidad de certificación
                autorizada por INDOTEL.
              </Text>
            </div>
            {cert ? (
              <CertificateFacts certificate={cert} />
            ) : (
              <Alert color="blue" icon={<IconCertificate />}>
                Aún no has cargado el certificado digital. Es necesario para la emisión directa.
              </Alert>
            )}
            <CertificateUploadForm replacing={Boolean(cert)} />
          </Stack>

          <Divider />
          <ConnectionTest canTest={settings.data.hasCertificate || Boolean(cert)} />

          <Divider />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <div style={{ minWidth: 0, flex: '1 1 240px' }}>
              <Title order={3} size="h5">
                Certificación DGII
              </Title>
              <Text size="sm" c="dimmed">
                Los 15 pasos para que la DGII certifique al portal como tu sistema de facturación electrónica:
                sets de prueba, simulación, URL de servicios y declaración jurada.
              </Text>
            </div>
            <Button
              component={Link}
              to="/settings/certification"
              variant="light"
              leftSection={<IconListCheck size={16} />}
            >
              Certificación DGII
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
