import type { AppConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';

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
  void args;
  throw new Error('not implemented yet');
}

/** Checks a PDF: whether it carries our PAdES seal, whether the signed bytes are intact, who sealed it, when, timestamped or not. */
export async function verifySealedDocument(args: { pdf: Buffer }): Promise<SealVerification> {
  void args;
  throw new Error('not implemented yet');
}
