import { ErrorResponseSchema, type FieldError, REQUEST_TIMEOUT_MS } from '@agencia/shared';

/** A failed public submission: the server's Spanish message and field errors when it sent them. */
export class PublicSubmitError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
  }
}

/**
 * POSTs a public form (`/api/public/...`) with `fetch` — no session, no axios: these pages are
 * public. JSON bodies are sent as JSON; FormData as multipart. Throws PublicSubmitError.
 */
export async function submitPublicForm(path: string, body: unknown | FormData): Promise<void> {
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: 'POST',
      headers: isForm
        ? { Accept: 'application/json' }
        : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: isForm ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 3),
    });
  } catch {
    throw new PublicSubmitError('No se pudo conectar con el servidor. Revisa tu conexión.', 0);
  }
  if (response.ok) return;
  const parsed = ErrorResponseSchema.safeParse(await response.json().catch(() => null));
  throw new PublicSubmitError(
    parsed.success ? parsed.data.message : 'Error inesperado del servidor',
    response.status,
    parsed.success ? (parsed.data.errors ?? []) : [],
  );
}
