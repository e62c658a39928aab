import type { Expense } from '@agencia/shared';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconEdit, IconPaperclip, IconTrash } from '@tabler/icons-react';

/** A purchase row's menu: edit (or complete a draft), open the receipt, delete (unless billed). */
export function ExpenseRowMenu({
  expense,
  onEdit,
  onReceipt,
  onDelete,
}: {
  expense: Expense;
  onEdit: () => void;
  onReceipt: () => void;
  onDelete: () => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Acciones del gasto ${expense.ncf}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconEdit size={16} />}
          onClick={onEdit}
          disabled={Boolean(expense.invoiceId)}
        >
          {expense.status === 'draft' ? 'Completar' : 'Editar'}
        </Menu.Item>
        {expense.receipt && (
          <Menu.Item leftSection={<IconPaperclip size={16} />} onClick={onReceipt}>
            Ver comprobante
          </Menu.Item>
        )}
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={onDelete}
          disabled={Boolean(expense.invoiceId)}
        >
          Eliminar
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
