import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * "Marcar como perdido": asks why before a lead goes to a lost stage (the reason is kept on the
 * lead and its timeline). Confirm is disabled until a reason is typed.
 */
export function LostReasonModal({
  opened,
  onCancel,
  onConfirm,
  loading = false,
}: {
  opened: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
  loading?: boolean;
}) {
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (opened) setReason('');
  }, [opened]);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
      opened={opened}
      onClose={onCancel}
      title="Marcar como perdido"
    >
      <Stack>
        <Text size="sm">¿Por qué se perdió este prospecto? El motivo queda en su historial.</Text>
        <Textarea
          label="Motivo"
          required
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button
            color="red"
            disabled={!reason.trim()}
            loading={loading}
            onClick={() => onConfirm(reason.trim())}
          >
            Marcar como perdido
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
