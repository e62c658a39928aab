import ExcelJS from 'exceljs';

/*
 * DGII-like certification workbooks for tests (issue 41): the "Pruebas de Datos e-CF" set (an `ECF`
 * sheet with one case per row and an `RFCE` sheet) and the "Pruebas de Datos Aprobación Comercial"
 * set (an `ACECF` sheet). Laid out as the DGII's files are (ithesk/l10n_do_e_cf_tests,
 * wizards/run_test_set_wizard.py and import_acecf_wizard.py): row 1 holds the XML element names,
 * repeated groups carry their index (`NumeroLinea[1]`), `CasoPrueba` names the case, `#e` marks a
 * cell left out. Amounts are numeric cells with a number format (`#,##0.00`: 1000.5 shows
 * `1,000.50`, written `1000.50`), rates and counts integers, dates date cells or text.
 *
 * Dependency-light on purpose (exceljs only): the browser tests import these builders too.
 */

/** One cell: its value as stored in the workbook, its number format, and the text the XML must carry. */
export interface FixtureCell {
  value: string | number | Date;
  numFmt?: string;
  /** What the document must say for this cell (the workbook's shown text, dates `dd-MM-yyyy`). */
  text: string;
}

/** A cell given to the builders: a text, or a {@link FixtureCell} (numbers and dates). */
export type FixtureCellInput = string | FixtureCell;

/** One case of the e-CF sheet: its `CasoPrueba` and its cells by header (as the DGII spells it). */
export interface FixtureCase {
  caseNumber: string;
  cells: Record<string, FixtureCellInput>;
}

/** A numeric amount cell shown with two decimals and grouping (`#,##0.00`). */
export function amount(value: number): FixtureCell {
  return { value, numFmt: '#,##0.00', text: value.toFixed(2) };
}

/** A numeric integer cell (General format). */
export function integer(value: number): FixtureCell {
  return { value, text: String(value) };
}

/** A date cell (`dd/mm/yyyy` in the workbook, `dd-MM-yyyy` in the XML). */
export function dateCell(day: number, month: number, year: number): FixtureCell {
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    value: new Date(Date.UTC(year, month - 1, day)),
    numFmt: 'dd/mm/yyyy',
    text: `${pad(day)}-${pad(month)}-${year}`,
  };
}

/** The text a cell must produce in the XML. */
export function cellTextOf(cell: FixtureCellInput): string {
  return typeof cell === 'string' ? cell : cell.text;
}

/** Options of {@link testSetCases} and {@link buildTestSetWorkbook}. */
export interface TestSetWorkbookOptions {
  /** `RNCEmisor` of every case: the agency's RNC (company settings) for an import to pass. */
  issuerRnc?: string;
  /** The first e-NCF sequence number (each type counts from it); vary it per set to keep e-NCF apart. */
  sequenceStart?: number;
  /** How headers are spelled: as the DGII does (default), all upper case, or all lower case. */
  headerCase?: 'dgii' | 'upper' | 'lower';
  /** Adds columns the import must ignore (`Observaciones`, `ResultadoEsperado`) and an empty column. */
  extraColumns?: boolean;
  /** Whether the workbook has the RFCE sheet (default true). */
  rfceSheet?: boolean;
  /** Breaks one case: the E32 of RD$250,000 or more without `RNCComprador` (case `E32-250K`). */
  broken?: boolean;
  /** Cells to change per case number (null removes the cell). */
  overrides?: Record<string, Record<string, FixtureCellInput | null>>;
  /** Name of the cases sheet (default `ECF`). */
  sheetName?: string;
}

/** The issuer RNC the fixtures use unless told otherwise. */
export const FIXTURE_ISSUER_RNC = '131246796';
/** A buyer RNC (9 digits) and a cédula (11 digits) valid for the XSD. */
export const FIXTURE_BUYER_RNC = '101850043';
export const FIXTURE_BUYER_CEDULA = '00113918205';

