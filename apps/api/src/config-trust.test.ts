import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTestCa, makeTestSigner } from '../test/ecf-test-ca.js';
import { ConfigError, loadConfig, loadTrustedCas, SHIPPED_TRUST_DIR } from './config.js';

/* `ECF_TRUSTED_CA_FILE` and the shipped trust store of the e-CF receiver (decision 161). */

describe('ECF_TRUSTED_CA_FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ecf-trust-'));
  const empty = mkdtempSync(join(tmpdir(), 'ecf-trust-empty-'));
  const root = makeTestCa();
  const other = makeTestCa('OTRA AC DE PRUEBA');
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it('adds every CA certificate of the file to the shipped ones', () => {
    const both = file('two.pem', root.certificatePem + other.certificatePem);
    expect(loadTrustedCas(both, empty)).toHaveLength(2);
    const config = loadConfig({ DATA_DIR: dir, ECF_TRUSTED_CA_FILE: both, JWT_SECRET: 'x'.repeat(40) });
    expect(config.ecf.trustedCaPems?.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a missing file, one without certificates, and a certificate that is not a CA, in one line', () => {
    const cases: Array<[string, RegExp]> = [
      [join(dir, 'nope.pem'), /ECF_TRUSTED_CA_FILE cannot be read \(ENOENT/],
      [file('text.pem', 'no es un certificado'), /ECF_TRUSTED_CA_FILE .* holds no PEM certificate/],
      [file('leaf.pem', makeTestSigner(root).certificatePem), /holds a certificate that is not a CA/],
    ];
    for (const [path, message] of cases) {
      const run = () => loadConfig({ DATA_DIR: dir, ECF_TRUSTED_CA_FILE: path, JWT_SECRET: 'x'.repeat(40) });
      expect(run).toThrow(ConfigError);
      expect(run).toThrow(message);
    }
  });

  it('ships its trust store beside src/ and dist/, readable (decision 161)', () => {
    expect(SHIPPED_TRUST_DIR).toMatch(/apps\/api\/trust\/dgii-ca\/$/);
    expect(() => loadTrustedCas(null)).not.toThrow();
  });
});
