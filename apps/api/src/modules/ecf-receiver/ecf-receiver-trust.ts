import { X509Certificate } from 'node:crypto';
import type { EcfConfig } from '../../config.js';

/*
 * Who may sign what the public receiver accepts (issue 43, item 3; decision 161). In production
 * (`DGII_ECF_ENV=eCF`) a signer's certificate must chain to a certification authority the DGII
 * accepts — the bodies INDOTEL accredits (Ley 126-02) — whose certificates ship in
 * `apps/api/trust/dgii-ca/` (README there names their sources), plus `ECF_TRUSTED_CA_FILE`. The
 * chain is built from the signer's certificate through any intermediates it sent in `KeyInfo`, each
 * signed by the next and within its validity, up to a trusted certificate. In TesteCF and CerteCF
 * the receiver stays open to any valid signature (the DGII's test senders use test certificates),
 * and the admin screen says so. Revocation (CRL/OCSP) is not checked: the DGII's consulta de
 * estado, required before a received e-CF counts, is the check that the document is genuine.
 */

/** The receiver's trust: whether it is enforced, and the anchors. */
export interface ReceiverTrust {
  enforced: boolean;
  anchors: X509Certificate[];
}

/** The trust of `config`: enforced in eCF, with the configured anchors. */
export function receiverTrust(config: Pick<EcfConfig, 'environment' | 'trustedCaPems'>): ReceiverTrust {
  return {
    enforced: config.environment === 'eCF',
    anchors: (config.trustedCaPems ?? []).map((pem) => new X509Certificate(pem)),
  };
}

/** At most this many certificates between the signer and an anchor. */
const MAX_CHAIN = 5;

function within(cert: X509Certificate, now: Date): boolean {
  return new Date(cert.validFrom) <= now && now <= new Date(cert.validTo);
}

function issued(child: X509Certificate, issuer: X509Certificate): boolean {
  try {
    return child.checkIssued(issuer) && child.verify(issuer.publicKey);
  } catch {
    return false;
  }
}

/** Why a signer's certificate is refused: a machine code and a Spanish message. */
export interface CertificateProblem {
  /** `sin_autoridades`: enforced with no anchor configured (the receiver's fault, not the sender's). */
  error: 'certificado_invalido' | 'certificado_vencido' | 'certificado_no_confiable' | 'sin_autoridades';
  message: string;
}

/**
 * Why the signer's certificate is not acceptable, or null when it is: unreadable, outside its
 * validity, and — when `trust.enforced` — not chaining to an anchor through the certificates sent
 * (`chainPems`).
 */
export function certificateProblem(
  trust: ReceiverTrust,
  signer: { certificatePem: string | null; chainPems: readonly string[] },
  now: Date = new Date(),
): CertificateProblem | null {
  let leaf: X509Certificate;
  try {
    if (!signer.certificatePem) throw new Error('none');
    leaf = new X509Certificate(signer.certificatePem);
  } catch {
    return { error: 'certificado_invalido', message: 'No se pudo leer el certificado del firmante.' };
  }
  if (!within(leaf, now))
    return { error: 'certificado_vencido', message: 'El certificado del firmante no está vigente.' };
  if (!trust.enforced) return null;
  if (trust.anchors.length === 0)
    return {
      error: 'sin_autoridades',
      message:
        'El receptor no tiene configuradas las autoridades de certificación aceptadas por la DGII: no puede recibir documentos.',
    };
  const intermediates: X509Certificate[] = [];
  for (const pem of signer.chainPems) {
    try {
      const cert = new X509Certificate(pem);
      if (cert.ca && within(cert, now)) intermediates.push(cert);
    } catch {
      // An unreadable extra certificate simply does not help the chain.
    }
  }
  let current = leaf;
  for (let step = 0; step <= MAX_CHAIN; step++) {
    if (trust.anchors.some((a) => within(a, now) && issued(current, a))) return null;
    const next = intermediates.find((c) => c !== current && issued(current, c));
    if (!next) break;
    current = next;
  }
  return {
    error: 'certificado_no_confiable',
    message:
      'El certificado del firmante no fue emitido por una entidad de certificación aceptada por la DGII.',
  };
}