const encfOf = (type: number, seq: number) => `E${type}${String(seq).padStart(10, '0')}`;

/**
 * The ~13 cases of the e-CF sheet, in the DGII's workbook order (by type, not in sending order):
 * E31 ×2 (one with a global discount, `NumeroLineaDoR[1]`), E32 of RD$250,000 or more, E32 under it ×2
 * (sent as RFCE; one has a row on the RFCE sheet), E33, E34, E41 (retentions), E43, E44, E45, E46 (USD,
 * ITBIS 0 %), E47 (ISR retention).
 */
export function testSetCases(opts: TestSetWorkbookOptions = {}): FixtureCase[] {
  const rnc = opts.issuerRnc ?? FIXTURE_ISSUER_RNC;
  const s = opts.sequenceStart ?? 1;
  const emisor = {
    RNCEmisor: rnc,
    RazonSocialEmisor: 'Agencia Digital Caribe, S.R.L.',
    DireccionEmisor: 'Av. Winston Churchill 1099, Piantini, Santo Domingo',
    'TelefonoEmisor[1]': '809-555-1234',
    CorreoEmisor: 'facturacion@agencia.do',
    FechaEmision: dateCell(1, 4, 2026),
  };
  const item = (n: number, name: string, indicator: string, qty: number, price: number, total: number) => ({
    [`NumeroLinea[${n}]`]: integer(n),
    [`IndicadorFacturacion[${n}]`]: indicator,
    [`NombreItem[${n}]`]: name,
    [`IndicadorBienoServicio[${n}]`]: '2',
    [`CantidadItem[${n}]`]: amount(qty),
    [`PrecioUnitarioItem[${n}]`]: amount(price),
    [`MontoItem[${n}]`]: amount(total),
  });
  const taxed = (base: number, tax: number, total: number, exempt?: number) => ({
    MontoGravadoTotal: amount(base),
    MontoGravadoI1: amount(base),
    ...(exempt !== undefined ? { MontoExento: amount(exempt) } : {}),
    ITBIS1: integer(18),
    TotalITBIS: amount(tax),
    TotalITBIS1: amount(tax),
    MontoTotal: amount(total),
  });
  const cases: FixtureCase[] = [
    {
      caseNumber: 'E31-01',
      cells: {
        Version: '1.0',
        TipoeCF: '31',
        ENCF: encfOf(31, s),
        FechaVencimientoSecuencia: '31-12-2027',
        IndicadorMontoGravado: '0',
        TipoIngresos: '01',
        TipoPago: '2',
        FechaLimitePago: dateCell(1, 5, 2026),
        TerminoPago: '30 días',
        ...emisor,
        RNCComprador: FIXTURE_BUYER_RNC,
        RazonSocialComprador: 'Constructora Hispaniola, S.A.',
        ...taxed(1000.5, 180.09, 1430.59, 250),
        ...item(1, 'Diseño de logotipo', '1', 1, 1000.5, 1000.5),
        ...item(2, 'Tasa de registro', '4', 1, 250, 250),
      },
    },
    {
      caseNumber: 'E31-02',
      cells: {
        Version: '1.0',
        TipoeCF: '31',
        ENCF: encfOf(31, s + 1),
        FechaVencimientoSecuencia: '31-12-2027',
        IndicadorMontoGravado: '0',
        TipoIngresos: '01',
        TipoPago: '1',
        'FormaPago[1]': '1',
        'MontoPago[1]': amount(10620),
        ...emisor,
        FechaEmision: '02-04-2026',
        RNCComprador: FIXTURE_BUYER_RNC,
        RazonSocialComprador: 'Constructora Hispaniola, S.A.',
        ...taxed(9000, 1620, 10620),
        ...item(1, 'Mantenimiento web, abril', '1', 2, 5000, 10000),
        'NumeroLineaDoR[1]': integer(1),
        'TipoAjuste[1]': 'D',
        'DescripcionDescuentooRecargo[1]': 'Descuento por pronto pago',
        'TipoValor[1]': '$',
        'MontoDescuentooRecargo[1]': amount(1000),
        'IndicadorFacturacionDescuentooRecargo[1]': '1',
      },
    },
    {
      caseNumber: 'E32-250K',
      cells: {
        Version: '1.0',
        TipoeCF: '32',
        ENCF: encfOf(32, s),
        IndicadorMontoGravado: '0',
        TipoIngresos: '01',
        TipoPago: '1',
        ...emisor,
        RNCComprador: FIXTURE_BUYER_CEDULA,
        RazonSocialComprador: 'Juan Pérez Almonte',
        ...taxed(254237.29, 45762.71, 300000),
        ...item(1, 'Campaña publicitaria anual', '1', 1, 254237.29, 254237.29),
      },
    },
    {
      caseNumber: 'E32-RFCE-01',
      cells: {
        Version: '1.0',
        TipoeCF: '32',
        ENCF: encfOf(32, s + 1),
        IndicadorMontoGravado: '0',
        TipoIngresos: '01',
        TipoPago: '1',
        ...emisor,
        RazonSocialComprador: 'Consumidor final',
        ...taxed(847.46, 152.54, 1000),
        ...item(1, 'Impresión de tarjetas', '1', 1, 847.46, 847.46),
      },
    },
    {
      caseNumber: 'E32-RFCE-02',
      cells: {
        Version: '1.0',
        TipoeCF: '32',
        ENCF: encfOf(32, s + 2),
        TipoIngresos: '01',
        TipoPago: '1',
        ...emisor,
        RazonSocialComprador: 'Consumidor final',
        MontoExento: amount(500),
        MontoTotal: amount(500),
        ...item(1, 'Asesoría (exenta)', '4', 1, 500, 500),
      },
    },
    {
      caseNumber: 'E33-01',
      cells: {
        Version: '1.0',
        TipoeCF: '33',
        ENCF: encfOf(33, s),
        FechaVencimientoSecuencia: '31-12-2027',
        IndicadorMontoGravado: '0',
        TipoIngresos: '01',
        TipoPago: '1',
        ...emisor,
        RNCComprador: FIXTURE_BUYER_RNC,
        RazonSocialComprador: 'Constructora Hispaniola, S.A.',
        ...taxed(100, 18, 118),
        ...item(1, 'Cargo por cambio de alcance', '1', 1, 100, 100),
        NCFModificado: encfOf(31, s),
        FechaNCFModificado: '01-04-2026',
        CodigoModificacion: '3',
        RazonModificacion: 'Ajuste de precio',
      },
    },
    {
      caseNumber: 'E34-01',
      cells: {
        Version: '1.0',
        TipoeCF: '34',
        ENCF: encfOf(34, s),
        IndicadorNotaCredito: '0',
        IndicadorMontoGravado: '0',
        TipoIngresos: '01',
        TipoPago: '1',
        ...emisor,
        RNCComprador: FIXTURE_BUYER_RNC,
        RazonSocialComprador: 'Constructora Hispaniola, S.A.',
        ...taxed(500, 90, 590),
        ...item(1, 'Devolución parcial mantenimiento', '1', 1, 500, 500),
        NCFModificado: encfOf(31, s + 1),
        FechaNCFModificado: '02-04-2026',
        CodigoModificacion: '3',
        RazonModificacion: 'Descuento posterior',
      },
    },
    {
      caseNumber: 'E41-01',
      cells: {
        Version: '1.0',
        TipoeCF: '41',
        ENCF: encfOf(41, s),
        FechaVencimientoSecuencia: '31-12-2027',
        IndicadorMontoGravado: '0',
        TipoPago: '1',
        ...emisor,
        RNCComprador: FIXTURE_BUYER_CEDULA,
        RazonSocialComprador: 'Juan Pérez Almonte',
        ...taxed(8000, 1440, 9440),
        TotalITBISRetenido: amount(1440),
        TotalISRRetencion: amount(800),
        'NumeroLinea[1]': integer(1),
        'IndicadorFacturacion[1]': '1',
        'IndicadorAgenteRetencionoPercepcion[1]': '1',
        'MontoITBISRetenido[1]': amount(1440),
        'MontoISRRetenido[1]': amount(800),
        'NombreItem[1]': 'Fotografía de producto',
        'IndicadorBienoServicio[1]': '2',
        'CantidadItem[1]': amount(2),
        'PrecioUnitarioItem[1]': amount(4000),
        'MontoItem[1]': amount(8000),
      },
    },
    {
      caseNumber: 'E43-01',
      cells: {
        Version: '1.0',
        TipoeCF: '43',
        ENCF: encfOf(43, s),
        FechaVencimientoSecuencia: '31-12-2027',
        TipoPago: '1',
        ...emisor,
        MontoExento: amount(1850),
        MontoTotal: amount(1850),
        ...item(1, 'Peajes y parqueos', '4', 1, 1850, 1850),
      },
    },
    {
      caseNumber: 'E44-01',
      cells: {
        Version: '1.0',
        TipoeCF: '44',
        ENCF: encfOf(44, s),
        FechaVencimientoSecuencia: '31-12-2027',
        TipoIngresos: '01',
        TipoPago: '1',
        ...emisor,
        RNCComprador: FIXTURE_BUYER_RNC,
        RazonSocialComprador: 'Zona Franca Las Américas, S.A.',
        MontoExento: amount(20000),
        MontoTotal: amount(20000),
        ...item(1, 'Desarrollo de intranet', '4', 1, 20000, 20000),
      },
    },
    {
      caseNumber: 'E45-01',
      cells: {
        Version: '1.0',
        TipoeCF: '45',
        ENCF: encfOf(45, s),
        FechaVencimientoSecuencia: '31-12-2027',
        IndicadorMontoGravado: '0',
        TipoIngresos: '01',
        TipoPago: '2',
        FechaLimitePago: '30-04-2026',
        ...emisor,
        RNCComprador: '401007551',
        RazonSocialComprador: 'Ministerio de Turismo',
        ...taxed(50000, 9000, 59000),
        ...item(1, 'Portal institucional', '1', 1, 50000, 50000),
      },
    },
    {
      caseNumber: 'E46-01',
      cells: {
        Version: '1.0',
        TipoeCF: '46',
        ENCF: encfOf(46, s),
        FechaVencimientoSecuencia: '31-12-2027',
        TipoIngresos: '01',
        TipoPago: '1',
        ...emisor,
        IdentificadorExtranjero: '98-7654321',
        RazonSocialComprador: 'Northern Lights Travel LLC',
        MontoGravadoTotal: amount(61455),
        MontoGravadoI3: amount(61455),
        ITBIS3: integer(0),
        TotalITBIS: amount(0),
        TotalITBIS3: amount(0),
        MontoTotal: amount(61455),
        TipoMoneda: 'USD',
        TipoCambio: { value: 60.25, numFmt: '0.0000', text: '60.2500' },
        MontoGravadoTotalOtraMoneda: amount(1020),
        MontoGravado3OtraMoneda: amount(1020),
        TotalITBISOtraMoneda: amount(0),
        TotalITBIS3OtraMoneda: amount(0),
        MontoTotalOtraMoneda: amount(1020),
        ...item(1, 'Servicios de diseño para exportación', '3', 12, 5121.25, 61455),
      },
    },
    {
      caseNumber: 'E47-01',
      cells: {
        Version: '1.0',
        TipoeCF: '47',
        ENCF: encfOf(47, s),
        FechaVencimientoSecuencia: '31-12-2027',
        TipoPago: '1',
        ...emisor,
        IdentificadorExtranjero: '98-1234567',
        RazonSocialComprador: 'Booking Tools Inc.',
        MontoExento: amount(72300),
        MontoTotal: amount(72300),
        TotalISRRetencion: amount(19521),
        'NumeroLinea[1]': integer(1),
        'IndicadorFacturacion[1]': '4',
        'IndicadorAgenteRetencionoPercepcion[1]': '1',
        'MontoISRRetenido[1]': amount(19521),
        'NombreItem[1]': 'Suscripción anual de software',
        'IndicadorBienoServicio[1]': '2',
        'CantidadItem[1]': amount(1),
        'PrecioUnitarioItem[1]': amount(72300),
        'MontoItem[1]': amount(72300),
      },
    },
  ];
  if (opts.broken) {
    const c = cases.find((x) => x.caseNumber === 'E32-250K')!;
    delete c.cells.RNCComprador;
  }
  for (const [caseNumber, changes] of Object.entries(opts.overrides ?? {})) {
    const c = cases.find((x) => x.caseNumber === caseNumber);
    if (!c) throw new Error(`no fixture case ${caseNumber}`);
    for (const [header, cell] of Object.entries(changes)) {
      if (cell === null) delete c.cells[header];
      else c.cells[header] = cell;
    }
  }
  return cases;
}

