import { Alert, Button, Group, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { getErrorMessage } from '../../lib/api-client';
import { toastError, toastSuccess } from '../../lib/toast';
import { TableScroll } from '../ui/table-scroll';

/**
 * The preview of "Facturar horas" / "Facturar gastos" (decisions 115, 142): an error, a loader
 * while the lines load, `emptyText` when there is nothing to bill, else the invoice lines as a
 * table named "Líneas de la factura" inside a scroll region named `label`.
 */
export function BillWorkPreview({
  preview,
  errorFallback,
  loader,
  empty,
  emptyText,
  label,
  minWidth,
  head,
  foot,
  children,
}: {
  preview: { isError: boolean; error: unknown; hasData: boolean };
  /** Shown when the error has no message of its own (Spanish). */
  errorFallback: string;
  /** The loader while there is no data; null when nothing is being loaded. */
  loader: ReactNode;
  empty: boolean;
  emptyText: string;
  label: string;
  minWidth: number;
  /** Header cells (`Table.Th`), body rows (`Table.Tr`) and footer cells (`Table.Th`). */
  head: ReactNode;
  foot: ReactNode;
  children: ReactNode;
}) {
  if (preview.isError) return <Alert color="red">{getErrorMessage(preview.error, errorFallback)}</Alert>;
  if (!preview.hasData)
    return (
      <Group justify="center" p="md">
        {loader}
      </Group>
    );
  if (empty) return <Alert color="gray">{emptyText}</Alert>;
  return (
    <TableScroll label={label} minWidth={minWidth}>
      <Table striped aria-label="Líneas de la factura">
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>{foot}</Table.Tr>
        </Table.Tfoot>
      </Table>
    </TableScroll>
  );
}

/**
 * "Cancelar" and "Crear factura" of a bill-work modal. `create` bills and answers the new draft
 * invoice and the sentence of what it billed: a green toast, the modal closes and the draft opens.
 * On failure a red toast with the server's message and `onFailed` (refresh the preview).
 */
export function BillWorkActions({
  onClose,
  pending,
  disabled,
  create,
  onFailed,
}: {
  onClose: () => void;
  pending: boolean;
  disabled: boolean;
  create: () => Promise<{ invoice: { _id: string; invoiceNumber: string }; billed: string }>;
  onFailed: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        Cancelar
      </Button>
      <Button
        loading={pending}
        disabled={disabled}
        onClick={async () => {
          try {
            const { invoice, billed } = await create();
            toastSuccess('Factura en borrador creada', `${invoice.invoiceNumber}: ${billed}`);
            onClose();
            navigate(`/billing/${invoice._id}`);
          } catch (error) {
            toastError('Error', getErrorMessage(error, 'No se pudo crear la factura'));
            onFailed();
          }
        }}
      >
        Crear factura
      </Button>
    </Group>
  );
}
