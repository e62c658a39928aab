/**
 * HTTP status of a failed request, read structurally (`error.response.status`) so code on the
 * public path can inspect errors without loading axios.
 */
export function getErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('response' in error)) return undefined;
  const response = (error as { response?: { status?: unknown } }).response;
  return typeof response?.status === 'number' ? response.status : undefined;
}
