import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dgiiXsdDir, validateAgainstDgiiXsd } from '../../../test/dgii-xsd.js';
import type { EcfDocumentInput, EcfLine } from './ecf-model.js';
import {
  buildEcfXml,
  buildRfceXml,
  checkEcf,
  EcfValidationError,
  formatEcfDate,
  formatEcfDateTime,
} from './ecf-xml.js';

/*
 * Golden e-CF documents, one per type, each validated against the DGII's XSD. The goldens in
 * __golden__/ were written once by this file (UPDATE_GOLDEN=1) and read against the XSDs by hand;
 * from then on the builder must reproduce them byte for byte.
 */

const GOLDEN_DIR = fileURLToPath(new URL('./__golden__/', import.meta.url));

/** Every e-CF XSD ends with a mandatory xs:any processContents="skip" (the signature): a stand-in. */
const SIGNATURE_PLACEHOLDER =
  '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo/><SignatureValue>AAAA</SignatureValue></Signature>';

function withSignature(xml: string, root: 'ECF' | 'RFCE' = 'ECF'): string {
  const end = `</${root}>`;
  expect(xml.endsWith(end)).toBe(true);
  return `${xml.slice(0, -end.length)}${SIGNATURE_PLACEHOLDER}${end}`;
}

function golden(name: string, xml: string): void {
  const file = `${GOLDEN_DIR}${name}.xml`;
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, xml);
  expect(existsSync(file), `${file} missing: run once with UPDATE_GOLDEN=1 and review it`).toBe(true);
  expect(xml).toBe(readFileSync(file, 'utf8'));
}

const ISSUER = {
  rnc: '131246796',
  name: 'Viajes Caribe & Sol, S.R.L.',
  address: 'Av. Winston Churchill 1099, Piantini, Santo Domingo',
  email: 'facturacion@viajescaribe.com.do',
  phone: '809-555-1234',
  website: 'www.viajescaribe.com.do',
};

const COMPANY_BUYER = {
  taxId: '101850043',
  name: 'Constructora Hispaniola, S.A.',
  address: 'Calle El Conde 55, Zona Colonial',
  email: 'cuentas@hispaniola.com.do',
};

function line(description: string, quantity: number, unitPriceCents: number, taxExempt = false): EcfLine {
  return {
    description,
    quantity,
    unitPriceCents,
    totalCents: Math.round(quantity * unitPriceCents),
    taxExempt,
  };
}

/** Totals as the totals engine computes them: discount prorated, ITBIS 18 % half-up. */
function withTotals(
  doc: Omit<EcfDocumentInput, 'totals'>,
  discount: { taxed: number; exempt: number } = { taxed: 0, exempt: 0 },
  taxRate = 18,
  noTax = false,
): EcfDocumentInput {
  const taxedLines = doc.lines.filter((l) => !l.taxExempt).reduce((s, l) => s + l.totalCents, 0);
  const exemptLines = doc.lines.filter((l) => l.taxExempt).reduce((s, l) => s + l.totalCents, 0);
  const taxableBaseCents = taxedLines - discount.taxed;
  const exemptCents = exemptLines - discount.exempt;
  const taxCents = noTax ? 0 : Math.round((taxableBaseCents * taxRate) / 100);
  return {
    ...doc,
    totals: {
      subtotalCents: taxedLines + exemptLines,
      discountCents: discount.taxed + discount.exempt,
      exemptCents,
      taxableBaseCents,
      taxRate,
      taxCents,
      totalCents: taxableBaseCents + exemptCents + taxCents,
    },
  };
}

/** E31 on credit with a taxed and an exempt line and a 10 % global discount. */
const E31 = withTotals(
  {
    type: 'E31',
    encf: 'E310000000123',
    sequenceExpiresOn: '2027-12-31',
    issueDate: '2026-11-27',
    dueDate: '2026-12-27',
    paymentTermDays: 30,
    paymentType: 2,
    issuer: ISSUER,
    buyer: COMPANY_BUYER,
    lines: [
      line('Paquete turístico Punta Cana, 3 noches todo incluido', 2, 1_500_000),
      line('Tasas aeroportuarias', 2, 250_000, true),
    ],
    currency: 'DOP',
    exchangeRate: null,
    reference: null,
    signedAt: new Date('2026-11-27T19:05:09Z'),
  },
  { taxed: 300_000, exempt: 50_000 },
);

/** E32 to a consumidor final (no id, no name), cash; RD$97.20. */
const E32 = withTotals({
  type: 'E32',
  encf: 'E320000004521',
  sequenceExpiresOn: null,
  issueDate: '2026-11-27',
  dueDate: null,
  paymentTermDays: null,
  paymentType: 1,
  issuer: ISSUER,
  buyer: { taxId: null, name: '' },
  lines: [line('Asesoría de viaje', 1, 8_237)],
  currency: 'DOP',
  exchangeRate: null,
  reference: null,
  signedAt: new Date('2026-11-27T14:30:00Z'),
});

/** E33: a debit note adding a charge to the E31. */
const E33 = withTotals({
  type: 'E33',
  encf: 'E330000000007',
  sequenceExpiresOn: '2027-12-31',
  issueDate: '2026-12-05',
  dueDate: null,
  paymentTermDays: null,
  paymentType: 1,
  issuer: ISSUER,
  buyer: COMPANY_BUYER,
  lines: [line('Cargo por cambio de itinerario', 1, 250_000)],
  currency: 'DOP',
  exchangeRate: null,
  reference: {
    ncf: 'E310000000123',
    date: '2026-11-27',
    modificationCode: 3,
    reason: 'Cambio de fecha del vuelo',
  },
  signedAt: new Date('2026-12-05T13:00:00Z'),
});