/** The RFCE sheet's rows: one for `E32-RFCE-02` (the summary of that consumo invoice). */
export function rfceRows(opts: TestSetWorkbookOptions = {}): FixtureCase[] {
  const s = opts.sequenceStart ?? 1;
  return [
    {
      caseNumber: 'E32-RFCE-02',
      cells: {
        TipoeCF: '32',
        ENCF: encfOf(32, s + 2),
        TipoIngresos: '01',
        TipoPago: '1',
        'FormaPago[1]': '1',
        'MontoPago[1]': amount(500),
        RNCEmisor: opts.issuerRnc ?? FIXTURE_ISSUER_RNC,
        RazonSocialEmisor: 'Agencia Digital Caribe, S.R.L.',
        FechaEmision: dateCell(1, 4, 2026),
        MontoExento: amount(500),
        MontoTotal: amount(500),
        CodigoSeguridadeCF: '#e',
      },
    },
  ];
}

function spell(header: string, headerCase: TestSetWorkbookOptions['headerCase']): string {
  if (headerCase === 'upper') return header.toUpperCase();
  if (headerCase === 'lower') return header.toLowerCase();
  return header;
}

/** Writes one sheet: `CasoPrueba` first, then every header in first-seen order. */
function writeSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  rows: FixtureCase[],
  opts: TestSetWorkbookOptions,
  leading: string[] = ['CasoPrueba'],
) {
  const sheet = workbook.addWorksheet(name);
  const headers = [...leading];
  for (const r of rows) for (const h of Object.keys(r.cells)) if (!headers.includes(h)) headers.push(h);
  if (opts.extraColumns) headers.push('Observaciones', '', 'ResultadoEsperado');
  sheet.addRow(headers.map((h) => spell(h, opts.headerCase)));
  for (const r of rows) {
    const row = sheet.addRow([]);
    headers.forEach((h, i) => {
      const cell = row.getCell(i + 1);
      if (h === 'CasoPrueba') cell.value = r.caseNumber;
      else if (h === 'Observaciones') cell.value = 'Caso de prueba DGII';
      else if (h === 'ResultadoEsperado') cell.value = 'Aceptado';
      else if (h === '') cell.value = null;
      else {
        const c = r.cells[h];
        if (c === undefined) cell.value = '#e';
        else if (typeof c === 'string') cell.value = c;
        else {
          cell.value = c.value;
          if (c.numFmt) cell.numFmt = c.numFmt;
        }
      }
    });
  }
}

