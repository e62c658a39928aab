import { CLIENT_TYPE_LABELS, CLIENT_TYPES, GenerateRegistrationLinkRequestSchema } from '@agencia/shared';
import { Alert, Button, CopyButton, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { formatNumericDate } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDateDisplay } from '../../../stores/display-store';
import { useGenerateRegistrationLink } from '../api/clients';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Prefill for an existing client (card menu 'Generar link'): the invitee joins it. */
  client?: { _id: string; email: string; clientType: 'individual' | 'company' } | null;
}

/**
 * 'Generar Link de Registro' modal (spec doc 2 §2 "Clients", §5): email and type required;
 * really creates and emails the single-use link, toasts 'Link generado', and shows the link
 * with a copy button.
 */
export function RegistrationLinkModal({ opened, onClose, client }: Props) {
  useDateDisplay();
  const generate = useGenerateRegistrationLink();
  const [result, setResult] = useState<{ link: string; expiresAt: string } | null>(null);
  const form = useForm({
    initialValues: { email: '', clientType: '' as string },
    validate: zodResolver(GenerateRegistrationLinkRequestSchema),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when opened
  useEffect(() => {
    if (!opened) return;
    setResult(null);
    form.setValues({ email: client?.email ?? '', clientType: client?.clientType ?? '' });
    form.resetDirty();
    form.clearErrors();
  }, [opened, client?._id]);

  const submit = form.onSubmit(async (v) => {
    try {
      const res = await generate.mutateAsync({
        email: v.email,
        clientType: v.clientType as 'individual' | 'company',
        clientId: client?._id,
      });
      setResult(res);
      toastSuccess('Link generado', 'Se ha enviado el link de registro al cliente');
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo generar el link'));
    }
  });

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      opened={opened}
      onClose={onClose}
      title="Generar Link de Registro"
    >
      {result ? (
        <Stack>
          <Alert color="green" title="Link generado">
            Se ha enviado el link de registro al cliente. Es de un solo uso y vence el{' '}
            {formatNumericDate(result.expiresAt)}.
          </Alert>
          <TextInput
            label="Link de registro"
            value={result.link}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
          />
          <Group justify="flex-end">
            <CopyButton value={result.link}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  onClick={copy}
                >
                  {copied ? 'Link copiado' : 'Copiar link'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Cerrar</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {client
                ? 'El cliente recibirá un link para crear su usuario en el portal dentro de esta cuenta.'
                : 'El cliente recibirá un link para registrarse y crear su cuenta en el portal.'}
            </Text>
            <TextInput label="Email del cliente" type="email" required {...form.getInputProps('email')} />
            <Select
              label="Tipo de cliente"
              placeholder="Selecciona el tipo"
              required
              data={CLIENT_TYPES.map((t) => ({ value: t, label: CLIENT_TYPE_LABELS[t] }))}
              disabled={Boolean(client)}
              {...form.getInputProps('clientType')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancelar
              </Button>
              <Button type="submit" loading={generate.isPending}>
                Generar Link
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