/** E34: a credit note on the E31, 49 days later (IndicadorNotaCredito 1). */
const E34 = withTotals({
  type: 'E34',
  encf: 'E340000000002',
  sequenceExpiresOn: null,
  issueDate: '2027-01-15',
  dueDate: null,
  paymentTermDays: null,
  paymentType: 1,
  issuer: ISSUER,
  buyer: COMPANY_BUYER,
  lines: [line('Devolución parcial: paquete Punta Cana, 1 habitación', 1, 1_500_000)],
  currency: 'DOP',
  exchangeRate: null,
  reference: {
    ncf: 'E310000000123',
    date: '2026-11-27',
    modificationCode: 3,
    reason: 'Cancelación de una habitación',
  },
  signedAt: new Date('2027-01-15T21:45:00Z'),
});

/** E44: a free-zone company, ITBIS-exempt service. */
const E44 = withTotals(
  {
    type: 'E44',
    encf: 'E440000000010',
    sequenceExpiresOn: '2027-12-31',
    issueDate: '2026-11-27',
    dueDate: null,
    paymentTermDays: null,
    paymentType: 1,
    issuer: ISSUER,
    buyer: {
      taxId: '130862346',
      name: 'Zona Franca Las Américas Operadora, S.A.',
      address: 'Autopista Las Américas km 22',
    },
    lines: [line('Coordinación de viaje corporativo', 3, 450_000, true)],
    currency: 'DOP',
    exchangeRate: null,
    reference: null,
    signedAt: new Date('2026-11-27T16:00:00Z'),
  },
  undefined,
  18,
  true,
);

/** E45: a ministry, on credit. */
const E45 = withTotals({
  type: 'E45',
  encf: 'E450000000003',
  sequenceExpiresOn: '2027-12-31',
  issueDate: '2026-11-27',
  dueDate: '2027-01-11',
  paymentTermDays: 45,
  paymentType: 2,
  issuer: ISSUER,
  buyer: { taxId: '401506254', name: 'Ministerio de Turismo' },
  lines: [line('Gestión de boletos aéreos para delegación oficial', 4, 125_000)],
  currency: 'DOP',
  exchangeRate: null,
  reference: null,
  signedAt: new Date('2026-11-27T15:10:00Z'),
});

/** E46: a foreign tour operator, billed in USD, ITBIS 0 %. */
const E46 = withTotals(
  {
    type: 'E46',
    encf: 'E460000000001',
    sequenceExpiresOn: '2027-12-31',
    issueDate: '2026-11-27',
    dueDate: null,
    paymentTermDays: null,
    paymentType: 1,
    issuer: ISSUER,
    buyer: {
      taxId: null,
      foreignId: '98-7654321',
      name: 'Northern Lights Travel LLC',
      address: '120 Main Street, Burlington, VT, USA',
      email: 'billing@northernlights.travel',
    },
    lines: [line('Servicios de receptivo turístico, grupo de 12 personas', 12, 8_500)],
    currency: 'USD',
    exchangeRate: 60.25,
    reference: null,
    signedAt: new Date('2026-11-27T20:00:00Z'),
  },
  undefined,
  18,
  true,
);

/** E31 billed in USD (OtraMoneda), with a 4-decimal exchange rate. */
const E31_USD = withTotals({
  type: 'E31',
  encf: 'E310000000124',
  sequenceExpiresOn: '2027-12-31',
  issueDate: '2026-11-27',
  dueDate: null,
  paymentTermDays: null,
  paymentType: 1,
  issuer: ISSUER,
  buyer: COMPANY_BUYER,
  lines: [line('Paquete Miami 4 noches, tarifa en dólares', 2, 62_550)],
  currency: 'USD',
  exchangeRate: 58.7512,
  reference: null,
  signedAt: new Date('2026-11-27T12:00:00Z'),
});

/**
 * E41: the agency buys from an informal supplier (a person with a cédula, the Comprador of the
 * e-CF): a good and a service, ITBIS 18 %, and the agency withholds the whole ITBIS and 10 % ISR on
 * the service (Retencion on each line, the sums in Totales).
 */
const E41_BASE = withTotals({
  type: 'E41',
  encf: 'E410000000005',
  sequenceExpiresOn: '2027-12-31',
  issueDate: '2026-11-27',
  dueDate: null,
  paymentTermDays: null,
  paymentType: 1,
  issuer: ISSUER,
  buyer: { taxId: '00113918205', name: 'Juan Pérez Almonte', address: 'Calle 5 #12, Villa Mella' },
  lines: [
    { ...line('Artesanías para kits de bienvenida', 20, 25_000), goods: true, itbisWithheldCents: 90_000 },
    {
      ...line('Guía turístico independiente, 2 días', 2, 400_000),
      itbisWithheldCents: 144_000,
      isrWithheldCents: 80_000,
    },
  ],
  currency: 'DOP',
  exchangeRate: null,
  reference: null,
  signedAt: new Date('2026-11-27T18:00:00Z'),
});
const E41: EcfDocumentInput = {
  ...E41_BASE,
  totals: { ...E41_BASE.totals, itbisWithheldCents: 234_000, isrWithheldCents: 80_000 },
};

