import { createHash, createVerify, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeTestPkcs12 } from '../../../test/ecf-test-certificate.js';
import { CertificateError, parsePkcs12 } from './ecf-certificate.js';
import { securityCodeOf, signXml, verifyXmlSignature } from './ecf-signature.js';

const cert = makeTestPkcs12();
const key = parsePkcs12(cert.p12, cert.password);

const seed =
  '<?xml version="1.0" encoding="utf-8"?>\n<SemillaModel xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">\n  <valor>dGVzdA==</valor>\n  <fecha>2026-11-28T02:10:00.0000000-04:00</fecha>\n</SemillaModel>';

/**
 * Verifies a DGII signature with Node's crypto only (no xml-crypto): the digest is SHA-256 of the
 * document without its Signature (our documents have no empty elements, comments or whitespace,
 * and one root namespace at most, so that string is its inclusive C14N), and SignatureValue is
 * RSA-SHA256 over SignedInfo with the xmldsig namespace it inherits.
 */
function verifyIndependently(signed: string): { digestOk: boolean; signatureOk: boolean } {
  const body = signed.replace(/^<\?xml[^?]*\?>/, '');
  const signature = /<Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#">.*<\/Signature>/.exec(
    body,
  )![0];
  // C14N: the root's namespace declarations sorted by prefix; SignedInfo inherits them.
  const rootTag = /^<(\w+)([^>]*)>/.exec(body)!;
  const namespaces = [...rootTag[2]!.matchAll(/ xmlns:(\w+)="[^"]*"/g)].map((m) => m[0]).sort();
  const unsigned = body.replace(signature, '').replace(rootTag[0], `<${rootTag[1]}${namespaces.join('')}>`);
  const digest = createHash('sha256').update(unsigned, 'utf8').digest('base64');
  const digestValue = /<DigestValue>([^<]+)<\/DigestValue>/.exec(signature)![1];
  const signedInfo = /<SignedInfo>.*<\/SignedInfo>/
    .exec(signature)![0]
    .replace('<SignedInfo>', `<SignedInfo xmlns="http://www.w3.org/2000/09/xmldsig#"${namespaces.join('')}>`)
    // C14N writes empty elements as start-end pairs.
    .replace(/<(\w+)([^>]*)\/>/g, '<$1$2></$1>');
  const signatureValue = /<SignatureValue>([^<]+)<\/SignatureValue>/.exec(signature)![1]!;
  const x509 = /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(signature)![1]!;
  const publicKey = new X509Certificate(Buffer.from(x509, 'base64')).publicKey;
  const signatureOk = createVerify('RSA-SHA256')
    .update(signedInfo)
    .verify(publicKey, signatureValue, 'base64');
  return { digestOk: digest === digestValue, signatureOk };
}

describe('signXml (issue 26: enveloped XMLDSig, RSA-SHA256, C14N, no whitespace)', () => {
  it('signs the whole document with the DGII algorithms, whitespace removed, declaration kept', () => {
    const signed = signXml(seed, key);
    expect(signed.startsWith('<?xml version="1.0" encoding="utf-8"?><SemillaModel')).toBe(true);
    expect(signed).not.toMatch(/>\s+</);
    expect(signed).toContain('<Reference URI="">');
    expect(signed).toContain('Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"');
    expect(signed).toContain('<DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>');
    expect(signed).toMatch(
      /<\/fecha><Signature xmlns="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#">.*<\/Signature><\/SemillaModel>$/,
    );
    expect(verifyIndependently(signed)).toEqual({ digestOk: true, signatureOk: true });
    expect(verifyXmlSignature(signed)).toMatchObject({ valid: true });
  });

  it('is refused once one character of the signed content changes', () => {
    const tampered = signXml(seed, key).replace('dGVzdA==', 'dGVzdB==');
    expect(verifyIndependently(tampered).digestOk).toBe(false);
    expect(verifyXmlSignature(tampered)).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/no corresponde|inválida/),
    });
  });

  it('still verifies after whitespace is put back between elements (the DGII strips it)', () => {
    const indented = signXml(seed, key).replace('<valor>', '\n  <valor>');
    expect(verifyXmlSignature(indented)).toMatchObject({ valid: true });
  });

  it('answers a reason instead of throwing for unsigned or malformed documents', () => {
    expect(verifyXmlSignature(seed)).toEqual({
      valid: false,
      reason: 'El documento no tiene una firma única.',
      certificatePem: null,
    });
    expect(verifyXmlSignature('<a><b></a>')).toMatchObject({
      valid: false,
      reason: expect.stringMatching(/^XML mal formado/),
    });
  });

  it('gives the security code as the first 6 characters of SignatureValue, exactly', () => {
    const signed = signXml(seed, key);
    const value = /<SignatureValue>([^<]+)</.exec(signed)![1]!;
    expect(securityCodeOf(signed)).toBe(value.slice(0, 6));
    expect(securityCodeOf(signed.replace(value, `a+B/c3${value.slice(6)}`))).toBe('a+B/c3');
  });
});

describe('parsePkcs12 (issue 26: certificate upload)', () => {
  it('reads the key, the certificate and a summary', () => {
    expect(key.summary).toMatchObject({
      subject: expect.stringContaining('CN=AGENCIA DIGITAL RD SRL'),
      serialNumber: cert.serialNumber,
    });
    expect(key.privateKeyPem).toContain('PRIVATE KEY');
    expect(new Date(key.summary.validTo).getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a wrong password, a file that is not a PKCS#12, a file without the key, and expired certificates', () => {
    expect(() => parsePkcs12(cert.p12, 'otra')).toThrow('La contraseña del certificado no es correcta.');
    try {
      parsePkcs12(cert.p12, 'otra');
    } catch (err) {
      expect(err).toBeInstanceOf(CertificateError);
      expect((err as CertificateError).field).toBe('password');
    }
    expect(() => parsePkcs12(Buffer.from('%PDF-1.4 no soy un certificado'), 'x')).toThrow(
      'El archivo no es un certificado PKCS#12 (.p12 o .pfx) válido.',
    );
    const keyless = makeTestPkcs12({ withoutKey: true });
    expect(() => parsePkcs12(keyless.p12, keyless.password)).toThrow(/no contiene la clave privada/);
    const expired = makeTestPkcs12({ notBefore: new Date('2024-01-01'), notAfter: new Date('2025-01-01') });
    expect(() => parsePkcs12(expired.p12, expired.password)).toThrow(
      'El certificado venció el 2025-01-01. Carga uno vigente.',
    );
  });
});
