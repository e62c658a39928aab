import type { InvoiceSummary } from '@agencia/shared';
import { ActionIcon, Menu, Text } from '@mantine/core';
import {
  IconBellRinging,
  IconCash,
  IconCopy,
  IconDotsVertical,
  IconDownload,
  IconEye,
  IconFileInvoice,
  IconPencil,
  IconReceiptRefund,
  IconSend,
  IconSignature,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { invoiceActionRules, NCF_LOCKED_HINT } from './invoice-rules';
import type { useInvoiceActions } from './use-invoice-actions';

interface Props {
  invoice: InvoiceSummary;
  actions: ReturnType<typeof useInvoiceActions>;
  canManage: boolean;
  onView: () => void;
}

/**
 * Row menu of the billing table (spec doc 2 §2), with the detail page's rules
 * ({@link invoiceActionRules}): view, PDF, duplicate; drafts: issue, issue + send, edit, delete;
 * unpaid: resend, register a payment, reminder; with an NCF: credit note, e-CF signature, and
 * Cancelar shown disabled with the reason.
 */
export function InvoiceRowMenu({ invoice, actions, canManage, onView }: Props) {
  const r = invoiceActionRules(invoice);
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Acciones de la factura ${invoice.invoiceNumber}`}
          onClick={(e) => e.stopPropagation()}
        >
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(e) => e.stopPropagation()} maw={320}>
        <Menu.Item leftSection={<IconEye size={16} />} onClick={onView}>
          Ver detalles
        </Menu.Item>
        <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => actions.download(invoice)}>
          Descargar PDF
        </Menu.Item>
        {canManage && (
          <>
            <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => actions.duplicate(invoice)}>
              Duplicar
            </Menu.Item>
            {r.isDraft && (
              <Menu.Item leftSection={<IconFileInvoice size={16} />} onClick={() => actions.issue(invoice)}>
                Emitir (asignar NCF)
              </Menu.Item>
            )}
            {(r.isDraft || r.payable) && (
              <Menu.Item leftSection={<IconSend size={16} />} onClick={() => actions.send(invoice)}>
                {r.isDraft
                  ? 'Emitir y enviar por email'
                  : invoice.status === 'issued'
                    ? 'Enviar por email'
                    : 'Reenviar por email'}
              </Menu.Item>
            )}
            {r.payable && (
              <Menu.Item leftSection={<IconCash size={16} />} onClick={() => actions.setPaying(invoice)}>
                Registrar pago
              </Menu.Item>
            )}
            {r.payable && (
              <Menu.Item leftSection={<IconBellRinging size={16} />} onClick={() => actions.remind(invoice)}>
                Enviar recordatorio de pago
              </Menu.Item>
            )}
            {r.creditable && (
              <Menu.Item
                leftSection={<IconReceiptRefund size={16} />}
                onClick={() => actions.setCrediting(invoice)}
              >
                Nota de crédito
              </Menu.Item>
            )}
            {r.recordsSignature && (
              <Menu.Item
                leftSection={<IconSignature size={16} />}
                onClick={() => actions.setSigning(invoice)}
              >
                Registrar e-CF firmado
              </Menu.Item>
            )}
            {r.isDraft && (
              <Menu.Item
                leftSection={<IconPencil size={16} />}
                onClick={() => actions.setEditing(invoice._id)}
              >
                Editar
              </Menu.Item>
            )}
            {r.cancellable && (
              <Menu.Item
                leftSection={<IconX size={16} />}
                color="orange"
                onClick={() => actions.cancel(invoice)}
              >
                Cancelar factura
              </Menu.Item>
            )}
            {r.cancelLocked && <CancelLockedItem />}
            {r.isDraft && (
              <>
                <Menu.Divider />
                <Menu.Item
                  leftSection={<IconTrash size={16} />}
                  color="red"
                  onClick={() => actions.remove(invoice)}
                >
                  Eliminar
                </Menu.Item>
              </>
            )}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * 'Cancelar factura' disabled, with the reason in its text rather than a tooltip (a disabled item
 * gets no hover, and a phone has none). Its accessible name leaves out the words "nota de
 * crédito", so that it can't be taken for the 'Nota de crédito' item next to it.
 */
export function CancelLockedItem() {
  return (
    <Menu.Item
      leftSection={<IconX size={16} />}
      disabled
      aria-label="Cancelar factura (no disponible: tiene comprobante fiscal)"
    >
      Cancelar factura
      <Text size="xs" c="dimmed" component="span" display="block" aria-hidden>
        {NCF_LOCKED_HINT}
      </Text>
    </Menu.Item>
  );
}
