import { expect } from 'vitest';
import type { AppConfig } from '../src/config.js';
import { validateAgainstDgiiXsd } from './dgii-xsd.js';
import { makeTestPkcs12 } from './ecf-test-certificate.js';
import { type FakeDgii, startFakeDgii } from './fake-dgii.js';
import { type DemoApp, injectAs, startDemoApp } from './helpers.js';

/**
 * A multipart body for `POST /api/fiscal/certificate`: the .p12 `file` and its `password` (either
 * may be left out, to test the 400s).
 */
export function certificateForm(file: Buffer | null, password: string | null, filename = 'agencia.p12') {
  const boundary = '----ecfCertBoundary';
  const chunks: Buffer[] = [];
  if (password !== null)
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${password}\r\n`),
    );
  if (file)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/x-pkcs12\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** What {@link startDirectEcfApp} answers: the demo app and its sessions, and the fake DGII. */
export interface DirectEcfApp extends DemoApp {
  dgii: FakeDgii;
}

/**
 * Direct e-CF emission set up end to end (issue 26, decision 136): a fake DGII that validates
 * against the XSDs and answers "processing" once per document, the demo app pointed at it
 * (TesteCF, a fixed encryption key, sends every 15 s), a generated .p12 uploaded and the mode
 * switched to `direct` (both asserted). Call it in `beforeAll`; close `dgii` in `afterAll`.
 */
export async function startDirectEcfApp(overrides: Partial<AppConfig> = {}): Promise<DirectEcfApp> {
  const cert = makeTestPkcs12();
  const dgii = await startFakeDgii({ validate: validateAgainstDgiiXsd, processingPolls: 1 });
  const demo = await startDemoApp({
    ecf: {
      environment: 'TesteCF',
      ecfBaseUrl: dgii.ecfBaseUrl,
      fcBaseUrl: dgii.fcBaseUrl,
      encryptionKey: Buffer.alloc(32, 9),
      sendIntervalSeconds: 15,
    },
    ...overrides,
  });
  const uploaded = await injectAs(demo.app, demo.admin.token, {
    method: 'POST',
    url: '/api/fiscal/certificate',
    ...certificateForm(cert.p12, cert.password),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const direct = await injectAs(demo.app, demo.admin.token, {
    method: 'PUT',
    url: '/api/fiscal/settings',
    payload: { ecfMode: 'direct' },
  });
  expect(direct.statusCode, direct.body).toBe(200);
  return { ...demo, dgii };
}