/** E43: gastos menores (parking, tolls), no Comprador, no ITBIS. */
const E43 = withTotals(
  {
    type: 'E43',
    encf: 'E430000000011',
    sequenceExpiresOn: '2027-12-31',
    issueDate: '2026-11-27',
    dueDate: null,
    paymentTermDays: null,
    paymentType: 1,
    issuer: ISSUER,
    buyer: { taxId: null, name: '' },
    lines: [{ ...line('Peajes y parqueos, visita a hoteles de Bávaro', 1, 185_000, true), goods: false }],
    currency: 'DOP',
    exchangeRate: null,
    reference: null,
    signedAt: new Date('2026-11-27T17:00:00Z'),
  },
  undefined,
  18,
  true,
);

/** E47: a foreign supplier paid in USD (software subscription), 27 % ISR withheld (Ley 11-92 art. 305). */
const E47_BASE = withTotals(
  {
    type: 'E47',
    encf: 'E470000000002',
    sequenceExpiresOn: '2027-12-31',
    issueDate: '2026-11-27',
    dueDate: null,
    paymentTermDays: null,
    paymentType: 1,
    issuer: ISSUER,
    buyer: { taxId: null, foreignId: '98-1234567', name: 'Booking Tools Inc.' },
    lines: [{ ...line('Suscripción anual motor de reservas', 1, 120_000, true), isrWithheldCents: 32_400 }],
    currency: 'USD',
    exchangeRate: 60.25,
    reference: null,
    signedAt: new Date('2026-11-27T19:00:00Z'),
  },
  undefined,
  18,
  true,
);
const E47: EcfDocumentInput = { ...E47_BASE, totals: { ...E47_BASE.totals, isrWithheldCents: 32_400 } };

const CASES: Array<[string, EcfDocumentInput, Parameters<typeof validateAgainstDgiiXsd>[1]]> = [
  ['E31', E31, 'ECF-31'],
  ['E32', E32, 'ECF-32'],
  ['E33', E33, 'ECF-33'],
  ['E34', E34, 'ECF-34'],
  ['E44', E44, 'ECF-44'],
  ['E45', E45, 'ECF-45'],
  ['E46', E46, 'ECF-46'],
  ['E31-USD', E31_USD, 'ECF-31'],
  ['E41', E41, 'ECF-41'],
  ['E43', E43, 'ECF-43'],
  ['E47', E47, 'ECF-47'],
];

describe('buildEcfXml', () => {
  it.each(CASES)(
    '%s: valid input, golden XML, valid against its XSD once signed',
    async (name, input, schema) => {
      expect(checkEcf(input)).toEqual([]);
      const xml = buildEcfXml(input);
      golden(name, xml);
      expect(await validateAgainstDgiiXsd(withSignature(xml), schema)).toEqual([]);
    },
  );

  it('is not valid against its XSD before it is signed (the xs:any after FechaHoraFirma is mandatory)', async () => {
    const errors = await validateAgainstDgiiXsd(buildEcfXml(E32), 'ECF-32');
    expect(errors.join('\n')).toMatch(/Missing child element/);
  });

  it('has no whitespace between tags and starts with the XML declaration', () => {
    for (const [, input] of CASES) {
      const xml = buildEcfXml(input);
      expect(
        xml.startsWith('<?xml version="1.0" encoding="utf-8"?><ECF><Encabezado><Version>1.0</Version>'),
      ).toBe(true);
      expect(xml).not.toMatch(/>\s+</);
      expect(xml).not.toMatch(/[\n\r\t]/);
      expect(xml).not.toMatch(/<(\w+)><\/\1>|<\w+\/>/);
      expect(xml.endsWith('</FechaHoraFirma></ECF>')).toBe(true);
    }
  });

  it('escapes & and < in names, and the result is still valid', async () => {
    const input: EcfDocumentInput = {
      ...E31,
      issuer: { ...ISSUER, name: 'Viajes <Caribe> & "Sol"' },
      buyer: { ...COMPANY_BUYER, name: "Hoteles O'Neill & Asociados <HOA>" },
    };
    const xml = buildEcfXml(input);
    expect(xml).toContain(
      '<RazonSocialEmisor>Viajes &lt;Caribe&gt; &amp; &quot;Sol&quot;</RazonSocialEmisor>',
    );
    expect(xml).toContain(
      '<RazonSocialComprador>Hoteles O&apos;Neill &amp; Asociados &lt;HOA&gt;</RazonSocialComprador>',
    );
    expect(await validateAgainstDgiiXsd(withSignature(xml), 'ECF-31')).toEqual([]);
  });

  it('collapses whitespace inside texts', () => {
    const xml = buildEcfXml({
      ...E32,
      lines: [{ ...E32.lines[0]!, description: '  Asesoría\n de   viaje ' }],
    });
    expect(xml).toContain('<NombreItem>Asesoría de viaje</NombreItem>');
  });

  it('E32: Comprador with RazonSocialComprador even for a consumidor final; no FechaVencimientoSecuencia', () => {
    const xml = buildEcfXml(E32);
    expect(xml).toContain(
      '<Comprador><RazonSocialComprador>Consumidor final</RazonSocialComprador></Comprador>',
    );
    expect(xml).not.toContain('FechaVencimientoSecuencia');
  });

  it('E34: IndicadorNotaCredito 0 within 30 days of the modified invoice, 1 after', () => {
    expect(buildEcfXml(E34)).toContain('<IndicadorNotaCredito>1</IndicadorNotaCredito>');
    const within = buildEcfXml({
      ...E34,
      issueDate: '2026-12-27',
      signedAt: new Date('2026-12-27T15:00:00Z'),
    });
    expect(within).toContain('<eNCF>E340000000002</eNCF><IndicadorNotaCredito>0</IndicadorNotaCredito>');
    const day31 = buildEcfXml({
      ...E34,
      issueDate: '2026-12-28',
      signedAt: new Date('2026-12-28T15:00:00Z'),
    });
    expect(day31).toContain('<IndicadorNotaCredito>1</IndicadorNotaCredito>');
    expect(within).not.toContain('FechaVencimientoSecuencia');
  });

  it('USD: DOP amounts are the USD amount × rate rounded half-up to the centavo', () => {
    const xml = buildEcfXml(E31_USD);
    // 1251.00 USD × 58.7512 = 73,497.7512 → 73497.75; 225.18 × 58.7512 = 13,229.5952… → 13229.60
    expect(xml).toContain('<MontoGravadoTotal>73497.75</MontoGravadoTotal>');
    expect(xml).toContain('<TotalITBIS>13229.60</TotalITBIS>');
    expect(xml).toContain('<MontoTotal>86727.35</MontoTotal>');
    expect(xml).toContain('<TipoMoneda>USD</TipoMoneda><TipoCambio>58.7512</TipoCambio>');
    expect(xml).toContain('<MontoTotalOtraMoneda>1476.18</MontoTotalOtraMoneda>');
    expect(xml).toContain('<PrecioUnitarioItem>36748.8756</PrecioUnitarioItem>');
  });

  it('throws EcfValidationError with checkEcf’s problems on an invalid document', () => {
    expect(() => buildEcfXml({ ...E31, buyer: { ...COMPANY_BUYER, taxId: null } })).toThrow(
      EcfValidationError,
    );
  });
});

