import { describe, expect, it } from 'vitest';
import { validateAgainstDgiiXsd } from '../../../test/dgii-xsd.js';
import { makeTestPkcs12 } from '../../../test/ecf-test-certificate.js';
import { parseXmlStrict, signXml, verifyXmlSignature } from '../ecf/ecf-signature.js';
import { SUPPLIER_RNC, supplierEcfXml } from './ecf-receiver.test-kit.js';
import { issueSeed, receiverKeys, SEED_TTL_MS, seedProblem } from './ecf-receiver-auth.js';
import {
  buildAcecfXml,
  buildArecfXml,
  escapeXml,
  formatDgiiAmount,
  fromDgiiDate,
  parseDgiiAmount,
  readAcecfFields,
  readEcfFields,
  seedDateTime,
  toDgiiDate,
} from './ecf-receiver-xml.js';

const OUR_RNC = '131855423';
const cert = makeTestPkcs12();
const key = { privateKeyPem: cert.privateKeyPem, certificatePem: cert.certificatePem };
/** 2026-01-15 23:04:05 in Santo Domingo (UTC−4) is the 16th at 03:04:05 UTC. */
const LATE_EVENING = new Date('2026-01-16T03:04:05Z');
const AFTERNOON = new Date('2026-06-15T18:30:09Z');

const text = (xml: string, tag: string) =>
  parseXmlStrict(xml).getElementsByTagName(tag)[0]?.textContent ?? null;

describe('ARECF builder ("Formato Acuse de Recibo" v1.0)', () => {
  it('writes a received acknowledgement valid against ARECF.xsd, without whitespace between elements', async () => {
    const xml = buildArecfXml({
      issuerRnc: SUPPLIER_RNC,
      buyerRnc: OUR_RNC,
      encf: 'E310000000123',
      reason: null,
      at: AFTERNOON,
    });
    expect(xml).toBe(
      '<?xml version="1.0" encoding="utf-8"?><ARECF><DetalleAcusedeRecibo><Version>1.0</Version>' +
        `<RNCEmisor>${SUPPLIER_RNC}</RNCEmisor><RNCComprador>${OUR_RNC}</RNCComprador><eNCF>E310000000123</eNCF>` +
        '<Estado>0</Estado><FechaHoraAcuseRecibo>15-06-2026 14:30:09</FechaHoraAcuseRecibo></DetalleAcusedeRecibo></ARECF>',
    );
    expect(await validateAgainstDgiiXsd(xml, 'ARECF')).toEqual([]);
  });

  it.each([1, 2, 3, 4] as const)(
    'writes Estado 1 with CodigoMotivoNoRecibido %i, valid and signable',
    async (reason) => {
      const xml = buildArecfXml({
        issuerRnc: SUPPLIER_RNC,
        buyerRnc: OUR_RNC,
        encf: 'E310000000123',
        reason,
        at: AFTERNOON,
      });
      expect(text(xml, 'Estado')).toBe('1');
      expect(text(xml, 'CodigoMotivoNoRecibido')).toBe(String(reason));
      const signed = signXml(xml, key);
      expect(await validateAgainstDgiiXsd(signed, 'ARECF')).toEqual([]);
      expect(verifyXmlSignature(signed).valid).toBe(true);
    },
  );

  it('writes FechaHoraAcuseRecibo in Santo Domingo time, 24-hour clock (the UTC day may differ)', () => {
    const xml = buildArecfXml({
      issuerRnc: SUPPLIER_RNC,
      buyerRnc: OUR_RNC,
      encf: 'E310000000123',
      reason: null,
      at: LATE_EVENING,
    });
    expect(text(xml, 'FechaHoraAcuseRecibo')).toBe('15-01-2026 23:04:05');
  });
});

