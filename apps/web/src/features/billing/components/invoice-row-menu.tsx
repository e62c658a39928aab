import type { InvoiceSummary } from '@agencia/shared';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconBellRinging,
  IconCash,
  IconCopy,
  IconDotsVertical,
  IconDownload,
  IconEye,
  IconPencil,
  IconSend,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import type { useInvoiceActions } from './use-invoice-actions';

interface Props {
  invoice: InvoiceSummary;
  actions: ReturnType<typeof useInvoiceActions>;
  canManage: boolean;
  onView: () => void;
}

/** Row menu of the billing table (spec doc 2 §2): view, PDF, duplicate, send and pay for unpaid ones, edit, delete. */
export function InvoiceRowMenu({ invoice, actions, canManage, onView }: Props) {
  const unpaid = ['draft', 'sent', 'pending', 'overdue'].includes(invoice.status);
  const payable = ['sent', 'pending', 'overdue'].includes(invoice.status);
  const isDraft = invoice.status === 'draft';
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
      <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
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
            {unpaid && (
              <Menu.Item leftSection={<IconSend size={16} />} onClick={() => actions.send(invoice)}>
                {isDraft ? 'Enviar por email' : 'Reenviar por email'}
              </Menu.Item>
            )}
            {payable && (
              <Menu.Item leftSection={<IconCash size={16} />} onClick={() => actions.setPaying(invoice)}>
                Marcar como pagada
              </Menu.Item>
            )}
            {payable && (
              <Menu.Item leftSection={<IconBellRinging size={16} />} onClick={() => actions.remind(invoice)}>
                Enviar recordatorio de pago
              </Menu.Item>
            )}
            {isDraft && (
              <Menu.Item
                leftSection={<IconPencil size={16} />}
                onClick={() => actions.setEditing(invoice._id)}
              >
                Editar
              </Menu.Item>
            )}
            {payable && !invoice.ncf && invoice.amountPaid === 0 && (
              <Menu.Item
                leftSection={<IconX size={16} />}
                color="orange"
                onClick={() => actions.cancel(invoice)}
              >
                Cancelar factura
              </Menu.Item>
            )}
            {isDraft && (
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
