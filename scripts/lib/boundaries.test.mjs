import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './proc.mjs';

// Probe files that break each boundary rule of .dependency-cruiser.cjs (decision 118), written
// into the source tree for the duration of this test only, then cruised with the real config.
const PROBES = {
  'apps/web/src/features/zz-boundary-probe/probe.ts':
    "export { projectKeys } from '../projects/api/get-projects';\nexport { FeedPanel } from '../calendar';\n",
  // Decision 150: billing features share features/billing-shared; no other feature reaches it,
  // and the kit imports no feature, not even a public entry.
  'apps/web/src/features/quotes/zz-boundary-probe.ts':
    "export { formatMoney } from '../billing-shared/components/format';\nexport { useInvoice } from '../invoices/api/invoices';\n",
  'apps/web/src/features/billing-shared/zz-boundary-probe.ts':
    "export { ClientRetainersCard } from '../retainers';\n",
  'apps/web/src/features/zz-boundary-probe/billing.ts':
    "export { formatMoney } from '../billing-shared/components/format';\n",
  // Issue 25: toasts go through lib/toast.ts only.
  'apps/web/src/components/zz-boundary-probe.ts':
    "export { notifications } from '@mantine/notifications';\nexport { toastError } from '../lib/toast';\n",
  'apps/web/src/lib/zz-boundary-probe.ts':
    "export { projectKeys } from '../features/projects/api/get-projects';\n",
  'apps/api/src/modules/zz-boundary-probe/probe.ts':
    "export { default } from '../tickets/tickets.routes.js';\n" +
    "export { releaseBilledWork } from '../invoices/billed-work.js';\n" +
    "export { getInvoice } from '../invoices/invoices.queries.js';\n",
  'apps/api/src/modules/billing-documents/zz-boundary-probe.ts':
    "export { getInvoice } from '../invoices/invoices.queries.js';\n",
  'packages/shared/src/zz-boundary-probe.ts': "export { sql } from 'drizzle-orm';\n",
};

let output = '';
beforeAll(() => {
  for (const [file, text] of Object.entries(PROBES)) {
    mkdirSync(path.dirname(path.join(ROOT, file)), { recursive: true });
    writeFileSync(path.join(ROOT, file), text);
  }
  const result = spawnSync(
    'npx',
    ['depcruise', ...Object.keys(PROBES), '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  output = `${result.stdout}${result.stderr}`;
}, 120_000);

afterAll(() => {
  rmSync(path.join(ROOT, 'apps/web/src/features/zz-boundary-probe'), { recursive: true, force: true });
  rmSync(path.join(ROOT, 'apps/api/src/modules/zz-boundary-probe'), { recursive: true, force: true });
  rmSync(path.join(ROOT, 'apps/api/src/modules/billing-documents/zz-boundary-probe.ts'), { force: true });
  rmSync(path.join(ROOT, 'apps/web/src/lib/zz-boundary-probe.ts'), { force: true });
  rmSync(path.join(ROOT, 'apps/web/src/features/quotes/zz-boundary-probe.ts'), { force: true });
  rmSync(path.join(ROOT, 'apps/web/src/features/billing-shared/zz-boundary-probe.ts'), { force: true });
  rmSync(path.join(ROOT, 'apps/web/src/components/zz-boundary-probe.ts'), { force: true });
  rmSync(path.join(ROOT, 'packages/shared/src/zz-boundary-probe.ts'), { force: true });
});

describe('module boundaries (dependency-cruiser)', () => {
  it("refuses a feature importing another feature's internals, allows its public index", () => {
    expect(output).toMatch(
      /error web-feature-isolation: apps\/web\/src\/features\/zz-boundary-probe\/probe\.ts → apps\/web\/src\/features\/projects\/api\/get-projects\.ts/,
    );
    expect(output).not.toMatch(
      /zz-boundary-probe\/probe\.ts → apps\/web\/src\/features\/calendar\/index\.ts/,
    );
  });

  it('lets the billing features share features/billing-shared, and nobody else (decision 150)', () => {
    expect(output).not.toMatch(
      /features\/quotes\/zz-boundary-probe\.ts → apps\/web\/src\/features\/billing-shared\//,
    );
    expect(output).toMatch(
      /error web-feature-isolation: apps\/web\/src\/features\/quotes\/zz-boundary-probe\.ts → apps\/web\/src\/features\/invoices\/api\/invoices\.ts/,
    );
    expect(output).toMatch(
      /error web-billing-shared-only-for-billing: apps\/web\/src\/features\/zz-boundary-probe\/billing\.ts → apps\/web\/src\/features\/billing-shared\/components\/format\.ts/,
    );
    expect(output).toMatch(
      /error web-billing-shared-is-a-base: apps\/web\/src\/features\/billing-shared\/zz-boundary-probe\.ts → apps\/web\/src\/features\/retainers\/index\.ts/,
    );
  });

  it('refuses a toast shown past lib/toast.ts (issue 25)', () => {
    expect(output).toMatch(
      /error web-toasts-through-helper: apps\/web\/src\/components\/zz-boundary-probe\.ts → [^\n]*node_modules\/@mantine\/notifications\//,
    );
    expect(output).not.toMatch(/web-toasts-through-helper: apps\/web\/src\/lib\/toast\.ts/);
  });

  it('refuses shared web code reaching into a feature', () => {
    expect(output).toMatch(/error web-shared-not-from-features: apps\/web\/src\/lib\/zz-boundary-probe\.ts/);
  });

  it("refuses an API module importing another module's routes", () => {
    expect(output).toMatch(
      /error api-no-foreign-routes: apps\/api\/src\/modules\/zz-boundary-probe\/probe\.ts → apps\/api\/src\/modules\/tickets\/tickets\.routes\.ts/,
    );
  });

  it('refuses a module reaching into invoices/ internals, allows its public queries (decision 149)', () => {
    expect(output).toMatch(
      /error api-billing-kit-from-its-module: apps\/api\/src\/modules\/zz-boundary-probe\/probe\.ts → apps\/api\/src\/modules\/invoices\/billed-work\.ts/,
    );
    expect(output).not.toMatch(
      /api-billing-kit-from-its-module: apps\/api\/src\/modules\/zz-boundary-probe\/probe\.ts → apps\/api\/src\/modules\/invoices\/invoices\.queries\.ts/,
    );
  });

  it('refuses the billing documents kit importing a document module', () => {
    expect(output).toMatch(
      /error api-billing-kit-below-documents: apps\/api\/src\/modules\/billing-documents\/zz-boundary-probe\.ts → apps\/api\/src\/modules\/invoices\/invoices\.queries\.ts/,
    );
  });

  it('refuses packages/shared importing anything but zod', () => {
    expect(output).toMatch(
      /error shared-imports-only-zod: packages\/shared\/src\/zz-boundary-probe\.ts → node_modules\/drizzle-orm/,
    );
  });
});
