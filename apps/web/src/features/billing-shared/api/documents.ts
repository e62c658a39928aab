import type { InvoiceDefaults, ListInvoicesQuery } from '@agencia/shared';
import { useQuery } from '@tanstack/react-query';
import { AxiosError } from 'axios';
import { apiClient, getErrorMessage, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

/*
 * The API pieces every billing feature shares (decision 150): the `invoices` query-key family
 * (quotes, retainers and payments invalidate it when they create or change an invoice), the
 * document defaults of every form, and the PDF/XML downloads.
 */

/** Query keys of the billing feature (invalidate `invoiceKeys.all` after any write). */
export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (q: ListInvoicesQuery) => ['invoices', 'list', q] as const,
  stats: ['invoices', 'stats'] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
};

/** Saves a PDF from an API path as a file (blob + temporary link, bearer header included). */
export async function downloadPdf(path: string, filename: string): Promise<void> {
  const res = await apiClient.get<Blob>(path, { responseType: 'blob', timeout: 30_000 });
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `GET /invoices/defaults` (admin): tax rate, currency and series from the company settings. */
export const useInvoiceDefaults = (enabled = true) =>
  useQuery({
    queryKey: ['invoices', 'defaults'],
    queryFn: () => unwrap(apiClient.get<SuccessEnvelope<InvoiceDefaults>>('/invoices/defaults')),
    enabled,
  });

/** The Spanish message of a failed download (asked as text, so the JSON envelope can be read). */
export function downloadErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof AxiosError && typeof error.response?.data === 'string') {
    try {
      const message = (JSON.parse(error.response.data) as { message?: unknown }).message;
      if (typeof message === 'string') return message;
    } catch {
      /* not JSON */
    }
  }
  return getErrorMessage(error, fallback);
}

/**
 * Saves the signed XML at `path` with the server's file name (RNC + e-NCF, as the DGII names
 * them) or `fallbackName`. Asked as text: the XML is UTF-8 text, and on an error the Spanish
 * message of the JSON envelope can be read back ({@link downloadErrorMessage}).
 */
export async function downloadXml(path: string, fallbackName: string): Promise<void> {
  const res = await apiClient.get<string>(path, { responseType: 'text', timeout: 30_000 });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(new Blob([res.data], { type: 'application/xml;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
