import {
  DominicanIdNumberSchema,
  isValidCedula,
  OTP_LENGTH,
  OTP_TTL_MINUTES,
  type OtpResponse,
  onlyDigits,
  type SignDocumentRequest,
  SignDocumentRequestSchema,
} from '@agencia/shared';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconMailForward, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { useDateDisplay } from '../../../stores/display-store';
import { SignatureCanvas } from './signature-canvas';

interface Values {
  name: string;
  idNumber: string;
  consent: boolean;
  otp: string;
  signatureImage: string | null;
}

/** Field errors of an API error envelope (`errors: [{ field, message }]`), by field name. */
function fieldErrors(error: unknown): Record<string, string> {
  const data = (error as { response?: { data?: { errors?: Array<{ field?: string; message?: string }> } } })
    ?.response?.data;
  const out: Record<string, string> = {};
  for (const e of data?.errors ?? []) if (e.field && e.message) out[e.field] = e.message;
  return out;
}

/**
 * Live reading of the cédula/RNC field: the shared validator's verdict once the digits are all
 * there (11 a cédula, 9 an RNC), nothing while typing.
 */
function idFeedback(value: string): { error?: string; ok?: string } {
  const digits = onlyDigits(value).length;
  if (digits < 9 || digits === 10) return {};
  const parsed = DominicanIdNumberSchema.safeParse(value);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Cédula o RNC inválido' };
  return { ok: isValidCedula(value) ? 'Cédula válida' : 'RNC válido' };
}

/**
 * The signing steps (decision 173), for the recipient on the public page and for the admin's
 * countersignature: full name, cédula/RNC (checked live with the shared validators), an optional
 * drawn signature, the consent text with its required checkbox, "Enviar código" (the 6-digit code
 * goes to the e-mail; valid 10 minutes) and "Firmar". The form validates with the API's own schema;
 * an API error (wrong or expired code with the tries left, …) shows above the button and on its
 * field, and nothing typed or drawn is lost.
 */
export function SignForm({
  consentText,
  documentSha256,
  requestOtp,
  sign,
  submitLabel = 'Firmar',
  initialName = '',
}: {
  consentText: string;
  documentSha256?: string;
  requestOtp: () => Promise<OtpResponse>;
  sign: (body: SignDocumentRequest) => Promise<unknown>;
  submitLabel?: string;
  initialName?: string;
}) {
  useDateDisplay();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { name: initialName, idNumber: '', consent: false, otp: '', signatureImage: null },
    validate: zodResolver(SignDocumentRequestSchema),
  });
  const [otp, setOtp] = useState<OtpResponse | null>(null);
  const [sending, setSending] = useState(false);
  const [signing, setSigning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = idFeedback(form.values.idNumber);

  /** Name, id and consent must be right before a code is sent. */
  const validateBeforeCode = () => {
    const results = ['name', 'idNumber', 'consent'].map((field) => form.validateField(field));
    return results.every((r) => !r.hasError);
  };

  const sendCode = async () => {
    setError(null);
    if (!validateBeforeCode()) return;
    setSending(true);
    try {
      setOtp(await requestOtp());
      form.setFieldValue('otp', '');
      form.clearFieldError('otp');
    } catch (e) {
      setError(getErrorMessage(e, 'No se pudo enviar el código. Inténtalo de nuevo.'));
    } finally {
      setSending(false);
    }
  };

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setSigning(true);
    try {
      await sign({
        name: values.name,
        idNumber: values.idNumber,
        consent: true,
        otp: values.otp,
        signatureImage: values.signatureImage,
        ...(documentSha256 ? { documentSha256 } : {}),
      });
    } catch (e) {
      const message = getErrorMessage(e, 'No se pudo firmar. Inténtalo de nuevo.');
      setError(message);
      const byField = fieldErrors(e);
      if (Object.keys(byField).length > 0) form.setErrors(byField);
      else if (/c[oó]digo/i.test(message)) form.setFieldError('otp', message);
    } finally {
      setSigning(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Firmar el documento">
      <Stack gap="md">
        <TextInput label="Nombre completo" autoComplete="name" required {...form.getInputProps('name')} />
        <TextInput
          label="Cédula o RNC"
          description={id.ok ?? 'Cédula de 11 dígitos o RNC de 9, con o sin guiones'}
          inputMode="numeric"
          autoComplete="off"
          required
          {...form.getInputProps('idNumber')}
          error={form.errors.idNumber ?? id.error}
          styles={id.ok ? { description: { color: 'var(--mantine-color-green-text)' } } : undefined}
        />
        <SignatureCanvas
          value={form.values.signatureImage}
          onChange={(value) => form.setFieldValue('signatureImage', value)}
          disabled={signing}
        />
        <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-default-hover)">
          <Text size="sm" id="consent-text" style={{ overflowWrap: 'anywhere' }}>
            {consentText}
          </Text>
        </Paper>
        <Checkbox
          label="He leído y acepto el texto anterior"
          aria-describedby="consent-text"
          required
          {...form.getInputProps('consent', { type: 'checkbox' })}
        />
        <Group align="flex-end" gap="sm">
          <Button
            variant={otp ? 'default' : 'filled'}
            leftSection={<IconMailForward size={16} />}
            onClick={sendCode}
            loading={sending}
            disabled={signing}
          >
            {otp ? 'Reenviar código' : 'Enviar código'}
          </Button>
        </Group>
        {otp && (
          <Text size="sm" role="status">
            Enviamos un código de {OTP_LENGTH} dígitos a {otp.emailMasked}. Vence a las{' '}
            {formatDateTime(otp.expiresAt)} ({OTP_TTL_MINUTES} minutos).
          </Text>
        )}
        <TextInput
          label="Código de verificación"
          description={otp ? undefined : 'Pide el código con «Enviar código»; llega a tu correo.'}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          placeholder="000000"
          disabled={!otp}
          required
          w={{ base: '100%', xs: 220 }}
          {...form.getInputProps('otp')}
          onChange={(e) => form.setFieldValue('otp', onlyDigits(e.currentTarget.value).slice(0, OTP_LENGTH))}
        />
        {error && (
          <Alert color="red" icon={<IconAlertTriangle />} role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" leftSection={<IconSignature size={16} />} loading={signing} disabled={!otp}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
