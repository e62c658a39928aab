import {
  type CreateShareLinkResponse,
  SHARE_LINK_DEFAULT_DAYS,
  SHARE_LINK_MAX_DAYS,
  SHARE_LINK_STATUS_LABELS,
  type ShareDocumentType,
  whatsappUrl,
} from '@agencia/shared';
import {
  Alert,
  Button,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBrandWhatsapp, IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { getErrorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../../lib/share-links-api';
import { toastError, toastSuccess } from '../../lib/toast';
import { useDateDisplay } from '../../stores/display-store';
import { ColorBadge } from '../ui/color-badge';
import { TableScroll } from '../ui/table-scroll';

const STATUS_COLORS = { active: 'green', expired: 'gray', revoked: 'red' } as const;

/** "Compartir por WhatsApp": lifetime, "Crear enlace", then the link and "Abrir WhatsApp". */
function ShareModal({
  type,
  id,
  opened,
  onClose,
}: {
  type: ShareDocumentType;
  id: string;
  opened: boolean;
  onClose: () => void;
}) {
  useDateDisplay();
  const create = useCreateShareLink();
  const [days, setDays] = useState<number | string>(SHARE_LINK_DEFAULT_DAYS);
  const [created, setCreated] = useState<CreateShareLinkResponse | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Compartir por WhatsApp" centered>
      {created ? (
        <Stack gap="sm">
          <Text size="sm">
            Enlace de solo lectura (vence el {formatDateTime(created.shareLink.expiresAt)}): quien lo tenga
            puede ver el documento sin iniciar sesión; puedes revocarlo en «Enlaces compartidos».
          </Text>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput label="Enlace" value={created.shareLink.url} readOnly style={{ flex: 1 }} />
            <CopyButton value={created.shareLink.url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copiado' : 'Copiar'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cerrar
            </Button>
            <Button
              component="a"
              href={whatsappUrl(created.message, created.phone)}
              target="_blank"
              rel="noopener noreferrer"
              color="green"
              leftSection={<IconBrandWhatsapp size={16} />}
            >
              Abrir WhatsApp
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <NumberInput
            label="Días de validez"
            description={`Entre 1 y ${SHARE_LINK_MAX_DAYS} días`}
            min={1}
            max={SHARE_LINK_MAX_DAYS}
            allowDecimal={false}
            value={days}
            onChange={setDays}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button
              loading={create.isPending}
              leftSection={<IconLink size={16} />}
              onClick={async () => {
                try {
                  setCreated(
                    await create.mutateAsync({
                      type,
                      id,
                      expiresInDays: Number(days) || SHARE_LINK_DEFAULT_DAYS,
                    }),
                  );
                } catch (error) {
                  toastError('Error', getErrorMessage(error, 'No se pudo crear el enlace'));
                }
              }}
            >
              Crear enlace
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** "Enlaces compartidos": every link of the document with its status and "Revocar". */
function ShareLinksModal({
  type,
  id,
  opened,
  onClose,
}: {
  type: ShareDocumentType;
  id: string;
  opened: boolean;
  onClose: () => void;
}) {
  useDateDisplay();
  const links = useShareLinks(type, id, opened);
  const revoke = useRevokeShareLink(type, id);
  return (
    <Modal opened={opened} onClose={onClose} title="Enlaces compartidos" size="lg" centered>
      {links.isError ? (
        <Alert color="red">{getErrorMessage(links.error, 'No se pudieron cargar los enlaces')}</Alert>
      ) : links.data?.length === 0 ? (
        <Text c="dimmed">Aún no se ha compartido este documento.</Text>
      ) : (
        <TableScroll label="Enlaces compartidos" minWidth={520}>
          <Table striped aria-label="Enlaces compartidos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Creado</Table.Th>
                <Table.Th>Vence</Table.Th>
                <Table.Th>Última vista</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(links.data ?? []).map((l) => (
                <Table.Tr key={l._id} data-testid="share-link">
                  <Table.Td>
                    <Text size="sm">{formatDateTime(l.createdAt)}</Text>
                    {l.createdBy && (
                      <Text size="xs" c="dimmed">
                        {l.createdBy}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatDateTime(l.expiresAt)}</Table.Td>
                  <Table.Td>{l.lastViewedAt ? formatDateTime(l.lastViewedAt) : 'Nunca'}</Table.Td>
                  <Table.Td>
                    <ColorBadge color={STATUS_COLORS[l.status]} size="sm">
                      {SHARE_LINK_STATUS_LABELS[l.status]}
                    </ColorBadge>
                  </Table.Td>
                  <Table.Td>
                    {l.status === 'active' && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        loading={revoke.isPending && revoke.variables === l._id}
                        onClick={async () => {
                          try {
                            await revoke.mutateAsync(l._id);
                            toastSuccess('Enlace revocado', 'Ya no abre el documento');
                          } catch (error) {
                            toastError('Error', getErrorMessage(error, 'No se pudo revocar el enlace'));
                          }
                        }}
                      >
                        Revocar
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Modal>
  );
}

/**
 * The two share dialogs of one document, for a screen that offers them from its own controls
 * (e.g. a menu, issue 32): `openShare` / `openLinks` open them; render `dialogs` once.
 */
export function useShareDocument(type: ShareDocumentType, id: string) {
  const [sharing, share] = useDisclosure(false);
  const [listing, list] = useDisclosure(false);
  return {
    openShare: share.open,
    openLinks: list.open,
    dialogs: (
      <>
        <ShareModal type={type} id={id} opened={sharing} onClose={share.close} />
        <ShareLinksModal type={type} id={id} opened={listing} onClose={list.close} />
      </>
    ),
  };
}

/**
 * "Compartir por WhatsApp" and "Enlaces compartidos" for one document (decision 116): a signed,
 * expiring, revocable read-only link sent through wa.me with a prefilled Spanish message.
 */
export function ShareDocumentActions({ type, id }: { type: ShareDocumentType; id: string }) {
  const { openShare, openLinks, dialogs } = useShareDocument(type, id);
  return (
    <>
      <Button variant="default" leftSection={<IconBrandWhatsapp size={16} />} onClick={openShare}>
        Compartir por WhatsApp
      </Button>
      <Button variant="subtle" leftSection={<IconLink size={16} />} onClick={openLinks}>
        Enlaces compartidos
      </Button>
      {dialogs}
    </>
  );
}
