import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPkcs12 } from '../../../test/ecf-test-certificate.js';
import { type FakeTsa, startFakeTsa } from '../../../test/fake-tsa.js';
import { freshDatabase, testConfig } from '../../../test/helpers.js';
import { pdfText } from '../../../test/pdf-text.js';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { saveCertificate } from '../ecf/ecf-settings.service.js';
import { OID, parseSignedData } from './cms.js';
import { type SignatureCertificateInput, sealSignedDocument, verifySealedDocument } from './pdf-seal.js';

/*
 * Sealed PDFs (issue 47, decision 172): the "Certificado de firma" page and the PAdES seal made
 * with the agency's e-CF certificate, checked by poppler's pdfsig and qpdf (independent tools),
 * openssl for the RFC 3161 token, and by our own verifier.
 */

const dir = mkdtempSync(join(tmpdir(), 'pdf-seal-'));
let seq = 0;

/** Runs a tool on `pdf` written to a temporary file; answers its exit status and output. */
function run(tool: string, args: string[], pdf: Buffer): { status: number | null; out: string } {
  const file = join(dir, `doc-${++seq}.pdf`);
  writeFileSync(file, pdf);
  const r = spawnSync(tool, [...args, file], { encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}
const pdfsig = (pdf: Buffer) => run('pdfsig', [], pdf);
const qpdfCheck = (pdf: Buffer) => run('qpdf', ['--check'], pdf);

/** A small "proposal" as the proposals module would render it. */
async function proposalPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText('Propuesta PRO-0007: Rediseño del sitio web', { x: 50, y: 780, size: 16, font });
  page.drawText('Total: RD$ 150,000.00', { x: 50, y: 750, size: 12, font });
  return Buffer.from(await doc.save());
}

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const consent =
  'Acepto firmar electrónicamente esta propuesta y reconozco que mi firma electrónica tiene la misma validez que la manuscrita (Ley 126-02).';

async function certificateInput(original: Buffer): Promise<SignatureCertificateInput> {
  const drawn = await sharp({
    create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="300" height="100"><path d="M10 70 C 60 10, 90 90, 140 40 S 220 80, 290 30" stroke="#1a237e" stroke-width="4" fill="none"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  return {
    documentTitle: 'Rediseño del sitio web',
    documentNumber: 'PRO-0007',
    documentSha256: sha256(original),
    consentText: consent,
    consentSha256: sha256(consent),
    signers: [
      {
        name: 'Ana Pérez Núñez',
        idNumber: '001-1234567-8',
        email: 'ana@cliente.do',
        signedAt: '2026-05-12T14:31:02.000Z',
        signatureImagePng: drawn,
      },
      {
        name: 'José Martínez (Agencia)',
        idNumber: '131-85542-3',
        email: 'jose@agencia.do',
        signedAt: '2026-05-12T15:02:10.000Z',
        signatureImagePng: null,
      },
    ],
    events: [
      {
        at: '2026-05-12T13:00:00.000Z',
        event: 'Enviado a ana@cliente.do',
        actor: 'José Martínez',
        ip: null,
        userAgent: null,
      },
      {
        at: '2026-05-12T14:20:00.000Z',
        event: 'Visto',
        actor: 'ana@cliente.do',
        ip: '190.166.10.20',
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      },
      {
        at: '2026-05-12T14:30:40.000Z',
        event: 'Código verificado',
        actor: 'ana@cliente.do',
        ip: '190.166.10.20',
        userAgent: null,
      },
      {
        at: '2026-05-12T14:31:02.000Z',
        event: 'Firmado por Ana Pérez Núñez',
        actor: 'Ana Pérez Núñez (ana@cliente.do)',
        ip: '190.166.10.20',
        userAgent: 'Mozilla/5.0',
      },
    ],
    verifyUrl: 'https://portal.agencia.do/verificar/PRO-0007?h=abc123',
  };
}

/** The CMS in the last /Contents and the ByteRange, read the plain way (for openssl). */
function extractCms(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const m = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].pop()!;
  return Buffer.from(text.slice(Number(m[2]) + 1, Number(m[3]) - 1), 'hex');
}

/** Loads the agency's e-CF certificate (once) as an admin would: through the e-CF upload service. */
let certificateLoaded = false;
async function loadAgencyCertificate(): Promise<void> {
  if (certificateLoaded) return;
  const p12 = makeTestPkcs12({ commonName: 'AGENCIA DIGITAL RD SRL' });
  await saveCertificate({
    db: database.db,
    ctx: { actorId: null },
    config: config.ecf,
    file: p12.p12,
    password: p12.password,
  });
  certificateLoaded = true;
}

let database: Database;
let config: AppConfig;
let original: Buffer;

beforeAll(async () => {
  database = await freshDatabase();
  config = testConfig();
  original = await proposalPdf();
});
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('sealSignedDocument without an e-CF certificate', () => {
  it('refuses with 409 and a Spanish message pointing to where the certificate is loaded', async () => {
    const err = await sealSignedDocument({
      db: database.db,
      config,
      pdf: original,
      certificate: await certificateInput(original),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(409);
    expect((err as AppError).message).toBe(
      'No hay un certificado digital cargado para sellar el documento firmado: cárgalo en Configuración → Fiscal → Facturación electrónica (el mismo de la facturación electrónica).',
    );
  });
});

describe('sealSignedDocument with the agency e-CF certificate (PAdES, decision 172)', () => {
  let sealed: Buffer;
  let input: SignatureCertificateInput;

  beforeAll(async () => {
    await loadAgencyCertificate();
    input = await certificateInput(original);
    sealed = await sealSignedDocument({ db: database.db, config, pdf: original, certificate: input });
  });

  it('appends the "Certificado de firma" page with the hashes, consent, signers and trail as extractable text', async () => {
    const doc = await PDFDocument.load(sealed);
    expect(doc.getPageCount()).toBe(2);
    const text = await pdfText(sealed);
    expect(text).toContain('Propuesta PRO-0007: Rediseño del sitio web'); // the original page is kept
    expect(text).toContain('Certificado de firma');
    expect(text).toContain('Sello digital (PAdES): AGENCIA DIGITAL RD SRL, certificado de la agencia');
    expect(text).toContain('Documento PRO-0007');
    expect(text).toContain(`SHA-256 del documento firmado: ${input.documentSha256}`);
    expect(text).toContain(`SHA-256 del texto de consentimiento: ${input.consentSha256}`);
    expect(text).toContain('Acepto firmar electrónicamente esta propuesta');
    expect(text).toContain('Ana Pérez Núñez');
    expect(text).toContain('Cédula/RNC: 001-1234567-8');
    expect(text).toContain('Correo: ana@cliente.do');
    // 14:31:02 UTC is 10:31:02 in Santo Domingo (UTC−4, no DST).
    expect(text).toContain('Firmó: 12/05/2026 10:31:02 (Santo Domingo, UTC−4)');
    expect(text).toContain('2026-05-12 14:31:02 UTC');
    expect(text).toContain('Firma trazada');
    expect(text).toContain('Cédula/RNC: 131-85542-3');
    for (const e of input.events) expect(text).toContain(e.event);
    expect(text).toContain('IP 190.166.10.20');
    expect(text).toContain('iPhone OS 17_4');
    expect(text).toContain(input.verifyUrl);
  });

  it('is a PAdES signature pdfsig (poppler) reports valid over the total document, and qpdf finds the file sound', () => {
    const report = pdfsig(sealed);
    expect(report.out).toContain('Signer Certificate Common Name: AGENCIA DIGITAL RD SRL');
    expect(report.out).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report.out).toContain('Signing Hash Algorithm: SHA-256');
    expect(report.out).toContain('Total document signed');
    expect(report.out).toContain('Signature Validation: Signature is Valid.');
    const check = qpdfCheck(sealed);
    expect(check.out).toContain('No syntax or stream encoding errors found');
    expect(check.status).toBe(0);
  });

  it('carries ESS signing-certificate-v2 and no signing-time attribute (PAdES B-B)', () => {
    const cms = parseSignedData(extractCms(sealed));
    expect([...cms.signer.signedAttributes.keys()].sort()).toEqual(
      [OID.contentType, OID.messageDigest, OID.signingCertificateV2].sort(),
    );
    expect(cms.signer.unsignedAttributes.has(OID.timeStampToken)).toBe(false);
    // openssl checks the CMS over the signed bytes on its own (no trust chain asked).
    const text = sealed.toString('latin1');
    const m = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].pop()!;
    const [b, c, d] = [Number(m[2]), Number(m[3]), Number(m[4])];
    const signed = Buffer.concat([sealed.subarray(0, b), sealed.subarray(c, c + d)]);
    writeFileSync(join(dir, 'cms.der'), extractCms(sealed));
    writeFileSync(join(dir, 'signed.bin'), signed);
    const r = spawnSync(
      'openssl',
      [
        'cms',
        '-verify',
        '-inform',
        'DER',
        '-in',
        join(dir, 'cms.der'),
        '-binary',
        '-content',
        join(dir, 'signed.bin'),
        '-noverify',
        '-out',
        '/dev/null',
      ],
      { encoding: 'utf8' },
    );
    expect(r.stderr).toContain('Verification successful');
  });

  it('verifySealedDocument: sealed, intact, signer CN, signing time, no timestamp', async () => {
    const before = Date.now();
    const result = await verifySealedDocument({ pdf: sealed });
    expect(result).toMatchObject({
      sealed: true,
      intact: true,
      signerName: 'AGENCIA DIGITAL RD SRL',
      timestamped: false,
    });
    // The claimed time (/M, whole seconds) is the moment of sealing.
    expect(Date.parse(result.signedAt!)).toBeGreaterThan(before - 120_000);
    expect(Date.parse(result.signedAt!)).toBeLessThanOrEqual(before);
  });

  it('a changed byte breaks it: our verifier says not intact and pdfsig says the signature is invalid', async () => {
    const tampered = Buffer.from(sealed);
    const reason = tampered.indexOf('/Reason (Sello del documento PRO-0007');
    expect(reason).toBeGreaterThan(0);
    tampered[reason + '/Reason (Sello del documento PRO-000'.length] = '8'.charCodeAt(0);
    expect(await verifySealedDocument({ pdf: tampered })).toMatchObject({ sealed: true, intact: false });
    const report = pdfsig(tampered);
    expect(report.out).toContain('Signature Validation: Digest Mismatch.');
    expect(report.out).not.toContain('Signature is Valid');
  });

  it('bytes appended after sealing leave the ByteRange short of the file: not intact', async () => {
    const appended = Buffer.concat([sealed, Buffer.from('\n% añadido después\n', 'latin1')]);
    expect(await verifySealedDocument({ pdf: appended })).toMatchObject({ sealed: true, intact: false });
  });

  it('a long trail flows onto more certificate pages and the seal still verifies', async () => {
    const base = await certificateInput(original);
    const events = Array.from({ length: 70 }, (_, i) => ({
      at: new Date(Date.UTC(2026, 4, 12, 13, i)).toISOString(),
      event: `Visto (${i + 1})`,
      actor: 'ana@cliente.do',
      ip: '190.166.10.20',
      userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/124.0 Mobile Safari/537.36',
    }));
    const long = await sealSignedDocument({
      db: database.db,
      config,
      pdf: original,
      certificate: { ...base, events },
    });
    const pages = (await PDFDocument.load(long)).getPageCount();
    expect(pages).toBeGreaterThan(3);
    const text = await pdfText(long);
    expect(text).toContain('Visto (70)');
    expect(text).toContain(`Certificado de firma · PRO-0007 · ${pages - 1} de ${pages - 1}`);
    expect(pdfsig(long).out).toContain('Signature Validation: Signature is Valid.');
    expect(await verifySealedDocument({ pdf: long })).toMatchObject({ sealed: true, intact: true });
  });

  it('our verifier accepts a CAdES signature openssl made (not only our own signer) and reads its signing-time', async () => {
    const p12 = makeTestPkcs12({ commonName: 'FIRMA HECHA CON OPENSSL' });
    writeFileSync(join(dir, 'ossl-cert.pem'), p12.certificatePem);
    writeFileSync(join(dir, 'ossl-key.pem'), p12.privateKeyPem);
    class OpensslSigner extends Signer {
      override async sign(pdfBuffer: Buffer): Promise<Buffer> {
        writeFileSync(join(dir, 'ossl-in.bin'), pdfBuffer);
        const r = spawnSync('openssl', [
          'cms',
          '-sign',
          '-binary',
          '-cades',
          '-md',
          'sha256',
          '-outform',
          'DER',
          '-in',
          join(dir, 'ossl-in.bin'),
          '-signer',
          join(dir, 'ossl-cert.pem'),
          '-inkey',
          join(dir, 'ossl-key.pem'),
        ]);
        expect(r.status, r.stderr.toString()).toBe(0);
        return r.stdout;
      }
    }
    const doc = await PDFDocument.load(original);
    pdflibAddPlaceholder({
      pdfDoc: doc,
      reason: 'Prueba',
      contactInfo: '',
      name: 'openssl',
      location: '',
      subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    });
    const before = Date.now();
    const signed = await new SignPdf().sign(
      Buffer.from(await doc.save({ useObjectStreams: false })),
      new OpensslSigner(),
    );
    const result = await verifySealedDocument({ pdf: signed });
    expect(result).toMatchObject({
      sealed: true,
      intact: true,
      signerName: 'FIRMA HECHA CON OPENSSL',
      timestamped: false,
    });
    expect(Math.abs(Date.parse(result.signedAt!) - before)).toBeLessThan(120_000);
    expect(pdfsig(signed).out).toContain('Signature Validation: Signature is Valid.');
  });

  it('an unsealed PDF is reported as not sealed', async () => {
    expect(await verifySealedDocument({ pdf: original })).toEqual({
      sealed: false,
      intact: false,
      signerName: null,
      signedAt: null,
      timestamped: false,
    });
  });
});

describe('sealSignedDocument with TSA_URL (RFC 3161 signature time-stamp, PAdES B-T)', () => {
  let tsa: FakeTsa;
  const genTime = new Date('2026-05-12T15:10:00.250Z');

  beforeAll(async () => {
    await loadAgencyCertificate();
    tsa = await startFakeTsa({ clock: () => genTime });
  });
  afterAll(async () => {
    await tsa.close();
  });

  it('asks the TSA (application/timestamp-query) and carries the token: pdfsig valid, our verifier timestamped', async () => {
    const sealed = await sealSignedDocument({
      db: database.db,
      config: { ...config, tsaUrl: tsa.url },
      pdf: original,
      certificate: await certificateInput(original),
    });
    expect(tsa.requests).toEqual([{ contentType: 'application/timestamp-query', granted: true }]);
    expect(pdfsig(sealed).out).toContain('Signature Validation: Signature is Valid.');
    expect(qpdfCheck(sealed).status).toBe(0);
    expect(await verifySealedDocument({ pdf: sealed })).toEqual({
      sealed: true,
      intact: true,
      signerName: 'AGENCIA DIGITAL RD SRL',
      signedAt: genTime.toISOString(),
      timestamped: true,
    });

    // openssl verifies the token on its own: it stamps the signature value, chains to the TSA's CA.
    const cms = parseSignedData(extractCms(sealed));
    const token = cms.signer.unsignedAttributes.get(OID.timeStampToken)![0]!.raw;
    writeFileSync(join(dir, 'token.der'), token);
    writeFileSync(join(dir, 'signature.bin'), cms.signer.signature);
    writeFileSync(join(dir, 'tsa-ca.pem'), tsa.ca.certificatePem);
    const r = spawnSync(
      'openssl',
      [
        'ts',
        '-verify',
        '-token_in',
        '-in',
        join(dir, 'token.der'),
        '-data',
        join(dir, 'signature.bin'),
        '-CAfile',
        join(dir, 'tsa-ca.pem'),
      ],
      { encoding: 'utf8' },
    );
    expect(`${r.stdout}${r.stderr}`).toContain('Verification: OK');
  });

  it('a token replaced by one over other data makes the seal not intact', async () => {
    const sealed = await sealSignedDocument({
      db: database.db,
      config: { ...config, tsaUrl: tsa.url },
      pdf: original,
      certificate: await certificateInput(original),
    });
    const other = await sealSignedDocument({
      db: database.db,
      config: { ...config, tsaUrl: tsa.url },
      pdf: original,
      certificate: await certificateInput(original),
    });
    // Swap the signature time-stamp of `other` into `sealed`: same length, outside the ByteRange.
    const tokenOf = (pdf: Buffer) =>
      parseSignedData(extractCms(pdf))
        .signer.unsignedAttributes.get(OID.timeStampToken)![0]!
        .raw.toString('hex');
    const a = tokenOf(sealed);
    const b = tokenOf(other);
    expect(a.length).toBe(b.length);
    const swapped = Buffer.from(sealed.toString('latin1').replace(a, b), 'latin1');
    expect(await verifySealedDocument({ pdf: swapped })).toMatchObject({
      sealed: true,
      intact: false,
      timestamped: false,
    });
  });

  it('a TSA that cannot be reached stops the sealing with 503 in Spanish', async () => {
    const err = await sealSignedDocument({
      db: database.db,
      config: { ...config, tsaUrl: 'http://127.0.0.1:9/tsa' },
      pdf: original,
      certificate: await certificateInput(original),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(503);
    expect((err as AppError).message).toMatch(
      /^El servicio de sello de tiempo \(TSA_URL\) no dio un sello válido: no respondió/,
    );
  });

  it('the fake TSA refuses another content type (HTTP 415) and a malformed request (status rejection)', async () => {
    const wrongType = await fetch(tsa.url, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: 'x',
    });
    expect(wrongType.status).toBe(415);
    const malformed = await fetch(tsa.url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: Buffer.from('3003020101', 'hex'), // version only: no messageImprint
    });
    expect(malformed.headers.get('content-type')).toBe('application/timestamp-reply');
    const body = Buffer.from(await malformed.arrayBuffer());
    // TimeStampResp { status { rejection(2), failInfo badDataFormat } } and no token.
    expect(body.toString('hex')).toBe('3009' + '3007' + '020102' + '03020204');
  });
});