/**
 * The "Pruebas de Datos e-CF" workbook (.xlsx bytes): an `ECF` sheet with {@link testSetCases} and,
 * unless `rfceSheet: false`, an `RFCE` sheet with {@link rfceRows}. Empty cells hold `#e`.
 */
export async function buildTestSetWorkbook(opts: TestSetWorkbookOptions = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  writeSheet(workbook, opts.sheetName ?? 'ECF', testSetCases(opts), opts);
  if (opts.rfceSheet !== false) writeSheet(workbook, 'RFCE', rfceRows(opts), opts);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Options of {@link approvalRows} and {@link buildApprovalWorkbook}. */
export interface ApprovalWorkbookOptions {
  /** `RNCComprador` of every row: the agency's RNC (the agency answers as the buyer). */
  buyerRnc?: string;
  /** The first e-NCF sequence number of the e-CF answered. */
  sequenceStart?: number;
  /** Cells to change per case number (null removes the cell). */
  overrides?: Record<string, Record<string, FixtureCellInput | null>>;
}

/**
 * The approvals (ACECF) rows: three e-CF a supplier issued to the agency (E31 approved, E31
 * rejected with its reason, E33 approved), with the columns of the DGII's file (ithesk
 * import_acecf_wizard.py): Version, RNCEmisor, eNCF, FechaEmision, MontoTotal, RNCComprador, Estado,
 * DetalleMotivoRechazo, FechaHoraAprobacionComercial.
 */
export function approvalRows(opts: ApprovalWorkbookOptions = {}): FixtureCase[] {
  const buyer = opts.buyerRnc ?? FIXTURE_ISSUER_RNC;
  const s = opts.sequenceStart ?? 1;
  const rows: FixtureCase[] = [
    {
      caseNumber: 'ACECF-01',
      cells: {
        Version: '1.0',
        RNCEmisor: FIXTURE_BUYER_RNC,
        eNCF: encfOf(31, s),
        FechaEmision: dateCell(1, 4, 2026),
        MontoTotal: amount(1180),
        RNCComprador: buyer,
        Estado: integer(1),
      },
    },
    {
      caseNumber: 'ACECF-02',
      cells: {
        Version: '1.0',
        RNCEmisor: FIXTURE_BUYER_RNC,
        eNCF: encfOf(31, s + 1),
        FechaEmision: '02-04-2026',
        MontoTotal: amount(2360.5),
        RNCComprador: buyer,
        Estado: integer(2),
        DetalleMotivoRechazo: 'Montos no corresponden a lo pactado',
      },
    },
    {
      caseNumber: 'ACECF-03',
      cells: {
        Version: '1.0',
        RNCEmisor: FIXTURE_BUYER_RNC,
        eNCF: encfOf(33, s),
        FechaEmision: dateCell(3, 4, 2026),
        MontoTotal: amount(118),
        RNCComprador: buyer,
        Estado: integer(1),
        FechaHoraAprobacionComercial: '05-04-2026 10:15:00',
      },
    },
  ];
  for (const [caseNumber, changes] of Object.entries(opts.overrides ?? {})) {
    const c = rows.find((x) => x.caseNumber === caseNumber);
    if (!c) throw new Error(`no fixture approval ${caseNumber}`);
    for (const [header, cell] of Object.entries(changes)) {
      if (cell === null) delete c.cells[header];
      else c.cells[header] = cell;
    }
  }
  return rows;
}

/** The "Pruebas de Datos Aprobación Comercial" workbook (.xlsx bytes): one `ACECF` sheet. */
export async function buildApprovalWorkbook(opts: ApprovalWorkbookOptions = {}): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  writeSheet(workbook, 'ACECF', approvalRows(opts), {}, []);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A multipart body with the workbook as `file` (for `app.inject`): `{ payload, headers }`.
 */
export function workbookForm(file: Buffer, filename = 'set-de-pruebas.xlsx') {
  const boundary = '----certificationBoundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
