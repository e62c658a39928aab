import { type DeclineDocumentRequest, DeclineDocumentRequestSchema } from '@agencia/shared';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';

/**
 * "Rechazar" (decisions 173, 174): the reason is required (the shared schema's 3–2,000
 * characters; the API keeps it and tells the agency). The same dialog on the public signing page
 * and in the portal; `decline` sends it to the route of each.
 */
export function DeclineModal({
  opened,
  onClose,
  decline,
  pending,
}: {
  opened: boolean;
  onClose: () => void;
  decline: (body: DeclineDocumentRequest) => Promise<unknown>;
  pending: boolean;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const parsed = DeclineDocumentRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Indica el motivo');
      return;
    }
    try {
      await decline(parsed.data);
      onClose();
    } catch (e) {
      setError(getErrorMessage(e, 'No se pudo registrar el rechazo. Inténtalo de nuevo.'));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Rechazar el documento" centered>
      <Stack>
        <Textarea
          label="Motivo del rechazo"
          description="La agencia lo recibirá para ajustar su oferta."
          required
          autosize
          minRows={3}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button color="red" onClick={submit} loading={pending}>
            Rechazar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
