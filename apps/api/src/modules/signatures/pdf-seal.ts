import { X509Certificate } from 'node:crypto';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDocument } from 'pdf-lib';
import type { AppConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { loadSigningKey } from '../ecf/ecf-settings.service.js';
import type { SigningKey } from '../ecf/ecf-signature.js';
import { renderCertificatePages } from './certificate-page.js';
import {
  buildSignedData,
  certificateParts,
  commonNameOf,
  OID,
  type ParsedSignedData,
  parseSignedData,
  pemToDer,
  signingTimeOf,
  verifySignedData,
} from './cms.js';
import { checkTimestampToken, requestTimestamp, timestampAttribute } from './timestamp.js';

/*
 * Sealed PDFs (issue 47, decision 172): the signed proposal or contract gets a last page
 * "Certificado de firma" and a PAdES signature (ETSI EN 319 142-1, SubFilter
 * ETSI.CAdES.detached) made with the agency's e-CF certificate; with `TSA_URL`, the signature
 * carries an RFC 3161 signature time-stamp (PAdES B-T), otherwise it is B-B.
 */

/** Room reserved for the CMS in /Contents (bytes): certificate, chain and a TSA token with its own chain. */
const SIGNATURE_BYTES = 16_384;

/** One event of a signature trail, as printed on the "Certificado de firma" page. */
export interface SignatureTrailEvent {
  /** ISO 8601 UTC instant. */
  at: string;
  /** Spanish sentence: "Enviado a ana@cliente.do", "Visto", "Código verificado", "Firmado por …". */
  event: string;
  /** Name (and e-mail) of who did it, or null for the system. */
  actor: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** What the last page "Certificado de firma" shows. */
export interface SignatureCertificateInput {
  documentTitle: string;
  /** E.g. "PRO-0007" / "CON-0003". */
  documentNumber: string;
  /** Hex SHA-256 of the PDF exactly as shown to the signer. */
  documentSha256: string;
  consentText: string;
  /** Hex SHA-256 of consentText (UTF-8). */
  consentSha256: string;
  signers: Array<{
    name: string;
    idNumber: string;
    email: string;
    /** ISO 8601 instant. */
    signedAt: string;
    signatureImagePng?: Buffer | null;
  }>;
  events: SignatureTrailEvent[];
  /** Public verification page URL, encoded in a QR on the page. */
  verifyUrl: string;
}

/** What {@link verifySealedDocument} answers. */
export interface SealVerification {
  sealed: boolean;
  intact: boolean;
  signerName: string | null;
  signedAt: string | null;
  timestamped: boolean;
}

/** A @signpdf signer producing CAdES-detached CMS with the e-CF key (stored as PEM, not as a .p12). */
class CadesSigner extends Signer {
  constructor(
    private readonly key: SigningKey,
    private readonly tsaUrl: string | null,
  ) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    const tsaUrl = this.tsaUrl;
    return buildSignedData({
      signer: this.key,
      content: pdfBuffer,
      // PAdES B-B: no signing-time attribute; the claimed time is the dictionary's /M
      // (ETSI EN 319 142-1 §5.4.1 / §6.3).
      unsignedAttributes: tsaUrl
        ? async (signatureValue) => [
            timestampAttribute(await requestTimestamp({ url: tsaUrl, data: signatureValue })),
          ]
        : undefined,
    });
  }
}

/**
 * The agency's e-CF signing key, usable now. Throws AppError 409 (Spanish) when none is loaded,
 * when the stored one cannot be opened with this `ECF_ENCRYPTION_KEY`, or when it is out of its
 * validity period.
 */
async function agencyKey(db: Db | Tx, config: AppConfig): Promise<{ key: SigningKey; commonName: string }> {
  let key: SigningKey | null;
  try {
    key = await loadSigningKey({ db, config: config.ecf });
  } catch {
    throw conflict(
      'El certificado digital guardado no se puede abrir con la clave de cifrado actual (ECF_ENCRYPTION_KEY): cárgalo de nuevo en Configuración → Fiscal → Facturación electrónica.',
    );
  }
  if (!key)
    throw conflict(
      'No hay un certificado digital cargado para sellar el documento firmado: cárgalo en Configuración → Fiscal → Facturación electrónica (el mismo de la facturación electrónica).',
    );
  const x509 = new X509Certificate(key.certificatePem);
  const now = Date.now();
  if (new Date(x509.validTo).getTime() <= now)
    throw conflict(
      `El certificado digital de la agencia venció el ${new Date(x509.validTo).toISOString().slice(0, 10)}: carga uno vigente para sellar documentos firmados.`,
    );
  if (new Date(x509.validFrom).getTime() > now)
    throw conflict(
      'El certificado digital de la agencia aún no es válido: no se puede sellar el documento todavía.',
    );
  const commonName = commonNameOf(certificateParts(pemToDer(key.certificatePem)).subject) ?? x509.subject;
  return { key, commonName };
}

/**
 * Appends the "Certificado de firma" page to `pdf` and seals the result with a PAdES
 * (ETSI.CAdES.detached) signature made with the agency's certificate already loaded for e-CF;
 * with `TSA_URL` configured, the signature carries an RFC 3161 timestamp.
 * Throws AppError 409 (Spanish message) when no e-CF certificate is loaded.
 */
export async function sealSignedDocument(args: {
  db: Db | Tx;
  config: AppConfig;
  pdf: Buffer;
  certificate: SignatureCertificateInput;
}): Promise<Buffer> {
  const { db, config, pdf, certificate } = args;
  const { key, commonName } = await agencyKey(db, config);
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(pdf, { updateMetadata: false });
  } catch {
    throw badRequest('El PDF del documento no se puede leer: no se pudo sellar.');
  }
  const certificatePdf = await PDFDocument.load(
    await renderCertificatePages(certificate, { commonName, timestamped: Boolean(config.tsaUrl) }),
  );
  const pages = await doc.copyPages(certificatePdf, certificatePdf.getPageIndices());
  for (const page of pages) doc.addPage(page);
  pdflibAddPlaceholder({
    pdfDoc: doc,
    pdfPage: pages[0]!,
    reason: `Sello del documento ${certificate.documentNumber} firmado electrónicamente`,
    contactInfo: config.publicUrl,
    name: commonName,
    location: 'República Dominicana',
    signingTime: new Date(),
    signatureLength: SIGNATURE_BYTES,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'Agencia Digital — portal',
  });
  // No object streams: the signature dictionary must stay a plain object @signpdf can find.
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(prepared, new CadesSigner(key, config.tsaUrl));
}

