import { describe, expect, it } from 'vitest';
import { BcrdCsvError, decodeCsv, parseBcrdCsv, parseRateCell } from './bcrd-rates.csv.js';

/*
 * The BCRD's "Diaria" sheet of TASA_DOLAR_REFERENCIA_MC.xlsx saved as CSV (issue 27, decision
 * 137): two title rows, the header Año | Mes | Día | Compra | Venta, Spanish month abbreviations.
 */
const BCRD_SHEET = [
  'BANCO CENTRAL DE LA REPÚBLICA DOMINICANA,,,,',
  'Tasa de cambio de referencia del mercado spot (RD$/US$),,,,',
  'Año,Mes,Día,Compra,Venta',
  '2026,Nov,25,58.6211,58.8704',
  '2026,Nov,26,58.7013,58.9100',
  '2026,Nov,27,58.7412,58.9500',
  ',,,,',
  'Fuente: Banco Central de la República Dominicana,,,,',
].join('\r\n');

/** Parses and expects the error of `text`: its line and a fragment of the message. */
function failure(text: string): BcrdCsvError {
  try {
    parseBcrdCsv(text);
  } catch (e) {
    expect(e).toBeInstanceOf(BcrdCsvError);
    return e as BcrdCsvError;
  }
  throw new Error('expected a BcrdCsvError');
}

describe('BCRD daily USD series (CSV)', () => {
  it('reads the Diaria sheet: title rows and footnotes skipped, Venta is the selling rate', () => {
    expect(parseBcrdCsv(BCRD_SHEET)).toEqual([
      { date: '2026-11-25', buy: 58.6211, sell: 58.8704, line: 4 },
      { date: '2026-11-26', buy: 58.7013, sell: 58.91, line: 5 },
      { date: '2026-11-27', buy: 58.7412, sell: 58.95, line: 6 },
    ]);
  });

  it('reads a Spanish-locale Excel export: semicolons, decimal commas, Windows-1252, merged year/month cells', () => {
    const text = [
      'Año;Mes;Día;Compra;Venta',
      '2026;Diciembre;1;58,7000;58,9612',
      ';;2;58,71;58,97',
      '2027;Ene;4;59;59,1',
    ].join('\n');
    const bytes = new Uint8Array([...text].map((c) => c.charCodeAt(0))); // Latin-1 bytes (ñ = 0xF1)
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    expect(parseBcrdCsv(decodeCsv(bytes))).toEqual([
      { date: '2026-12-01', buy: 58.7, sell: 58.9612, line: 2 },
      { date: '2026-12-02', buy: 58.71, sell: 58.97, line: 3 },
      { date: '2027-01-04', buy: 59, sell: 59.1, line: 4 },
    ]);
  });

  it('reads a Fecha, Compra, Venta layout with quoted cells and a UTF-8 BOM', () => {
    const bytes = new TextEncoder().encode(
      '\uFEFF"Fecha","Compra","Venta"\n"27/11/2026","58.7412","58.9500"\n2026-11-30,58.8,59.01\n',
    );
    expect(parseBcrdCsv(decodeCsv(bytes))).toEqual([
      { date: '2026-11-27', buy: 58.7412, sell: 58.95, line: 2 },
      { date: '2026-11-30', buy: 58.8, sell: 59.01, line: 3 },
    ]);
  });

  it('rounds a rate with more than 4 decimals half-up to 4', () => {
    expect(parseRateCell('58.95005')).toBe(58.9501);
    expect(parseRateCell('58.94994')).toBe(58.9499);
    expect(parseRateCell('58,95')).toBe(58.95);
    for (const bad of ['0', '0.00001', '-58.95', '1000', 'abc', '58.9.5', ''])
      expect(parseRateCell(bad), bad).toBeNull();
  });

  it('refuses a file without the header, or with no day after it', () => {
    expect(failure('Fecha;Tasa\n2026-11-27;58.95').message).toContain('No se encontró el encabezado');
    expect(failure('Año,Mes,Día,Compra,Venta\n,,,,\n').message).toContain('no tiene ninguna tasa');
  });

  it('names the malformed line: bad month, impossible day, bad rate, repeated day', () => {
    const head = 'Año,Mes,Día,Compra,Venta';
    const cases: Array<[string, number, string]> = [
      [`${head}\n2026,Nov,27,58.7,58.95\n2026,Nvo,28,58.7,58.95`, 3, 'el mes no es válido'],
      [`${head}\n2026,Feb,30,58.7,58.95`, 2, 'el día no es una fecha válida'],
      [`${head}\n2026,Nov,27,58.7,cincuenta`, 2, 'la tasa de venta'],
      [`${head}\n2026,Nov,27,abc,58.95`, 2, 'la tasa de compra'],
      [
        `${head}\n2026,Nov,27,58.7,58.95\n2026,Nov,27,58.7,58.96`,
        3,
        'el día 2026-11-27 ya aparece en la línea 2',
      ],
      [`${head}\n,Nov,27,58.7,58.95`, 2, 'el año no es válido'],
    ];
    for (const [text, line, fragment] of cases) {
      const e = failure(text);
      expect(e.line, fragment).toBe(line);
      expect(e.message).toContain(`Línea ${line}: ${fragment}`);
    }
  });
});