describe('ACECF builder ("Formato Aprobación Comercial" v1.0)', () => {
  const base = {
    issuerRnc: SUPPLIER_RNC,
    encf: 'E310000000123',
    issueDate: '2026-01-15',
    totalCents: 708_005,
    buyerRnc: OUR_RNC,
    at: LATE_EVENING,
  };

  it('writes an approval (Estado 1, no DetalleMotivoRechazo) valid against ACECF.xsd once signed', async () => {
    const xml = buildAcecfXml({ ...base, approved: true, reason: 'ignorado al aprobar' });
    expect(xml).toBe(
      '<?xml version="1.0" encoding="utf-8"?><ACECF><DetalleAprobacionComercial><Version>1.0</Version>' +
        `<RNCEmisor>${SUPPLIER_RNC}</RNCEmisor><eNCF>E310000000123</eNCF><FechaEmision>15-01-2026</FechaEmision>` +
        `<MontoTotal>7080.05</MontoTotal><RNCComprador>${OUR_RNC}</RNCComprador><Estado>1</Estado>` +
        '<FechaHoraAprobacionComercial>15-01-2026 23:04:05</FechaHoraAprobacionComercial>' +
        '</DetalleAprobacionComercial></ACECF>',
    );
    const signed = signXml(xml, key);
    expect(await validateAgainstDgiiXsd(signed, 'ACECF')).toEqual([]);
    expect(verifyXmlSignature(signed).valid).toBe(true);
  });

  it('writes a rejection with its reason escaped and cut to 250 characters', async () => {
    const reason = `Precio <distinto> & "no" acordado's ${'x'.repeat(300)}`;
    const xml = buildAcecfXml({ ...base, approved: false, reason });
    expect(xml).toContain('<Estado>2</Estado>');
    expect(xml).toContain('Precio &lt;distinto&gt; &amp; &quot;no&quot; acordado&apos;s');
    expect(text(xml, 'DetalleMotivoRechazo')).toBe(reason.slice(0, 250));
    expect(await validateAgainstDgiiXsd(signXml(xml, key), 'ACECF')).toEqual([]);
    expect(readAcecfFields(parseXmlStrict(xml))).toEqual({
      issuerRnc: SUPPLIER_RNC,
      encf: 'E310000000123',
      buyerRnc: OUR_RNC,
      state: 2,
      reason: reason.slice(0, 250),
      issueDate: '2026-01-15',
      totalCents: 708_005,
    });
  });
});

describe('DGII formats', () => {
  it('escapes the five XML characters', () => {
    expect(escapeXml(`a<b>&"c'`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
  });

  it('converts calendar days and DGII dates both ways, refusing days that do not exist', () => {
    expect(toDgiiDate('2026-01-05')).toBe('05-01-2026');
    expect(fromDgiiDate('05-01-2026')).toBe('2026-01-05');
    expect(fromDgiiDate('31-02-2026')).toBeNull();
    expect(fromDgiiDate('2026-01-05')).toBeNull();
    expect(() => toDgiiDate('05-01-2026')).toThrow();
  });

  it('writes and reads amounts in cents without floating point', () => {
    expect(formatDgiiAmount(708_000)).toBe('7080.00');
    expect(formatDgiiAmount(5)).toBe('0.05');
    expect(formatDgiiAmount(-1050)).toBe('-10.50');
    expect(parseDgiiAmount('7080.00')).toBe(708_000);
    expect(parseDgiiAmount('0.1')).toBe(10);
    expect(parseDgiiAmount('7080')).toBe(708_000);
    expect(parseDgiiAmount('1,000.00')).toBeNull();
    expect(parseDgiiAmount('-5.00')).toBeNull();
    expect(parseDgiiAmount('1.005')).toBeNull();
  });

  it('writes the seed date as xs:dateTime with the Dominican offset', () => {
    expect(seedDateTime(LATE_EVENING)).toBe('2026-01-15T23:04:05.000-04:00');
  });
});

describe('e-CF reader', () => {
  it('reads the fields the receiver needs from a supplier e-CF', () => {
    expect(readEcfFields(parseXmlStrict(supplierEcfXml({ buyerRnc: OUR_RNC })))).toEqual({
      documentType: '31',
      encf: 'E310000000123',
      issuerRnc: SUPPLIER_RNC,
      issuerName: 'SUMINISTROS & OFICINA SRL',
      buyerRnc: OUR_RNC,
      issueDate: '2026-01-15',
      totalCents: 708_000,
      taxCents: 108_000,
    });
  });

  it('answers nulls for another root or malformed values', () => {
    expect(readEcfFields(parseXmlStrict('<Factura><Encabezado/></Factura>')).encf).toBeNull();
    const bad = readEcfFields(
      parseXmlStrict(
        supplierEcfXml({ buyerRnc: OUR_RNC, issuerRnc: '12', issueDate: '2026-01-15', total: 'mil' }),
      ),
    );
    expect(bad).toMatchObject({ issuerRnc: null, issueDate: null, totalCents: null });
  });
});

describe('seed', () => {
  const { seedKey } = receiverKeys(new TextEncoder().encode('a-secret-for-the-seed-tests-0123456789'));

  it('is valid against Semilla.xsd once signed, and only ours and recent ones pass', async () => {
    const now = new Date();
    const { xml, valor } = issueSeed(seedKey, now);
    expect(await validateAgainstDgiiXsd(signXml(xml, key), 'Semilla')).toEqual([]);
    expect(seedProblem(seedKey, valor, now)).toBeNull();
    expect(seedProblem(seedKey, valor, new Date(now.getTime() + SEED_TTL_MS + 1000))).toMatch(/venció/);
    expect(seedProblem(receiverKeys(new Uint8Array(32)).seedKey, valor, now)).toMatch(/no fue emitida/);
    expect(seedProblem(seedKey, `${valor}x`, now)).toMatch(/no fue emitida/);
    expect(seedProblem(seedKey, 'cualquier-cosa', now)).toMatch(/no fue emitida/);
  });
});
