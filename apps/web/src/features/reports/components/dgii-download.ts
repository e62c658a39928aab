import { AxiosError } from 'axios';
import { apiClient, getErrorMessage } from '../../../lib/api-client';

/** The DGII text files Reportes downloads. */
export type DgiiFormat = '606' | '607' | '608';

/** The Spanish message of an error answer (the envelope arrives as text, the request asks for text). */
export function dgiiDownloadError(error: unknown): string {
  if (error instanceof AxiosError && typeof error.response?.data === 'string') {
    try {
      const message = (JSON.parse(error.response.data) as { message?: unknown }).message;
      if (typeof message === 'string') return message;
    } catch {
      /* not JSON */
    }
  }
  return getErrorMessage(error, 'No se pudo descargar el reporte');
}

/**
 * Downloads `GET /reports/dgii/{format}?period=YYYYMM` and saves it with the server's file name
 * (`DGII_F_606_<RNC>_<period>.txt`…). Throws the request's error; {@link dgiiDownloadError} reads it.
 */
export async function downloadDgiiFile(format: DgiiFormat, period: string): Promise<void> {
  // As text: on an error the Spanish message of the JSON envelope can be read back.
  const res = await apiClient.get<string>(`/reports/dgii/${format}`, {
    params: { period },
    responseType: 'text',
  });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `DGII_${format}_${period}.txt`;
  const url = URL.createObjectURL(new Blob([res.data], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
