import { type InvoiceSummary, RecordEcfSignatureRequestSchema } from '@agencia/shared';
import { Alert, Checkbox, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastSuccess } from '../../../lib/toast';
import { useRecordEcf } from '../api/invoices';

/** `datetime-local` value (YYYY-MM-DDTHH:mm) in the agency's zone (UTC−4, no daylight saving) → ISO with offset. */
const toIso = (local: string) => (local ? `${local.length === 16 ? `${local}:00` : local}-04:00` : '');
/** ISO → `datetime-local` value in the agency's zone (UTC−4). */
const toLocal = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) - 4 * 3_600_000).toISOString().slice(0, 19) : '';

/**
 * Records the security code and signature time the e-CF provider (DGII Facturador Gratuito or a
 * certified provider) returned for an E-type invoice (`PUT /invoices/{id}/ecf`); the PDF then
 * prints the DGII QR. The code is base64 and kept exactly as typed (issue 27); replacing a code
 * already recorded needs the "Reemplazar" box ticked (the server refuses it otherwise).
 */
export function EcfSignatureModal({
  invoice,
  onClose,
}: {
  invoice: InvoiceSummary | null;
  onClose: () => void;
}) {
  const record = useRecordEcf();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { securityCode: '', signedAt: '', replace: false },
    validate: (v) => {
      const errors: FormErrors = zodResolver(RecordEcfSignatureRequestSchema)({
        ...v,
        signedAt: toIso(v.signedAt),
      } as never);
      if (replacing(v.securityCode) && !v.replace)
        errors.replace = 'Confirma que quieres reemplazar el código registrado';
      return errors;
    },
  });
  const recorded = invoice?.securityCode ?? null;
  /** A code is already recorded and the one typed is another. */
  const replacing = (typed: string) => recorded !== null && typed.trim() !== recorded;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another invoice is chosen
  useEffect(() => {
    if (invoice) {
      form.setValues({
        securityCode: invoice.securityCode ?? '',
        signedAt: toLocal(invoice.signedAt),
        replace: false,
      });
      setServerError(null);
    }
  }, [invoice?._id]);

  const submit = form.onSubmit(async (v) => {
    if (!invoice) return;
    setServerError(null);
    try {
      await record.mutateAsync({
        id: invoice._id,
        body: {
          securityCode: v.securityCode.trim(),
          signedAt: toIso(v.signedAt),
          ...(replacing(v.securityCode) ? { replace: true } : {}),
        },
      });
      toastSuccess('e-CF registrado', invoice.ncf ?? '');
      onClose();
    } catch (error) {
      setServerError(getErrorMessage(error, 'No se pudo registrar el e-CF'));
    }
  });

  return (
    <Modal
      opened={Boolean(invoice)}
      onClose={onClose}
      title="Registrar e-CF firmado"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Copia del Facturador Gratuito de la DGII o de tu proveedor certificado el código de seguridad y la
            fecha de firma del e-NCF {invoice?.ncf}. El PDF mostrará el código QR de verificación.
          </Text>
          <TextInput
            label="Código de seguridad"
            description="6 caracteres tal como los muestra el proveedor: distingue mayúsculas y minúsculas, y puede llevar + o /"
            required
            maxLength={6}
            autoComplete="off"
            spellCheck={false}
            styles={{ input: { fontFamily: 'monospace' } }}
            {...form.getInputProps('securityCode')}
          />
          {replacing(form.values.securityCode) && (
            <>
              <Alert color="yellow" title="Ya hay un código registrado">
                Esta factura tiene registrado el código{' '}
                <Text span ff="monospace" inherit>
                  {recorded}
                </Text>
                . El cambio queda en la auditoría.
              </Alert>
              {/* Outside the alert: its error text keeps the modal's own background (contrast). */}
              <Checkbox
                label={`Reemplazar el código ${recorded}`}
                {...form.getInputProps('replace', { type: 'checkbox' })}
              />
            </>
          )}
          <TextInput
            type="datetime-local"
            step={1}
            label="Fecha y hora de firma"
            description="Hora de República Dominicana, como la muestra el proveedor"
            required
            {...form.getInputProps('signedAt')}
          />
          <ModalFormFooter error={serverError} onCancel={onClose} loading={record.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
