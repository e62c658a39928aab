import {
  type AccessRequestSubmitted,
  AccessRequestSubmittedSchema,
  type AccessRequestUploadField,
  ErrorResponseSchema,
  type FieldError,
} from '@agencia/shared';

/** Failure of the submission with the server's field errors, when any. */
export class AccessRequestError extends Error {
  constructor(readonly errors: FieldError[] = []) {
    super('No se pudo enviar la solicitud. Intenta nuevamente.');
  }
}

/**
 * `POST /api/public/access-requests` as multipart: the `data` part holds the JSON fields, then
 * one part per chosen document. Plain `fetch` (public page, no session). Answers the request's
 * reference (issue 32). Throws AccessRequestError.
 */
export async function createAccessRequest(
  values: Record<string, unknown>,
  files: Partial<Record<AccessRequestUploadField, File | null>>,
): Promise<AccessRequestSubmitted> {
  const body = new FormData();
  body.append('data', JSON.stringify(values));
  for (const [field, file] of Object.entries(files)) if (file) body.append(field, file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/public/access-requests', {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(60_000),
    });
  } catch {
    throw new AccessRequestError();
  }
  if (response.ok) {
    const body = (await response.json().catch(() => null)) as { data?: unknown } | null;
    const parsed = AccessRequestSubmittedSchema.safeParse(body?.data);
    // Stored either way: a reference the page cannot read still ends on the confirmation.
    return parsed.success ? parsed.data : { received: true, reference: '' };
  }
  const parsed = ErrorResponseSchema.safeParse(await response.json().catch(() => null));
  throw new AccessRequestError(parsed.success ? (parsed.data.errors ?? []) : []);
}
