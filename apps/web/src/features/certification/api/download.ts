import { AxiosError, type AxiosResponse } from 'axios';
import { getErrorMessage } from '../../../lib/api-client';

/*
 * Files the certification screen saves (signed XML, the printed representations' ZIP). Asked
 * through the API client so the bearer header goes along (a plain link would carry none).
 */

/** The `filename` of a `Content-Disposition` header, or `fallback`. */
export function fileNameOf(response: AxiosResponse, fallback: string): string {
  const disposition = String(response.headers['content-disposition'] ?? '');
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback;
}

/** Saves `blob` as `name` (temporary link, revoked shortly after). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A blob's text (FileReader: jsdom's Blob has no `text()`). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/**
 * The Spanish message of a failed download: asked as text or blob, the JSON error envelope has
 * to be read back before its `message` can be shown.
 */
export async function downloadErrorMessage(error: unknown, fallback: string): Promise<string> {
  if (error instanceof AxiosError) {
    const data: unknown = error.response?.data;
    const text = typeof data === 'string' ? data : data instanceof Blob ? await blobText(data) : null;
    if (text) {
      try {
        const message = (JSON.parse(text) as { message?: unknown }).message;
        if (typeof message === 'string') return message;
      } catch {
        /* not JSON */
      }
    }
  }
  return getErrorMessage(error, fallback);
}
