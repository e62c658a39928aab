import { Alert, Anchor, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconFileCode, IconSignature } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toastSuccess } from '../../../lib/toast';
import { downloadErrorMessage } from '../api/download';
import { useSignXml } from '../api/sign-xml';
import { ECF_CARD_PATH } from './certification-header';

/**
 * Step 13: "Firmar XML" — the sworn statement (or any XML the DGII asks for) signed with the
 * company's certificate and downloaded under its own name; it replaces the DGII's desktop app.
 */
export function SignXmlTool({ hasCertificate }: { hasCertificate: boolean }) {
  const sign = useSignXml();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!file) {
      setFileError('Selecciona el archivo XML que descargaste de la DGII.');
      return;
    }
    try {
      await sign.mutateAsync(file);
      toastSuccess('XML firmado', `Se descargó ${file.name} firmado`);
    } catch (err) {
      setError(await downloadErrorMessage(err, 'No se pudo firmar el XML'));
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Firmar XML">
      <Stack gap="sm">
        <Text size="sm">
          Esta herramienta reemplaza la aplicación de escritorio de la DGII para firmar: elige el XML de la
          declaración jurada, el portal lo firma con el certificado digital de la empresa y lo descarga con el
          mismo nombre, listo para subirlo al portal de la DGII.
        </Text>
        {!hasCertificate && (
          <Alert color="orange">
            Para firmar, carga primero el certificado digital en{' '}
            <Anchor component={Link} to={ECF_CARD_PATH} c="inherit" fw={600} underline="always">
              Facturación electrónica
            </Anchor>
            .
          </Alert>
        )}
        <FileInput
          label="Archivo XML"
          placeholder="Seleccionar archivo"
          accept=".xml,application/xml,text/xml"
          clearable
          clearButtonProps={{ 'aria-label': 'Quitar el archivo' }}
          leftSection={<IconFileCode size={16} />}
          value={file}
          onChange={(next) => {
            setFile(next);
            setFileError(null);
            setError(null);
          }}
          error={fileError}
          required
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            leftSection={<IconSignature size={16} />}
            loading={sign.isPending}
            disabled={!hasCertificate}
          >
            Firmar XML
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