describe('validateAgainstDgiiXsd', () => {
  it('says where the schemas were looked for when the directory is missing', () => {
    const saved = process.env.DGII_XSD_DIR;
    process.env.DGII_XSD_DIR = '/nonexistent/dgii-xsd';
    try {
      expect(() => dgiiXsdDir()).toThrow(/DGII XSDs not found in \/nonexistent\/dgii-xsd/);
    } finally {
      if (saved === undefined) delete process.env.DGII_XSD_DIR;
      else process.env.DGII_XSD_DIR = saved;
    }
  });

  it('reports a malformed document', async () => {
    expect((await validateAgainstDgiiXsd('<ECF><Encabezado></ECF>', 'ECF-31')).length).toBeGreaterThan(0);
  });
});

describe('FechaHoraFirma and dates', () => {
  it('formats an afternoon instant in Santo Domingo time on the 24-hour clock', () => {
    expect(formatEcfDateTime(new Date('2026-11-27T19:05:09Z'))).toBe('27-11-2026 15:05:09');
  });

  it('formats the previous day before 04:00 UTC, and midnight as 00', () => {
    expect(formatEcfDateTime(new Date('2026-11-28T02:30:00Z'))).toBe('27-11-2026 22:30:00');
    expect(formatEcfDateTime(new Date('2026-01-01T04:00:00Z'))).toBe('01-01-2026 00:00:00');
  });

  it('has no daylight saving time (UTC−4 in July too)', () => {
    expect(formatEcfDateTime(new Date('2026-07-01T16:00:00Z'))).toBe('01-07-2026 12:00:00');
  });

  it('puts FechaHoraFirma last, before the signature', () => {
    expect(buildEcfXml(E31).endsWith('<FechaHoraFirma>27-11-2026 15:05:09</FechaHoraFirma></ECF>')).toBe(
      true,
    );
  });

  it('formats ISO dates as dd-MM-yyyy and rejects impossible ones', () => {
    expect(formatEcfDate('2026-02-05')).toBe('05-02-2026');
    expect(() => formatEcfDate('2026-02-30')).toThrow(RangeError);
    expect(() => formatEcfDate('05-02-2026')).toThrow(RangeError);
  });
});

describe('buildRfceXml', () => {
  it('summarises an E32 under RD$250,000, valid against RFCE-32.xsd once signed', async () => {
    const xml = buildRfceXml(E32, 'm+tPLr');
    expect(xml).toBe(
      '<?xml version="1.0" encoding="utf-8"?><RFCE><Encabezado><Version>1.0</Version>' +
        '<IdDoc><TipoeCF>32</TipoeCF><eNCF>E320000004521</eNCF><TipoIngresos>01</TipoIngresos><TipoPago>1</TipoPago></IdDoc>' +
        '<Emisor><RNCEmisor>131246796</RNCEmisor><RazonSocialEmisor>Viajes Caribe &amp; Sol, S.R.L.</RazonSocialEmisor><FechaEmision>27-11-2026</FechaEmision></Emisor>' +
        '<Comprador><RazonSocialComprador>Consumidor final</RazonSocialComprador></Comprador>' +
        '<Totales><MontoGravadoTotal>82.37</MontoGravadoTotal><MontoGravadoI1>82.37</MontoGravadoI1><TotalITBIS>14.83</TotalITBIS><TotalITBIS1>14.83</TotalITBIS1><MontoTotal>97.20</MontoTotal></Totales>' +
        '<CodigoSeguridadeCF>m+tPLr</CodigoSeguridadeCF></Encabezado></RFCE>',
    );
    expect(await validateAgainstDgiiXsd(withSignature(xml, 'RFCE'), 'RFCE-32')).toEqual([]);
  });

  it('writes amounts with exactly two decimals: 97.2 is rejected by the RFCE XSD', async () => {
    const xml = withSignature(buildRfceXml(E32, 'm+tPLr'), 'RFCE');
    expect(xml).toContain('<MontoTotal>97.20</MontoTotal>');
    const errors = await validateAgainstDgiiXsd(xml.replace('97.20', '97.2'), 'RFCE-32');
    expect(errors.join('\n')).toMatch(/MontoTotal/);
  });

  it('refuses other types, E32 of RD$250,000 or more, and a code that is not 6 characters', () => {
    expect(() => buildRfceXml(E31, 'm+tPLr')).toThrow(RangeError);
    const big = withTotals({
      ...E32,
      buyer: { taxId: '00113918205', name: 'Ana Pérez' },
      lines: [line('Paquete de bodas', 1, 21_186_441)],
    });
    expect(big.totals.totalCents).toBeGreaterThanOrEqual(25_000_000);
    expect(() => buildRfceXml(big, 'm+tPLr')).toThrow(/250,000/);
    expect(() => buildRfceXml(E32, 'abc')).toThrow(/6 caracteres/);
  });
});

