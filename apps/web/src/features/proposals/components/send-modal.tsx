import { SendSignableDocumentRequestSchema, type SignableDocument } from '@agencia/shared';
import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconBrandWhatsapp, IconCheck, IconCopy, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { useSendSignableDocument } from '../api/proposals-api';

/** `https://wa.me/?text=…`: WhatsApp opens with the message and lets the user pick the chat (decision 116). */
export const whatsappHref = (message: string) => `https://wa.me/?text=${encodeURIComponent(message)}`;

/**
 * "Enviar" (decision 173): the e-mail the signing link goes to, the link's lifetime and an
 * optional message; after sending, the link itself with "Copiar enlace" and "Enviar por WhatsApp"
 * (the token is stored hashed: the link is only shown here, right after sending).
 */
export function SendModal({
  doc,
  opened,
  onClose,
}: {
  doc: SignableDocument;
  opened: boolean;
  onClose: () => void;
}) {
  const send = useSendSignableDocument(doc.kind, doc._id);
  const [email, setEmail] = useState(doc.recipient.email ?? '');
  const [days, setDays] = useState<number | string>(7);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<{ url: string; whatsapp: string } | null>(null);

  const submit = async () => {
    setFailure(null);
    const body = {
      email: email.trim() || null,
      expiresInDays: Number(days) || 7,
      message: message.trim() || null,
    };
    const parsed = SendSignableDocumentRequestSchema.safeParse(body);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues) out[String(issue.path[0])] ??= issue.message;
      setErrors(out);
      return;
    }
    setErrors({});
    try {
      const res = await send.mutateAsync(body);
      const url = res.document.shareUrl ?? res.proposal?.shareUrl ?? res.contract?.shareUrl ?? '';
      setSent({ url, whatsapp: res.whatsappMessage });
      toastSuccess('Documento enviado', email ? `Enlace enviado a ${email}` : undefined);
    } catch (e) {
      setFailure(getErrorMessage(e, 'No se pudo enviar el documento'));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={sent ? 'Enlace de firma' : 'Enviar para firma'}>
      {sent ? (
        <Stack gap="md">
          <Text size="sm">
            Enviamos el enlace por correo. También puedes compartirlo: cualquiera que lo tenga puede leer y
            firmar el documento hasta que venza.
          </Text>
          <TextInput
            label="Enlace de firma"
            value={sent.url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
          />
          <Group gap="sm">
            <CopyButton value={sent.url}>
              {({ copied, copy }) => (
                <Button
                  variant="default"
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                >
                  {copied ? 'Enlace copiado' : 'Copiar enlace'}
                </Button>
              )}
            </CopyButton>
            <Button
              component="a"
              href={whatsappHref(sent.whatsapp || sent.url)}
              target="_blank"
              rel="noopener noreferrer"
              color="green"
              leftSection={<IconBrandWhatsapp size={16} />}
            >
              Enviar por WhatsApp
            </Button>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cerrar
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <TextInput
            label="Correo del destinatario"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            data-autofocus
          />
          <NumberInput
            label="El enlace vence en (días)"
            min={1}
            max={30}
            value={days}
            onChange={setDays}
            error={errors.expiresInDays}
            w={200}
          />
          <Textarea
            label="Mensaje (opcional)"
            autosize
            minRows={2}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            error={errors.message}
          />
          {doc.status !== 'draft' && (
            <Text size="xs" c="dimmed">
              Ya se envió antes: se crea un enlace nuevo y el anterior deja de funcionar.
            </Text>
          )}
          {failure && (
            <Alert color="red" icon={<IconAlertTriangle />} role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button leftSection={<IconSend size={16} />} onClick={submit} loading={send.isPending}>
              Enviar
            </Button>
          </Group>
        </Stack>
      )}
      {sent && (
        <Anchor
          href={sent.url}
          target="_blank"
          rel="noopener"
          underline="always"
          size="xs"
          mt="sm"
          display="block"
        >
          Abrir la página de firma
        </Anchor>
      )}
    </Modal>
  );
}
