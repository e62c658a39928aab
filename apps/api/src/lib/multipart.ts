import { ErrorCodes } from '@agencia/shared';
import type { MultipartValue } from '@fastify/multipart';
import { AppError } from './errors.js';

/** The default answer to a text field longer than the route accepts. */
const fieldTooLarge = (name: string) =>
  new AppError(413, ErrorCodes.PAYLOAD_TOO_LARGE, `El campo «${name}» excede el tamaño permitido`, [
    { field: name, message: 'Excede el tamaño permitido' },
  ]);

/**
 * A multipart text field's value, refusing one the parser cut (issue 43 item 7, decision 162).
 * busboy stops reading a field at the route's `fieldSize` and hands on the first part with
 * `valueTruncated` set, without an error: a 20 MB field then reached the route's validation cut
 * at 2 MB and answered 400. A cut value is refused with 413 (`tooLarge`, or PAYLOAD_TOO_LARGE on
 * the field) before anything reads it.
 */
export function fieldText(
  part: MultipartValue,
  tooLarge: () => Error = () => fieldTooLarge(part.fieldname),
): string {
  if (part.valueTruncated || part.fieldnameTruncated) throw tooLarge();
  return String(part.value ?? '');
}