describe('checkEcf', () => {
  const problem = (input: EcfDocumentInput, field: string) =>
    checkEcf(input).filter((p) => p.field === field);

  it('accepts every golden document', () => {
    for (const [, input] of CASES) expect(checkEcf(input)).toEqual([]);
  });

  it('e-NCF: 13 characters and of the document’s type', () => {
    expect(problem({ ...E31, encf: 'E3100000001' }, 'encf')).toEqual([
      {
        field: 'encf',
        message: 'El e-NCF debe tener 13 caracteres: E, el tipo (31) y 10 dígitos de secuencia.',
      },
    ]);
    expect(problem({ ...E31, encf: 'E320000000123' }, 'encf')).toEqual([
      {
        field: 'encf',
        message:
          'El e-NCF E320000000123 es de tipo E32 y no corresponde a un factura de crédito fiscal (E31).',
      },
    ]);
  });

  it('issuer RNC: 9 or 11 digits, with a valid check digit', () => {
    expect(problem({ ...E31, issuer: { ...ISSUER, rnc: '1-31-24679-6' } }, 'issuer.rnc')[0]?.message).toBe(
      'El RNC o cédula del emisor debe tener 9 dígitos (RNC) u 11 (cédula), sin guiones.',
    );
    expect(problem({ ...E31, issuer: { ...ISSUER, rnc: '131246797' } }, 'issuer.rnc')[0]?.message).toBe(
      'El RNC o cédula del emisor no es válido: el dígito verificador no coincide.',
    );
    expect(problem({ ...E31, issuer: { ...ISSUER, rnc: '00113918205' } }, 'issuer.rnc')).toEqual([]);
  });

  it('E31 and E45 need the buyer’s RNC', () => {
    for (const doc of [E31, E45]) {
      expect(problem({ ...doc, buyer: { taxId: null, name: 'X' } }, 'buyer.taxId')).toHaveLength(1);
    }
    expect(problem({ ...E31, buyer: { taxId: null, name: 'X' } }, 'buyer.taxId')[0]?.message).toBe(
      'Una factura de crédito fiscal (E31) requiere el RNC o cédula del comprador.',
    );
  });

  it('E44 needs the buyer’s RNC (or a diplomat’s foreign id) and no ITBIS', () => {
    expect(problem({ ...E44, buyer: { taxId: null, name: 'Zona Franca' } }, 'buyer.taxId')[0]?.message).toBe(
      'Un comprobante de regímenes especiales (E44) requiere el RNC o cédula del comprador, o su identificador extranjero si es diplomático.',
    );
    expect(
      problem({ ...E44, buyer: { taxId: null, foreignId: 'D-1234', name: 'Embajada' } }, 'buyer.taxId'),
    ).toEqual([]);
    const taxed = withTotals({ ...E44, lines: [line('Coordinación', 1, 100_000)] });
    expect(problem(taxed, 'totals.taxCents')[0]?.message).toBe(
      'Un comprobante de regímenes especiales (E44) no lleva ITBIS: el ITBIS debe ser 0.',
    );
    expect(problem(taxed, 'lines')[0]?.message).toBe(
      'Un comprobante de regímenes especiales (E44) solo admite líneas exentas de ITBIS.',
    );
  });

  it('E46 needs a foreign buyer and 0 ITBIS', () => {
    expect(
      problem({ ...E46, buyer: { taxId: '101850043', name: 'Local' } }, 'buyer.foreignId')[0]?.message,
    ).toBe(
      'Un comprobante de exportaciones (E46) requiere el identificador extranjero del comprador (pasaporte o identificación fiscal extranjera).',
    );
    const taxed = withTotals({ ...E46 });
    expect(taxed.totals.taxCents).toBeGreaterThan(0);
    expect(problem(taxed, 'totals.taxCents')[0]?.message).toBe(
      'Un comprobante de exportaciones (E46) lleva ITBIS a tasa 0 %: el ITBIS debe ser 0.',
    );
  });

  it('E41 needs the supplier’s cédula; its withholdings add up by line and stay within ITBIS and amount', () => {
    expect(problem({ ...E41, buyer: { taxId: null, name: 'Juan' } }, 'buyer.taxId')[0]?.message).toBe(
      'Un comprobante de compras (E41) requiere la cédula (o RNC) del proveedor informal.',
    );
    const off = { ...E41, totals: { ...E41.totals, itbisWithheldCents: 200_000 } };
    expect(problem(off, 'totals.itbisWithheldCents')[0]?.message).toBe(
      'El ITBIS retenido no es la suma del retenido en las líneas.',
    );
    const tooMuch: EcfDocumentInput = {
      ...E41,
      lines: [{ ...E41.lines[0]!, itbisWithheldCents: 300_000 }, E41.lines[1]!],
      totals: { ...E41.totals, itbisWithheldCents: 444_000 },
    };
    expect(problem(tooMuch, 'totals.itbisWithheldCents')[0]?.message).toBe(
      'El ITBIS retenido no puede ser mayor que el ITBIS.',
    );
  });

  it('E43 has no Comprador, ITBIS, retention or discount; E47 names no RNC and withholds no ITBIS', () => {
    // Whatever buyer the model carries, an E43 states none: nothing to check.
    expect(checkEcf({ ...E43, buyer: { taxId: '123', name: '' } })).toEqual([]);
    expect(buildEcfXml(E43)).not.toContain('<Comprador>');
    const taxed = withTotals({ ...E43, lines: [line('Parqueo', 1, 10_000)] });
    expect(problem(taxed, 'totals.taxCents')[0]?.message).toBe(
      'Un comprobante de gastos menores (E43) no lleva ITBIS: el ITBIS debe ser 0.',
    );
    const withheld: EcfDocumentInput = {
      ...E43,
      lines: [{ ...E43.lines[0]!, isrWithheldCents: 100 }],
      totals: { ...E43.totals, isrWithheldCents: 100 },
    };
    expect(problem(withheld, 'totals.itbisWithheldCents')[0]?.message).toBe(
      'Un comprobante de gastos menores (E43) no lleva retenciones.',
    );
    expect(
      problem({ ...E47, buyer: { taxId: '101850043', foreignId: null, name: 'Local' } }, 'buyer.taxId')[0]
        ?.message,
    ).toBe(
      'Un comprobante de pagos al exterior (E47) identifica al proveedor del exterior, sin RNC ni cédula.',
    );
    const itbis: EcfDocumentInput = {
      ...E47,
      lines: [{ ...E47.lines[0]!, itbisWithheldCents: 100 }],
      totals: { ...E47.totals, itbisWithheldCents: 100 },
    };
    expect(problem(itbis, 'totals.itbisWithheldCents')[0]?.message).toBe(
      'Un comprobante de pagos al exterior (E47) solo lleva la retención del ISR, no del ITBIS.',
    );
  });

  it('E47: MontoISRRetenido in every Item even when nothing is withheld (XSD e-CF 47: minOccurs 1)', async () => {
    const none: EcfDocumentInput = {
      ...E47,
      lines: [{ ...E47.lines[0]!, isrWithheldCents: 0 }],
      totals: { ...E47.totals, isrWithheldCents: 0 },
    };
    const xml = buildEcfXml(none);
    expect(xml).toContain(
      '<Retencion><IndicadorAgenteRetencionoPercepcion>1</IndicadorAgenteRetencionoPercepcion><MontoISRRetenido>0.00</MontoISRRetenido></Retencion>',
    );
    expect(await validateAgainstDgiiXsd(withSignature(xml), 'ECF-47')).toEqual([]);
  });

  it('E32 of RD$250,000 or more needs the buyer’s id (converted to DOP for USD)', () => {
    const big = withTotals({ ...E32, lines: [line('Paquete de bodas', 1, 21_186_441)] });
    expect(problem(big, 'buyer.taxId')[0]?.message).toBe(
      'Una factura de consumo (E32) de RD$250,000.00 o más requiere el RNC o cédula del comprador, o su identificador extranjero.',
    );
    expect(problem(big, 'buyer.name')[0]?.message).toBe('Falta el nombre o razón social del comprador.');
    const usd = withTotals({
      ...E32,
      currency: 'USD',
      exchangeRate: 60,
      lines: [line('Paquete', 1, 360_000)],
    });
    expect(problem(usd, 'buyer.taxId')).toHaveLength(1);
    expect(problem(E32, 'buyer.taxId')).toEqual([]);
  });

  it('the buyer’s id, when given, must be valid', () => {
    expect(problem({ ...E32, buyer: { taxId: '00113918206', name: 'Ana' } }, 'buyer.taxId')[0]?.message).toBe(
      'El RNC o cédula del comprador no es válido: el dígito verificador no coincide.',
    );
  });

  it('sequence expiry: required except in E32 and E34, and not before the issue date', () => {
    expect(problem({ ...E31, sequenceExpiresOn: null }, 'sequenceExpiresOn')[0]?.message).toBe(
      'La fecha de vencimiento de la secuencia es obligatoria en una factura de crédito fiscal (E31).',
    );
    expect(problem({ ...E31, sequenceExpiresOn: '2026-11-26' }, 'sequenceExpiresOn')[0]?.message).toBe(
      'La secuencia de e-NCF venció el 26-11-2026, antes de la fecha de emisión.',
    );
    expect(problem(E32, 'sequenceExpiresOn')).toEqual([]);
  });

  it('a credit sale needs a due date not before the issue date', () => {
    expect(problem({ ...E31, dueDate: null }, 'dueDate')[0]?.message).toBe(
      'Una venta a crédito necesita la fecha límite de pago.',
    );
    expect(problem({ ...E31, dueDate: '2026-11-01' }, 'dueDate')[0]?.message).toBe(
      'La fecha límite de pago no puede ser anterior a la fecha de emisión.',
    );
  });

  it('E33 and E34 need the reference to the modified document', () => {
    expect(problem({ ...E33, reference: null }, 'reference')[0]?.message).toBe(
      'Una nota de débito (E33) debe indicar el comprobante que modifica.',
    );
    expect(problem({ ...E34, reference: null }, 'reference')[0]?.message).toBe(
      'Una nota de crédito (E34) debe indicar el comprobante que modifica.',
    );
    expect(
      problem({ ...E34, reference: { ...E34.reference!, ncf: 'E3100000001' } }, 'reference.ncf')[0]?.message,
    ).toBe('El comprobante modificado debe ser un NCF (11 caracteres) o un e-NCF (13).');
    expect(
      problem({ ...E34, reference: { ...E34.reference!, ncf: 'B0100000001' } }, 'reference.ncf'),
    ).toEqual([]);
    expect(
      problem({ ...E34, reference: { ...E34.reference!, date: '2027-02-01' } }, 'reference.date')[0]?.message,
    ).toBe('La fecha del comprobante modificado no puede ser posterior a la fecha de emisión.');
    expect(
      problem({ ...E34, reference: { ...E34.reference!, reason: 'x'.repeat(91) } }, 'reference.reason')[0]
        ?.message,
    ).toBe('La razón de la modificación admite como máximo 90 caracteres (tiene 91).');
  });

  it('at least one line and at most 1000', () => {
    expect(problem(withTotals({ ...E32, lines: [] }), 'lines')[0]?.message).toBe(
      'El comprobante debe tener al menos una línea.',
    );
    const many = withTotals({ ...E32, lines: Array.from({ length: 1001 }, () => line('Asesoría', 1, 100)) });
    expect(problem(many, 'lines')[0]?.message).toBe(
      'El comprobante admite como máximo 1000 líneas (tiene 1001).',
    );
  });

  it('texts longer than the XSD’s maxLength are reported, not truncated', () => {
    const long = withTotals({ ...E32, lines: [line('Ñ'.repeat(81), 1, 8_237)] });
    expect(problem(long, 'lines[0].description')[0]?.message).toBe(
      'El nombre del ítem de la línea 1 admite como máximo 80 caracteres (tiene 81).',
    );
    expect(
      problem({ ...E31, buyer: { ...COMPANY_BUYER, name: 'a'.repeat(151) } }, 'buyer.name')[0]?.message,
    ).toBe('El nombre o razón social del comprador admite como máximo 150 caracteres (tiene 151).');
    expect(
      problem({ ...E31, issuer: { ...ISSUER, address: 'b'.repeat(101) } }, 'issuer.address')[0]?.message,
    ).toBe('La dirección del emisor admite como máximo 100 caracteres (tiene 101).');
    expect(problem({ ...E31, issuer: { ...ISSUER, name: '  ' } }, 'issuer.name')[0]?.message).toBe(
      'Falta la razón social del emisor.',
    );
    expect(
      problem({ ...E46, buyer: { ...E46.buyer, foreignId: 'X'.repeat(21) } }, 'buyer.foreignId')[0]?.message,
    ).toBe('El identificador extranjero del comprador admite como máximo 20 caracteres (tiene 21).');
  });

  it('e-mail and phone formats of the XSD', () => {
    expect(
      problem({ ...E31, issuer: { ...ISSUER, email: 'facturacion@' } }, 'issuer.email')[0]?.message,
    ).toBe('El correo del emisor no es válido (máximo 80 caracteres).');
    expect(problem({ ...E31, issuer: { ...ISSUER, phone: '555-1234' } }, 'issuer.phone')[0]?.message).toBe(
      'El teléfono del emisor debe tener 10 dígitos (809-555-1234).',
    );
    expect(problem({ ...E31, issuer: { ...ISSUER, phone: '+1 (809) 555 1234' } }, 'issuer.phone')).toEqual(
      [],
    );
  });

  it('quantity: positive with at most 2 decimals; line amount = quantity × price', () => {
    const q = withTotals({ ...E32, lines: [line('Asesoría', 1.125, 8_000)] });
    expect(problem(q, 'lines[0].quantity')[0]?.message).toBe(
      'La cantidad de la línea 1 admite como máximo 2 decimales en el e-CF.',
    );
    const zero = withTotals({ ...E32, lines: [line('Asesoría', 0, 8_000)] });
    expect(problem(zero, 'lines[0].quantity')[0]?.message).toBe(
      'La cantidad de la línea 1 debe ser mayor que cero.',
    );
    const off = withTotals({ ...E32, lines: [{ ...line('Asesoría', 2, 8_000), totalCents: 16_050 }] });
    expect(problem(off, 'lines[0].totalCents')[0]?.message).toBe(
      'El monto de la línea 1 (160.50) no es cantidad × precio (160.00).',
    );
  });

  it('totals add up: subtotal = Σ lines, lines − discount = gravado + exento, total = gravado + exento + ITBIS', () => {
    expect(
      problem({ ...E31, totals: { ...E31.totals, subtotalCents: 1 } }, 'totals.subtotalCents')[0]?.message,
    ).toBe('El subtotal (0.01) no es la suma de las líneas (35000.00).');
    expect(
      problem(
        { ...E31, totals: { ...E31.totals, exemptCents: E31.totals.exemptCents + 100 } },
        'totals.taxableBaseCents',
      )[0]?.message,
    ).toBe('Las líneas menos el descuento (31500.00) no igualan gravado + exento (31501.00).');
    expect(
      problem(
        { ...E31, totals: { ...E31.totals, totalCents: E31.totals.totalCents + 1 } },
        'totals.totalCents',
      )[0]?.message,
    ).toBe('El total (36360.01) no es gravado + exento + ITBIS (36360.00).');
    // The discount moved from the exempt to the taxed lines beyond the exempt lines' sum.
    const skewed = {
      ...E31,
      totals: {
        ...E31.totals,
        exemptCents: 550_000,
        taxableBaseCents: 2_600_000,
        taxCents: 468_000,
        totalCents: 3_618_000,
      },
    };
    expect(problem(skewed, 'totals.exemptCents')[0]?.message).toBe(
      'El monto exento (5500.00) supera la suma de las líneas exentas (5000.00).',
    );
  });

  it('ITBIS = 18 % of gravado within ±1 centavo', () => {
    const plusOne = { ...E31, totals: { ...E31.totals, taxCents: 486_001, totalCents: 3_636_001 } };
    expect(problem(plusOne, 'totals.taxCents')).toEqual([]);
    const plusTwo = { ...E31, totals: { ...E31.totals, taxCents: 486_002, totalCents: 3_636_002 } };
    expect(problem(plusTwo, 'totals.taxCents')[0]?.message).toBe(
      'El ITBIS (4860.02) no es el 18 % del monto gravado (4860.00), con tolerancia de ±0.01.',
    );
    expect(problem({ ...E31, totals: { ...E31.totals, taxRate: 16 } }, 'totals.taxRate')[0]?.message).toBe(
      'La tasa de ITBIS debe ser 18 % (ITBIS tasa 1).',
    );
  });

  it.each<[string, EcfDocumentInput, string, string]>([
    [
      'issue date',
      { ...E31, issueDate: '2026-13-01' },
      'issueDate',
      'La fecha de emisión no es una fecha válida (AAAA-MM-DD).',
    ],
    [
      'payment type',
      { ...E31, paymentType: 4 as 1 },
      'paymentType',
      'El tipo de pago debe ser 1 (contado), 2 (crédito) o 3 (gratuito).',
    ],
    [
      'payment term',
      { ...E31, paymentTermDays: 1.5 },
      'paymentTermDays',
      'El término de pago debe ser un número entero de días entre 0 y 99999.',
    ],
    [
      'issuer website',
      { ...E31, issuer: { ...ISSUER, website: `https://${'w'.repeat(50)}.do` } },
      'issuer.website',
      'El sitio web del emisor admite como máximo 50 caracteres (tiene 61).',
    ],
    [
      'buyer e-mail',
      { ...E31, buyer: { ...COMPANY_BUYER, email: 'cuentas hispaniola.com.do' } },
      'buyer.email',
      'El correo del comprador no es válido (máximo 80 caracteres).',
    ],
    [
      'buyer address',
      { ...E31, buyer: { ...COMPANY_BUYER, address: 'c'.repeat(101) } },
      'buyer.address',
      'La dirección del comprador admite como máximo 100 caracteres (tiene 101).',
    ],
    [
      'unit price',
      { ...E32, lines: [{ ...E32.lines[0]!, unitPriceCents: -1 }] },
      'lines[0].unitPriceCents',
      'El precio unitario de la línea 1 debe ser un monto en centavos, no negativo.',
    ],
    [
      'fractional centavos',
      { ...E32, totals: { ...E32.totals, taxCents: 1483.5 } },
      'totals.taxCents',
      'Los montos deben ser centavos enteros, no negativos.',
    ],
    [
      'discount above the subtotal',
      {
        ...E32,
        totals: { ...E32.totals, discountCents: 9_000, taxableBaseCents: 0, taxCents: 0, totalCents: 0 },
      },
      'totals.discountCents',
      'El descuento no puede ser mayor que el subtotal.',
    ],
    [
      'gravado above the taxed lines',
      {
        ...E31,
        totals: {
          ...E31.totals,
          exemptCents: 50_000,
          taxableBaseCents: 3_100_000,
          taxCents: 558_000,
          totalCents: 3_708_000,
        },
      },
      'totals.taxableBaseCents',
      'El monto gravado (31000.00) supera la suma de las líneas gravadas (30000.00).',
    ],
    ['currency', { ...E31, currency: 'EUR' as 'USD' }, 'currency', 'La moneda debe ser DOP o USD.'],
    [
      'modification code',
      { ...E34, reference: { ...E34.reference!, modificationCode: 6 as 1 } },
      'reference.modificationCode',
      'El código de modificación debe estar entre 1 y 5.',
    ],
    [
      'signing instant',
      { ...E31, signedAt: new Date('nope') },
      'signedAt',
      'La fecha y hora de firma no es válida.',
    ],
  ])('reports a bad %s', (_rule, input, field, message) => {
    expect(problem(input, field)).toContainEqual({ field, message });
  });

  it('USD needs an exchange rate of at most 4 decimals', () => {
    expect(problem({ ...E31_USD, exchangeRate: null }, 'exchangeRate')[0]?.message).toBe(
      'Una factura en USD necesita la tasa de cambio (pesos por dólar).',
    );
    expect(problem({ ...E31_USD, exchangeRate: 58.75123 }, 'exchangeRate')[0]?.message).toBe(
      'La tasa de cambio admite como máximo 3 enteros y 4 decimales.',
    );
  });
});
