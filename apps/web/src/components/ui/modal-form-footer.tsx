import { Alert, Button, Group, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The end of a modal form: the server's refusal (when there is one) in a red alert (with
 * `alertIcon` when given), then "Cancelar" and the submit button (`submitLabel`, default
 * "Guardar", in `submitColor`; spinning while `loading`).
 */
export function ModalFormFooter({
  error,
  onCancel,
  loading,
  submitLabel = 'Guardar',
  submitColor,
  alertIcon,
}: {
  error: string | null;
  onCancel: () => void;
  loading: boolean;
  submitLabel?: string;
  submitColor?: MantineColor;
  alertIcon?: ReactNode;
}) {
  return (
    <>
      {error && (
        <Alert color="red" icon={alertIcon} role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" color={submitColor} loading={loading}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
