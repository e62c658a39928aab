import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildApprovalWorkbook,
  buildTestSetWorkbook,
  cellTextOf,
  FIXTURE_ISSUER_RNC,
  rfceRows,
  testSetCases,
} from '../../../test/certification-workbook.js';
import { type DgiiSchema, validateAgainstDgiiXsd } from '../../../test/dgii-xsd.js';
import { makeTestPkcs12 } from '../../../test/ecf-test-certificate.js';
import { parseXmlStrict, type SigningKey, signXml } from '../ecf/ecf-signature.js';
import { readApprovalWorkbook, readTestSetWorkbook, WorkbookReadError } from './certification-workbook.js';
import {
  buildCaseAcecf,
  buildCaseEcf,
  buildCaseRfce,
  buildDocument,
  checkEcfRules,
  documentTypeOf,
  parseColumn,
  prepareEcfCase,
  RFCE_VALUES_PREFIX,
  sendingRank,
  valueProblem,
} from './certification-xml.js';

// The workbook reader and the generic XML builder of the certification test sets (issue 41).

let key: SigningKey;
beforeAll(() => {
  key = makeTestPkcs12();
});

const AT = new Date('2026-04-01T14:00:00Z');

/** Every leaf element's text by `Name` and index path (`NombreItem[2]`), in document order. */
function leafTexts(xml: string): Map<string, string> {
  const out = new Map<string, string>();
  const doc = parseXmlStrict(xml);
  const walk = (el: import('@xmldom/xmldom').Element, idx: number[]) => {
    const kids = Array.from(el.childNodes).filter(
      (n) => n.nodeType === 1,
    ) as import('@xmldom/xmldom').Element[];
    if (kids.length === 0) {
      out.set(`${el.localName}${idx.map((i) => `[${i}]`).join('')}|${out.size}`, el.textContent ?? '');
      return;
    }
    const counts = new Map<string, number>();
    for (const k of kids) {
      if (k.localName === 'Signature') continue;
      const n = (counts.get(k.localName!) ?? 0) + 1;
      counts.set(k.localName!, n);
      const repeated =
        kids.filter((x) => x.localName === k.localName).length > 1 || REPEATED.has(k.localName!);
      walk(k, repeated ? [...idx, n] : idx);
    }
  };
  walk(doc.documentElement!, []);
  return out;
}
const REPEATED = new Set(['Item', 'FormaDePago', 'DescuentoORecargo', 'TelefonoEmisor']);

describe('parseColumn', () => {
  it('splits element names and indices, case-insensitively', () => {
    expect(parseColumn('NombreItem[2]')).toEqual({ base: 'nombreitem', indices: [2] });
    expect(parseColumn(' TipoCodigo[1][3] ')).toEqual({ base: 'tipocodigo', indices: [1, 3] });
    expect(parseColumn('ENCF')).toEqual({ base: 'encf', indices: [] });
    expect(parseColumn('Resultado esperado')).toBeNull();
  });
});

describe('valueProblem (XSD simple types from the facts module)', () => {
  it('checks enumerations, patterns, lengths and decimals', () => {
    expect(valueProblem('TipoPagoType', '2')).toBeNull();
    expect(valueProblem('TipoPagoType', '9')).toMatch(/uno de estos valores/);
    expect(valueProblem('FechaValidationType', '01-04-2026')).toBeNull();
    expect(valueProblem('FechaValidationType', '2026-04-01')).toMatch(/formato/);
    expect(valueProblem('RNCValidationType', '101850043')).toBeNull();
    expect(valueProblem('RNCValidationType', '10185004')).not.toBeNull();
    expect(valueProblem('CorreoValidationType', 'pagos@agencia.do')).toBeNull();
    expect(valueProblem('CorreoValidationType', 'no es correo')).not.toBeNull();
    expect(valueProblem('AlfNum80Type', 'x'.repeat(81))).toMatch(/80 caracteres/);
  });
});