/** Checks a PDF: whether it carries our PAdES seal, whether the signed bytes are intact, who sealed it, when, timestamped or not. */
export async function verifySealedDocument(args: { pdf: Buffer }): Promise<SealVerification> {
  return inspectSeal(args.pdf);
}

/** A signature dictionary found in the file: its ByteRange and the raw bytes around it. */
interface SignatureDictionary {
  byteRange: [number, number, number, number];
  subFilter: string | null;
  /** The /M entry, as an ISO instant, or null. */
  claimedTime: string | null;
}

/** "D:20260512143102+00'00'" (ISO 32000-1 §7.9.4) → ISO instant; null when unreadable. */
function pdfDate(text: string): string | null {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(text);
  if (!m) return null;
  const base = Date.UTC(
    Number(m[1]),
    Number(m[2] ?? 1) - 1,
    Number(m[3] ?? 1),
    Number(m[4] ?? 0),
    Number(m[5] ?? 0),
    Number(m[6] ?? 0),
  );
  let offset = 0;
  const z = m[7];
  if (z && z !== 'Z') {
    const [, sign, hh, mm] = /([+-])(\d{2})'?(\d{2})?/.exec(z)!;
    offset = (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm ?? 0)) * 60_000;
  }
  return new Date(base - offset).toISOString();
}

/**
 * The last signature dictionary of the file (the seal is the last revision's signature), found
 * by its /ByteRange: the dictionary text around it gives /SubFilter and /M.
 */
function lastSignatureDictionary(pdf: Buffer): SignatureDictionary | null {
  const text = pdf.toString('latin1');
  const re = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
  let match: RegExpExecArray | null = null;
  for (let m = re.exec(text); m; m = re.exec(text)) match = m;
  if (!match) return null;
  const start = text.lastIndexOf(' obj', match.index);
  const endObj = text.indexOf('endobj', match.index);
  const dict = text.slice(Math.max(start, 0), endObj < 0 ? text.length : endObj);
  const claimed = /\/M\s*\((D:[^)]*)\)/.exec(dict)?.[1] ?? null;
  return {
    byteRange: [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])],
    subFilter: /\/SubFilter\s*\/([A-Za-z0-9.#_-]+)/.exec(dict)?.[1] ?? null,
    claimedTime: claimed ? pdfDate(claimed) : null,
  };
}

const NOT_SEALED: SealVerification = {
  sealed: false,
  intact: false,
  signerName: null,
  signedAt: null,
  timestamped: false,
};

/**
 * The checks behind {@link verifySealedDocument}: (1) a signature dictionary with SubFilter
 * ETSI.CAdES.detached; (2) its ByteRange starts at byte 0, leaves out exactly the /Contents
 * hexadecimal string and reaches the last byte of the file (nothing appended after sealing);
 * (3) the CMS in /Contents verifies (RFC 5652 §5.6) over the ByteRange bytes with the certificate
 * it carries; (4) a signature time-stamp, when present, stamps this signature value and its own
 * signature verifies. Trust in the certificates (a CA chain) is not judged.
 */
function inspectSeal(pdf: Buffer): SealVerification {
  const sig = lastSignatureDictionary(pdf);
  if (!sig || sig.subFilter !== SUBFILTER_ETSI_CADES_DETACHED) return NOT_SEALED;
  const [a, b, c, d] = sig.byteRange;
  const broken = (parsed: ParsedSignedData | null, signerName: string | null = null): SealVerification => ({
    sealed: true,
    intact: false,
    signerName,
    signedAt: (parsed && signingTimeOf(parsed)?.toISOString()) ?? sig.claimedTime,
    timestamped: false,
  });
  const contents = b < c && c <= pdf.length ? pdf.subarray(b, c).toString('latin1') : '';
  if (a !== 0 || c + d !== pdf.length || !/^<[0-9A-Fa-f]*>$/.test(contents)) return broken(null);
  let parsed: ParsedSignedData;
  try {
    parsed = parseSignedData(Buffer.from(contents.slice(1, -1), 'hex'));
  } catch {
    return broken(null);
  }
  const check = verifySignedData(parsed, [pdf.subarray(0, b), pdf.subarray(c, c + d)]);
  const signerName = check.signerCertificate ? commonNameOf(check.signerCertificate.subject) : null;
  if (!check.valid) return broken(parsed, signerName);
  const token = parsed.signer.unsignedAttributes.get(OID.timeStampToken)?.[0];
  let signedAt = signingTimeOf(parsed)?.toISOString() ?? sig.claimedTime;
  if (token) {
    const stamp = checkTimestampToken(Buffer.from(token.raw), parsed.signer.signature);
    if (!stamp.valid) return broken(parsed, signerName);
    signedAt = stamp.genTime?.toISOString() ?? signedAt;
  }
  return { sealed: true, intact: true, signerName, signedAt, timestamped: Boolean(token) };
}
