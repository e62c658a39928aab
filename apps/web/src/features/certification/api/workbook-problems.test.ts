import { AxiosError, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { workbookProblems } from './workbook-problems';

/** A 422 of the upload whose envelope carries `errors`. */
const refused = (errors: unknown) =>
  new AxiosError('422', 'ERR_BAD_REQUEST', undefined, undefined, {
    status: 422,
    data: { success: false, code: 'VALIDATION_ERROR', message: 'El archivo tiene problemas', errors },
  } as AxiosResponse);

describe('workbookProblems', () => {
  it('reads the workbook problems and plain field errors as "Caso X · campo Y: mensaje"', () => {
    expect(
      workbookProblems(
        refused([
          { caseNumber: '7', row: 12, field: 'ITBIS1', message: 'Falta el ITBIS' },
          { caseNumber: null, row: null, field: null, message: 'La hoja "ECF" no existe' },
          { field: '4.FechaEmision', message: 'Fecha inválida' },
          { field: 'file', message: 'No es un libro de Excel' },
          { field: 'Caso 9 · RNCComprador', message: 'RNC inválido' },
          { field: 'E32-250K · RNCComprador', message: 'Caso E32-250K (fila 4), RNCComprador: falta' },
        ]),
      ),
    ).toEqual([
      'Caso 7 · campo ITBIS1: Falta el ITBIS',
      'La hoja "ECF" no existe',
      'Caso 4 · campo FechaEmision: Fecha inválida',
      'No es un libro de Excel',
      'Caso 9 · RNCComprador: RNC inválido',
      'Caso E32-250K (fila 4), RNCComprador: falta',
    ]);
  });

  it('is empty without a list or for other errors', () => {
    expect(workbookProblems(refused(undefined))).toEqual([]);
    expect(workbookProblems(new Error('x'))).toEqual([]);
  });
});