describe('readTestSetWorkbook', () => {
  it('reads the ECF and RFCE sheets: numbers as shown (1000.50, integers), date cells dd-MM-yyyy, #e left out', async () => {
    const book = await readTestSetWorkbook(await buildTestSetWorkbook());
    expect(book.ecf.rows).toHaveLength(testSetCases().length);
    const first = book.ecf.rows[0]!.values;
    expect(first.CasoPrueba).toBe('E31-01');
    expect(first.MontoGravadoI1).toBe('1000.50');
    expect(first.ITBIS1).toBe('18');
    expect(first['NumeroLinea[1]']).toBe('1');
    expect(first.FechaEmision).toBe('01-04-2026');
    expect(first.FechaLimitePago).toBe('01-05-2026');
    expect(first.IdentificadorExtranjero).toBeUndefined();
    expect(book.rfce?.rows).toHaveLength(1);
    expect(book.rfce!.rows[0]!.values.CodigoSeguridadeCF).toBeUndefined();
  });

  it('keeps every cell exactly as the workbook shows it (whole set)', async () => {
    const book = await readTestSetWorkbook(await buildTestSetWorkbook());
    testSetCases().forEach((c, i) => {
      for (const [h, cell] of Object.entries(c.cells))
        expect(book.ecf.rows[i]!.values[h], h).toBe(cellTextOf(cell));
    });
  });

  it('formats a numeric cell with its number format, and a General one with its shortest text', async () => {
    const wb = new ExcelJS.Workbook();
    const s = wb.addWorksheet('ECF');
    s.addRow(['TipoeCF', 'A', 'B', 'C', 'D', 'E']);
    const r = s.addRow(['31', 1000.5, 1000, 1000.5, 0.125, 1.005]);
    r.getCell(2).numFmt = '0.00';
    r.getCell(5).numFmt = '0.00';
    r.getCell(6).numFmt = '#,##0.00';
    const book = await readTestSetWorkbook(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(book.ecf.rows[0]!.values).toMatchObject({
      A: '1000.50',
      B: '1000',
      C: '1000.5',
      D: '0.13',
      E: '1.01',
    });
  });

  it('finds the header row below a title row and matches sheet names loosely', async () => {
    const wb = new ExcelJS.Workbook();
    const s = wb.addWorksheet('Set de pruebas ecf');
    s.addRow(['Pruebas de Datos e-CF — DGII']);
    s.addRow(['CASOPRUEBA', 'TIPOECF', 'ENCF']);
    s.addRow(['1', '31', 'E310000000001']);
    const book = await readTestSetWorkbook(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(book.ecf.rows).toEqual([
      { row: 3, values: { CASOPRUEBA: '1', TIPOECF: '31', ENCF: 'E310000000001' } },
    ]);
  });

  it('refuses a file that is not a workbook, or one without a cases sheet', async () => {
    await expect(readTestSetWorkbook(Buffer.from('hola'))).rejects.toBeInstanceOf(WorkbookReadError);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Hoja1').addRow(['Nada', 'que', 'ver']);
    await expect(readTestSetWorkbook(Buffer.from(await wb.xlsx.writeBuffer()))).rejects.toThrow(/TipoeCF/);
  });

  it('reads the approvals sheet', async () => {
    const sheet = await readApprovalWorkbook(await buildApprovalWorkbook());
    expect(sheet.rows).toHaveLength(3);
    expect(sheet.rows[1]!.values).toMatchObject({
      MontoTotal: '2360.50',
      Estado: '2',
      FechaEmision: '02-04-2026',
    });
  });
});

describe('the documents of the fixture set', () => {
  const cases = testSetCases();

  it.each(cases.map((c) => [c.caseNumber, c] as const))(
    '%s: built in XSD order, signed, valid against its official XSD, every cell written exactly',
    async (_n, c) => {
      const values = Object.fromEntries(Object.entries(c.cells).map(([h, v]) => [h, cellTextOf(v)]));
      const type = documentTypeOf(values.TipoeCF)!;
      const built = buildCaseEcf(type, values, AT);
      expect(built.problems).toEqual([]);
      expect(checkEcfRules(type, values)).toEqual([]);
      const signed = signXml(built.xml, key);
      expect(await validateAgainstDgiiXsd(signed, `ECF-${type.slice(1)}` as DgiiSchema)).toEqual([]);
      const texts = [...leafTexts(built.xml).entries()].map(([k, v]) => [k.split('|')[0]!, v] as const);
      for (const [header, cell] of Object.entries(c.cells)) {
        const name = header === 'ENCF' ? 'eNCF' : header.replace(/^NumeroLineaDoR/, 'NumeroLinea');
        expect(
          texts.some(([k, v]) => k === name && v === cellTextOf(cell)),
          `${header} = ${cellTextOf(cell)}`,
        ).toBe(true);
      }
      expect(built.xml).toContain('<FechaHoraFirma>01-04-2026 10:00:00</FechaHoraFirma>');
    },
  );

  it('RFCE of an E32 under RD$250,000: from its E32 row, or from its row on the RFCE sheet; valid against RFCE-32', async () => {
    const e32 = cases.find((c) => c.caseNumber === 'E32-RFCE-01')!;
    const values = Object.fromEntries(Object.entries(e32.cells).map(([h, v]) => [h, cellTextOf(v)]));
    const rfce = buildCaseRfce(values, 'Ab+/9z');
    expect(rfce.problems).toEqual([]);
    expect(rfce.xml).toContain('<CodigoSeguridadeCF>Ab+/9z</CodigoSeguridadeCF>');
    expect(rfce.xml).not.toContain('DetallesItems');
    expect(await validateAgainstDgiiXsd(signXml(rfce.xml, key), 'RFCE-32')).toEqual([]);

    const own = rfceRows()[0]!;
    const e32b = cases.find((c) => c.caseNumber === 'E32-RFCE-02')!;
    const merged: Record<string, string> = {
      ...Object.fromEntries(Object.entries(e32b.cells).map(([h, v]) => [h, cellTextOf(v)])),
      MontoExento: '1.00',
    };
    for (const [h, v] of Object.entries(own.cells)) merged[`${RFCE_VALUES_PREFIX}${h}`] = cellTextOf(v);
    const fromSheet = buildCaseRfce(merged, 'Zz9999');
    expect(fromSheet.problems).toEqual([]);
    expect(fromSheet.xml).toContain('<FormaPago>1</FormaPago><MontoPago>500.00</MontoPago>');
    expect(fromSheet.xml).toContain('<MontoExento>500.00</MontoExento><MontoTotal>500.00</MontoTotal>');
    expect(await validateAgainstDgiiXsd(signXml(fromSheet.xml, key), 'RFCE-32')).toEqual([]);
  });

  it('ACECF rows build valid ACECF documents (Estado in words → 1/2)', async () => {
    const sheet = await readApprovalWorkbook(await buildApprovalWorkbook());
    for (const row of sheet.rows) {
      const built = buildCaseAcecf(row.values, AT);
      expect(built.problems).toEqual([]);
      expect(await validateAgainstDgiiXsd(signXml(built.xml, key), 'ACECF')).toEqual([]);
    }
    const words = buildCaseAcecf({ ...sheet.rows[0]!.values, Estado: 'Rechazado' }, AT);
    expect(words.xml).toContain('<Estado>2</Estado>');
  });
});

describe('checks before anything is stored', () => {
  const valuesOf = (n: string, opts = {}) => {
    const c = testSetCases(opts).find((x) => x.caseNumber === n)!;
    return Object.fromEntries(Object.entries(c.cells).map(([h, v]) => [h, cellTextOf(v)]));
  };

  it('E32 of RD$250,000 or more without RNCComprador', () => {
    const problems = checkEcfRules('E32', valuesOf('E32-250K', { broken: true }));
    expect(problems).toEqual([expect.objectContaining({ field: 'RNCComprador' })]);
  });

  it('per-rate totals, IndicadorMontoGravado, FechaLimitePago with TipoPago 2, MontoItem', () => {
    const v = valuesOf('E31-01');
    v.TotalITBIS1 = '200.00';
    delete v.IndicadorMontoGravado;
    delete v.FechaLimitePago;
    v['MontoItem[2]'] = '300.00';
    const fields = checkEcfRules('E31', v).map((p) => p.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'TotalITBIS1',
        'TotalITBIS',
        'IndicadorMontoGravado',
        'FechaLimitePago',
        'MontoItem[2]',
      ]),
    );
  });

  it('structure: a missing required element, a wrong enumeration, an element of another type, a bad index', () => {
    const v = valuesOf('E43-01');
    delete v.RazonSocialEmisor;
    v.TipoPago = '7';
    v.RNCComprador = '101850043';
    v['NombreItem[1001]'] = 'x';
    const { problems } = buildDocument({ schema: 'ECF-43', values: v, columns: 'strict', label: 'e-CF 43' });
    expect(problems.map((p) => p.field)).toEqual(
      expect.arrayContaining(['RazonSocialEmisor', 'TipoPago', 'RNCComprador', 'NombreItem[1001]']),
    );
    expect(problems.find((p) => p.field === 'TipoPago')!.message).toMatch(/«7»/);
  });

  it('prepareEcfCase names the case and row, sends E32 under RD$250,000 as RFCE, ranks by the DGII order', () => {
    const c = testSetCases().find((x) => x.caseNumber === 'E32-RFCE-01')!;
    const values = Object.fromEntries(Object.entries(c.cells).map(([h, v]) => [h, cellTextOf(v)]));
    const { prepared } = prepareEcfCase(
      { row: 5, values: { CasoPrueba: c.caseNumber, ...values } },
      null,
      AT,
    );
    expect(prepared).toMatchObject({ channel: 'rfce', documentType: 'E32', total: '1000.00', rank: 30 });
    const bad = prepareEcfCase({ row: 7, values: { CasoPrueba: 'X-1', TipoeCF: '99' } }, null, AT);
    expect(bad.problems).toEqual([
      { caseNumber: 'X-1', row: 7, field: 'TipoeCF', message: expect.any(String) },
    ]);
    expect(sendingRank('E31', 'ecf')).toBeLessThan(sendingRank('E47', 'ecf'));
    expect(sendingRank('E47', 'ecf')).toBeLessThan(sendingRank('E33', 'ecf'));
    expect(sendingRank('E34', 'ecf')).toBeLessThan(sendingRank('E32', 'rfce'));
    expect(FIXTURE_ISSUER_RNC).toHaveLength(9);
  });
});
