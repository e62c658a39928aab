import type { Expense } from '@agencia/shared';
import { IconEdit, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { RowActionsMenu } from '../../../components/ui/row-actions-menu';

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
  const billed = Boolean(expense.invoiceId);
  return (
    <RowActionsMenu
      label={`Acciones del gasto ${expense.ncf}`}
      actions={[
        {
          label: expense.status === 'draft' ? 'Completar' : 'Editar',
          icon: <IconEdit size={16} />,
          onClick: onEdit,
          disabled: billed,
        },
        {
          label: 'Ver comprobante',
          icon: <IconPaperclip size={16} />,
          onClick: onReceipt,
          hidden: !expense.receipt,
        },
        {
          label: 'Eliminar',
          icon: <IconTrash size={16} />,
          onClick: onDelete,
          disabled: billed,
          color: 'red',
        },
      ]}
    />
  );
}
