import { WorkbookProblemSchema } from '@agencia/shared';
import { AxiosError } from 'axios';
import { z } from 'zod';

const FieldErrorLike = z.object({ field: z.string().nullish(), message: z.string() });

/**
 * One line per problem of a refused workbook (422 of the test-set upload): "Caso X · campo Y:
 * mensaje". The envelope's `errors` are read as the workbook's own problems (`caseNumber`, `row`,
 * `field`, `message`) or, failing that, as plain field errors whose `field` is `"{caso}.{campo}"`
 * or already readable text. Empty when the error carries no list.
 */
export function workbookProblems(error: unknown): string[] {
  if (!(error instanceof AxiosError)) return [];
  const errors = (error.response?.data as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((entry: unknown) => {
    const problem = WorkbookProblemSchema.safeParse(entry);
    if (problem.success && ('caseNumber' in (entry as object) || 'row' in (entry as object))) {
      const { caseNumber, row, field, message } = problem.data;
      const where = [
        caseNumber ? `Caso ${caseNumber}` : row !== null ? `Fila ${row}` : null,
        field ? `campo ${field}` : null,
      ].filter(Boolean);
      return [where.length > 0 ? `${where.join(' · ')}: ${message}` : message];
    }
    const plain = FieldErrorLike.safeParse(entry);
    if (!plain.success) return [];
    const { field, message } = plain.data;
    // The API's own sentence already names the case, row and column ("Caso E43-01 (fila 10), …").
    if (!field || field === 'file' || /^Caso /.test(message)) return [message];
    const dotted = /^(?:cases?\.)?([^.\s]+)\.(.+)$/i.exec(field);
    if (dotted && !/\s/.test(field)) return [`Caso ${dotted[1]} · campo ${dotted[2]}: ${message}`];
    return [`${field}: ${message}`];
  });
}
