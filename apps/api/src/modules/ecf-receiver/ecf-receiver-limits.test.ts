import { describe, expect, it } from 'vitest';
import { makeTestPkcs12 } from '../../../test/ecf-test-certificate.js';
import { signXml } from '../ecf/ecf-signature.js';
import { signedSupplierEcf } from './ecf-receiver.test-kit.js';
import { RECEIVER_LIMITS, type XmlShapeLimits, xmlShapeProblem } from './ecf-receiver-limits.js';
import { XmlWorkerPool } from './ecf-receiver-pool.js';
import { buildSeedXml } from './ecf-receiver-xml.js';

/*
 * The receiver's cheap checks before any parser (issue 43, item 1): the streaming shape check on
 * the raw bytes, and the worker pool that keeps parsing and signature checks off the event loop.
 */

const cert = makeTestPkcs12();
const key = { privateKeyPem: cert.privateKeyPem, certificatePem: cert.certificatePem };
const shape = (xml: string, limits: XmlShapeLimits = RECEIVER_LIMITS.ecf) =>
  xmlShapeProblem(Buffer.from(xml), limits);

describe('xmlShapeProblem', () => {
  it('passes the DGII documents the routes receive, signed', () => {
    expect(shape(signXml(buildSeedXml('valor', new Date()), key), RECEIVER_LIMITS.seed)).toBeNull();
    expect(shape(signedSupplierEcf(key, { buyerRnc: '101010101' }))).toBeNull();
  });

  it('refuses the nested flood of the report in one pass, without a parser', () => {
    const flood = `<a>${'<b>'.repeat(280_000)}${'</b>'.repeat(280_000)}</a>`;
    const started = performance.now();
    expect(shape(flood, RECEIVER_LIMITS.seed)).toBe('depth');
    expect(shape(flood)).toBe('depth');
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('counts elements, attributes and depth as written', () => {
    const limits = { maxBytes: 1e6, maxDepth: 3, maxElements: 5, maxAttributes: 3 };
    expect(xmlShapeProblem(Buffer.from('<a><b><c/></b></a>'), limits)).toBeNull();
    expect(xmlShapeProblem(Buffer.from('<a><b><c><d/></c></b></a>'), limits)).toBe('depth');
    expect(xmlShapeProblem(Buffer.from('<a><b/><b/><b/><b/><b/></a>'), limits)).toBe('elements');
    expect(xmlShapeProblem(Buffer.from('<a x="1" y="2" z="3" w="4"/>'), limits)).toBe('attributes');
    // `=` and `>` inside quoted values, comments, CDATA and processing instructions are not markup.
    expect(
      xmlShapeProblem(
        Buffer.from(
          '<?xml version="1.0"?><a x="a=b>c=d=e"><!-- <b><b><b><b> --><![CDATA[<b><b><b><b>]]></a>',
        ),
        limits,
      ),
    ).toBeNull();
    expect(xmlShapeProblem(Buffer.from('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'), limits)).toBe(
      'declaration',
    );
  });
});

describe('XmlWorkerPool', () => {
  it('inspects in a worker thread as on the main thread', async () => {
    const pool = new XmlWorkerPool();
    try {
      const xml = signedSupplierEcf(key, { buyerRnc: '101010101', encf: 'E310000000042' });
      const result = await pool.inspect('ecf', xml);
      expect(result).toMatchObject({
        kind: 'ecf',
        fields: { encf: 'E310000000042', buyerRnc: '101010101', totalCents: 708_000 },
        signature: { valid: true, chainPems: [], securityCode: expect.stringMatching(/^.{6}$/) },
      });
      expect(await pool.inspect('ecf', 'esto no es XML')).toMatchObject({
        kind: 'refused',
        error: 'xml_invalido',
      });
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('refuses a document it cannot finish in time, then serves the next with a new worker; a full queue answers 503', async () => {
    const pool = new XmlWorkerPool({ timeoutMs: 1_000, maxQueue: 1 });
    try {
      const small = signedSupplierEcf(key, { buyerRnc: '101010101' });
      expect((await pool.inspect('ecf', small)).kind).toBe('ecf'); // warm: the worker is up
      // 10,000 lines (3 MB): canonicalising and digesting it takes far longer than a second (the
      // signature no longer matches, which is only known after that work).
      const item = /<Item>.*<\/Item>/.exec(small)![0];
      const big = small.replace(item, item.repeat(10_000));
      const slow = pool.inspect('ecf', big);
      const queued = pool.inspect('ecf', small);
      await expect(pool.inspect('ecf', small)).rejects.toMatchObject({
        statusCode: 503,
        error: 'receptor_ocupado',
      });
      await expect(slow).rejects.toMatchObject({ statusCode: 413, error: 'xml_demasiado_complejo' });
      // The queued document is served by a fresh worker.
      expect((await queued).kind).toBe('ecf');
    } finally {
      await pool.close();
    }
  }, 60_000);
});
