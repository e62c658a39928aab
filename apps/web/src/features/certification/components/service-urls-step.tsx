import { CERTIFICATION_SERVICE_PATHS, type CertificationUrls, type UrlSelfTest } from '@agencia/shared';
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCheck,
  IconCircleCheck,
  IconCircleX,
  IconCopy,
  IconWorldCheck,
} from '@tabler/icons-react';
import { getErrorMessage } from '../../../lib/api-client';
import { useTestCertificationUrls } from '../api/test-certification-urls';

/** The three services the postulación asks for (DGII, Descripción técnica, "Servicios del receptor"). */
const SERVICES: Array<{ name: UrlSelfTest['name']; label: string }> = [
  { name: 'reception', label: 'Recepción de e-CF' },
  { name: 'commercialApproval', label: 'Aprobación comercial' },
  { name: 'authentication', label: 'Autenticación' },
];

const labelOf = (name: UrlSelfTest['name']) => SERVICES.find((s) => s.name === name)?.label ?? name;

/**
 * Steps 7 and 12: the three URLs to register on the DGII's portal, each with a copy button, a
 * warning when the public URL is not https, and "Probar URLs" — the server calls each one over
 * HTTPS and says what it answered.
 */
export function ServiceUrlsStep({
  urls,
  publicUrlIsHttps,
  production,
}: {
  urls: CertificationUrls;
  publicUrlIsHttps: boolean;
  production: boolean;
}) {
  const test = useTestCertificationUrls();
  return (
    <Stack gap="sm">
      <Text size="sm">
        {production
          ? 'En producción se registran las mismas tres rutas, bajo la dirección pública del portal:'
          : 'Registra estas tres URL en el formulario del portal de certificación de la DGII:'}
      </Text>
      {!publicUrlIsHttps && (
        <Alert color="orange" icon={<IconAlertTriangle />} title="La dirección pública no usa https">
          La DGII solo llama a URL https. Configura PUBLIC_URL del servidor con la dirección https del portal
          antes de registrar las URL.
        </Alert>
      )}
      <Stack gap="xs">
        {SERVICES.map((s) => (
          <Group key={s.name} justify="space-between" gap="xs" wrap="wrap" align="center">
            <div style={{ minWidth: 0, flex: '1 1 260px' }}>
              <Text size="sm" fw={500}>
                {s.label}
              </Text>
              <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                {urls[s.name]}
              </Code>
              <Text size="xs" c="dimmed" mt={2} style={{ overflowWrap: 'anywhere' }}>
                La DGII añade la ruta del servicio: {urls[s.name].replace(/\/+$/, '')}
                {CERTIFICATION_SERVICE_PATHS[s.name]}
              </Text>
            </div>
            <CopyButton value={urls[s.name]}>
              {({ copied, copy }) => (
                <Button
                  size="compact-sm"
                  variant="light"
                  color={copied ? 'green' : undefined}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                  aria-label={`${copied ? 'Copiada' : 'Copiar'} la URL de ${s.label}`}
                >
                  {copied ? 'Copiada' : 'Copiar'}
                </Button>
              )}
            </CopyButton>
          </Group>
        ))}
      </Stack>
      <Group justify="flex-end">
        <Button
          variant="light"
          leftSection={<IconWorldCheck size={16} />}
          loading={test.isPending}
          onClick={() => test.mutate()}
        >
          Probar URLs
        </Button>
      </Group>
      <div aria-live="polite">
        {test.isError ? (
          <Alert color="red" icon={<IconCircleX />} title="No se pudieron probar las URL">
            {getErrorMessage(test.error, 'Intenta nuevamente.')}
          </Alert>
        ) : test.data ? (
          <Stack gap={6} role="list" aria-label="Resultado de la prueba de URL">
            {test.data.map((r) => (
              <Group key={r.name} gap={6} wrap="nowrap" align="flex-start" role="listitem">
                {r.ok ? (
                  <IconCircleCheck size={18} color="var(--mantine-color-green-light-color)" aria-hidden />
                ) : (
                  <IconCircleX size={18} color="var(--mantine-color-red-light-color)" aria-hidden />
                )}
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <strong>
                    {labelOf(r.name)}: {r.ok ? 'responde' : 'falla'}
                    {r.status !== null ? ` (HTTP ${r.status})` : ''}
                  </strong>{' '}
                  — {r.message}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : null}
      </div>
    </Stack>
  );
}
