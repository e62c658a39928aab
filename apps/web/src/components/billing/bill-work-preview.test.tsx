import { Table } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AxiosError } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { BillWorkActions, BillWorkPreview } from './bill-work-preview';

function renderPreview(preview: { isError: boolean; error: unknown; hasData: boolean }, empty = false) {
  return renderWithProviders(
    <BillWorkPreview
      preview={preview}
      errorFallback="No se pudo calcular la vista previa"
      loader={<span>Calculando…</span>}
      empty={empty}
      emptyText="No hay horas facturables en ese rango."
      label="Horas por facturar"
      minWidth={480}
      head={<Table.Th>Concepto</Table.Th>}
      foot={<Table.Th>Subtotal (sin ITBIS)</Table.Th>}
    >
      <Table.Tr>
        <Table.Td>Horas de Ana</Table.Td>
      </Table.Tr>
    </BillWorkPreview>,
  );
}

describe('BillWorkPreview (Facturar horas / Facturar gastos)', () => {
  it('shows the loader, then the lines as the invoice-lines table', () => {
    const { unmount } = renderPreview({ isError: false, error: null, hasData: false });
    expect(screen.getByText('Calculando…')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();
    renderPreview({ isError: false, error: null, hasData: true });
    const table = screen.getByRole('table', { name: 'Líneas de la factura' });
    expect(table.textContent).toContain('Horas de Ana');
    expect(table.textContent).toContain('Subtotal (sin ITBIS)');
  });

  it('says when there is nothing to bill, and shows the fallback of an error without a message', () => {
    const { unmount } = renderPreview({ isError: false, error: null, hasData: true }, true);
    expect(screen.getByText('No hay horas facturables en ese rango.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    unmount();
    renderPreview({ isError: true, error: new Error(), hasData: false });
    expect(screen.getByText('No se pudo calcular la vista previa')).toBeTruthy();
  });
});

describe('BillWorkActions', () => {
  it('"Crear factura": green toast with what was billed, closes and opens the draft', async () => {
    const onClose = vi.fn();
    const { router } = renderWithProviders(
      <BillWorkActions
        onClose={onClose}
        pending={false}
        disabled={false}
        create={async () => ({
          invoice: { _id: 'inv-1', invoiceNumber: 'FAC-2026-0007' },
          billed: '3 registros facturados',
        })}
        onFailed={() => {}}
      />,
      '/projects/p-1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Crear factura' }));
    expect(await screen.findByText('FAC-2026-0007: 3 registros facturados')).toBeTruthy();
    expect(screen.getByText('Factura en borrador creada')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing/inv-1'));
  });

  it('a refusal: red toast with the server’s message, the modal stays and the preview reloads', async () => {
    const onClose = vi.fn();
    const onFailed = vi.fn();
    const { router } = renderWithProviders(
      <BillWorkActions
        onClose={onClose}
        pending={false}
        disabled={false}
        create={() =>
          Promise.reject(
            new AxiosError('Conflict', 'ERR_BAD_REQUEST', undefined, undefined, {
              status: 409,
              data: { success: false, code: 'CONFLICT', message: 'No hay horas por facturar' },
            } as never),
          )
        }
        onFailed={onFailed}
      />,
      '/projects/p-1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Crear factura' }));
    expect(await screen.findByText('No hay horas por facturar')).toBeTruthy();
    expect(onFailed).toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/projects/p-1');
  });
});
