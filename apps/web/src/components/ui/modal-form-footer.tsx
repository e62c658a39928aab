import { Alert, Button, Group } from '@mantine/core';

/**
 * The end of a modal form: the server's refusal (when there is one) in a red alert, then
 * "Cancelar" and the submit button (`submitLabel`, default "Guardar"; spinning while `loading`).
 */
export function ModalFormFooter({
  error,
  onCancel,
  loading,
  submitLabel = 'Guardar',
}: {
  error: string | null;
  onCancel: () => void;
  loading: boolean;
  submitLabel?: string;
}) {
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" loading={loading}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
