import { apiClient } from '../../../lib/api-client';

/**
 * `GET /expenses/{id}/receipt`: downloads the attached receipt with the session's token and
 * opens it in a new tab (a plain link would carry no Authorization header).
 */
export async function openExpenseReceipt(id: string): Promise<void> {
  const response = await apiClient.get<Blob>(`/expenses/${id}/receipt`, { responseType: 'blob' });
  const url = URL.createObjectURL(response.data);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
