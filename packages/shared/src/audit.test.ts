/// <reference types="node" />
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_CATEGORIES,
  type AuditEntry,
  auditActionMatches,
  auditCategoryFilter,
  auditSentence,
  describeAuditEntry,
} from './audit.js';
import { AUDIT_ACTIONS } from './audit-actions.js';
import { REQUEST_KINDS } from './requests.js';

const API_SRC = join(import.meta.dirname, '../../../apps/api/src');

/**
 * Action expressions that are not string literals, and the actions they stand for. A new one
 * fails the test until it is listed here (and its actions get a sentence).
 */
const DYNAMIC_ACTIONS: Record<string, string[]> = {
  // requests.service.ts: the status change of a lead, by kind.
  '`${kind}_request.status_changed`': REQUEST_KINDS.map((k) => `${k}_request.status_changed`),
  // invoice-notes.ts: the issue of a credit or debit note (decision 138).
  '`invoice.${kind.event}_issued`': ['invoice.credit_note_issued', 'invoice.debit_note_issued'],
  // project-writes.ts: the `audit: { action }` each project write answers (collected below).
  'done.audit.action': [],
  // billable-work.ts: "Facturar horas" and "Facturar gastos" (its `action` option's type).
  'opts.action': ['project.time.billed', 'project.expenses.billed'],
  // proposals (decision 171): both kinds share one service.
  '`${kind}.created`': ['proposal.created', 'contract.created'],
  '`${kind}.updated`': ['proposal.updated', 'contract.updated'],
  '`${kind}.sent`': ['proposal.sent', 'contract.sent'],
  '`${kind}.new_version`': ['proposal.new_version', 'contract.new_version'],
  '`${kind}.signed`': ['proposal.signed', 'contract.signed'],
  '`${kind}.declined`': ['proposal.declined', 'contract.declined'],
  '`${kind}.countersigned`': ['proposal.countersigned', 'contract.countersigned'],
  '`${kind}.deleted`': ['proposal.deleted', 'contract.deleted'],
};

/**
 * The API's source files. The boundary test (scripts/lib/boundaries.test.mjs) briefly writes
 * `zz-boundary-probe` files into the tree while the suites run side by side: they are not the
 * API's, so they are skipped, and a folder that vanishes mid-scan is passed over.
 */
function* sourceFiles(dir: string): Generator<string> {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const e of entries) {
    if (e.name.startsWith('zz-boundary-probe')) continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* sourceFiles(path);
    else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) yield path;
  }
}

/** The action names an expression can take: literals, both arms of a `?:`, listed dynamic ones. */
function actionsOf(node: ts.Expression, file: string, unknown: string[]): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node)) return actionsOf(node.expression, file, unknown);
  if (ts.isConditionalExpression(node)) {
    return [...actionsOf(node.whenTrue, file, unknown), ...actionsOf(node.whenFalse, file, unknown)];
  }
  const text = node.getText();
  if (text in DYNAMIC_ACTIONS) return DYNAMIC_ACTIONS[text]!;
  unknown.push(`${file}: ${text}`);
  return [];
}

/**
 * Every action the API writes: the third argument of each `audit(…)` call in apps/api/src, and
 * the `action` of each `audit: { action, target }` a project write answers.
 */
function apiAuditActions(): { actions: Set<string>; unknown: string[] } {
  const actions = new Set<string>();
  const unknown: string[] = [];
  for (const file of sourceFiles(API_SRC)) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('audit')) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'audit') {
        const arg = node.arguments[2];
        if (arg) for (const a of actionsOf(arg, file, unknown)) actions.add(a);
      }
      if (
        ts.isPropertyAssignment(node) &&
        node.name.getText() === 'audit' &&
        ts.isObjectLiteralExpression(node.initializer)
      ) {
        const action = node.initializer.properties.find(
          (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === 'action',
        );
        if (action) for (const a of actionsOf(action.initializer, file, unknown)) actions.add(a);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { actions, unknown };
}

const { actions: API_ACTIONS, unknown: UNKNOWN_EXPRESSIONS } = apiAuditActions();

function entry(over: Partial<AuditEntry> & { action: string }): AuditEntry {
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    actor: {
      _id: '00000000-0000-4000-8000-0000000000aa',
      firstName: 'Laura',
      lastName: 'Céspedes',
      email: 'laura@agencia.do',
    },
    targetType: null,
    targetId: null,
    ip: null,
    requestId: null,
    metadata: null,
    createdAt: '2026-03-01T12:00:00.000Z',
    ...over,
  };
}

const INVOICE_ID = '11111111-1111-4111-8111-111111111111';

describe('audit actions written by the API', () => {
  it('finds the audit calls (scan sanity)', () => {
    expect(API_ACTIONS.size).toBeGreaterThan(90);
    for (const a of [
      'invoice.created',
      'project.note.created',
      'quote_request.status_changed',
      'client.archived',
    ]) {
      expect(API_ACTIONS).toContain(a);
    }
  });

  it('every action expression is a literal, a ternary of literals or listed in DYNAMIC_ACTIONS', () => {
    expect(UNKNOWN_EXPRESSIONS).toEqual([]);
  });

  it('every action the API writes has a Spanish sentence', () => {
    const missing = [...API_ACTIONS].filter((a) => !Object.hasOwn(AUDIT_ACTIONS, a)).sort();
    expect(missing).toEqual([]);
  });

  it('every action the API writes is reachable through a category of the filter', () => {
    const unreachable = [...API_ACTIONS]
      .filter((a) => !AUDIT_CATEGORIES.some((c) => auditActionMatches(auditCategoryFilter(c), a)))
      .sort();
    expect(unreachable).toEqual([]);
  });

  it('no sentence reads as a raw code, for any action with or without metadata and actor', () => {
    for (const action of Object.keys(AUDIT_ACTIONS)) {
      for (const actor of [entry({ action }).actor, null]) {
        const d = describeAuditEntry(entry({ action, actor, targetType: 'invoice', targetId: INVOICE_ID }));
        expect(d.known).toBe(true);
        expect(d.sentence).not.toMatch(/[a-z]+\.[a-z_]+/);
        expect(d.sentence).not.toMatch(/undefined|null|\[object/);
        expect(d.sentence).toBe(d.sentence.trim());
      }
    }
  });
});

describe('describeAuditEntry', () => {
  it('names the invoice by its number and links it', () => {
    const e = entry({
      action: 'invoice.created',
      targetType: 'invoice',
      targetId: INVOICE_ID,
      metadata: { invoiceNumber: 'FAC-2026-0042' },
    });
    expect(describeAuditEntry(e)).toMatchObject({
      actor: 'Laura Céspedes',
      lead: 'creó la factura',
      target: { label: 'FAC-2026-0042', href: `/billing/${INVOICE_ID}` },
    });
    expect(auditSentence(e)).toBe('Laura Céspedes creó la factura FAC-2026-0042');
  });

  it('links a proposal and a contract to their pages (/proposals, /contracts)', () => {
    for (const [kind, path] of [
      ['proposal', '/proposals'],
      ['contract', '/contracts'],
    ] as const) {
      const d = describeAuditEntry(
        entry({ action: `${kind}.sent`, targetType: kind, targetId: INVOICE_ID, metadata: { to: 'a@b.do' } }),
      );
      expect(d.target?.href).toBe(`${path}/${INVOICE_ID}`);
    }
  });

  it('falls back to the kind of object, still linked', () => {
    const d = describeAuditEntry(
      entry({
        action: 'invoice.payment_recorded',
        targetType: 'invoice',
        targetId: INVOICE_ID,
        metadata: { amountCents: 5000, fullyPaid: false },
      }),
    );
    expect(d.lead).toBe('registró un pago en');
    expect(d.target).toEqual({ label: 'la factura', href: `/billing/${INVOICE_ID}` });
    expect(d.sentence).toBe('registró un pago en la factura');
  });

  it('contracts "de el" and "a el" and links the noun', () => {
    const d = describeAuditEntry(
      entry({ action: 'client.communication.created', targetType: 'client', targetId: INVOICE_ID }),
    );
    expect(d.sentence).toBe('registró una comunicación con el cliente');
    const note = describeAuditEntry(
      entry({
        action: 'project.note.deleted',
        targetType: 'note',
        targetId: INVOICE_ID,
        metadata: { projectId: 'p-1', isInternal: false },
      }),
    );
    expect(note).toMatchObject({
      lead: 'eliminó una nota del',
      target: { label: 'proyecto', href: '/projects/p-1' },
    });
  });

  it('reads entries without an actor and with details', () => {
    expect(
      auditSentence(
        entry({ action: 'quote_request.created', actor: null, targetType: 'quote_request', targetId: 'q1' }),
      ),
    ).toBe('El portal recibió una solicitud de cotización');
    expect(
      describeAuditEntry(
        entry({ action: 'quote_request.created', targetType: 'quote_request', targetId: 'q1' }),
      ).target,
    ).toEqual({ label: 'una solicitud de cotización', href: '/clients/requests?kind=quote&id=q1' });
    expect(
      auditSentence(
        entry({
          action: 'auth.login.failed',
          actor: null,
          metadata: { email: 'x@y.do', reason: 'unknown_email' },
        }),
      ),
    ).toBe('Alguien no pudo iniciar sesión con x@y.do (correo no registrado)');
    expect(
      auditSentence(
        entry({
          action: 'user.role_changed',
          targetType: 'user',
          targetId: 'u1',
          metadata: { from: 'employee', to: 'admin' },
        }),
      ),
    ).toBe('Laura Céspedes cambió el rol del usuario de Empleado a Administrador');
    expect(
      auditSentence(
        entry({
          action: 'fiscal.period_closed',
          targetType: 'fiscal_period',
          metadata: { period: '202603' },
        }),
      ),
    ).toBe('Laura Céspedes cerró el período fiscal marzo de 2026');
    expect(
      auditSentence(
        entry({ action: 'settings.payment_instructions_updated', targetType: 'company_settings' }),
      ),
    ).toBe('Laura Céspedes actualizó las instrucciones de pago');
    expect(auditSentence(entry({ action: 'fiscal.certificate_uploaded', targetType: 'settings' }))).toBe(
      'Laura Céspedes cargó el certificado digital',
    );
  });

  it('names a deleted object without linking it', () => {
    const d = describeAuditEntry(
      entry({
        action: 'user.deleted',
        targetType: 'user',
        targetId: 'u1',
        metadata: { email: 'ana@cliente.do' },
      }),
    );
    expect(d.sentence).toBe('eliminó el usuario ana@cliente.do');
    expect(d.target).toEqual({ label: 'ana@cliente.do' });
  });

  it('humanises an unknown action instead of showing its code', () => {
    expect(
      describeAuditEntry(
        entry({ action: 'invoice.archived_forever', targetType: 'invoice', targetId: 'i1' }),
      ),
    ).toMatchObject({
      known: false,
      sentence: 'realizó la acción «archived forever» en la factura',
      target: { href: '/billing/i1' },
    });
    expect(describeAuditEntry(entry({ action: 'robot.beep' })).sentence).toBe('realizó la acción «beep»');
  });
});

describe('auditActionMatches', () => {
  it('matches exact names and prefixes, comma-separated', () => {
    expect(auditActionMatches('auth.', 'auth.login.failed')).toBe(true);
    expect(auditActionMatches('quote.', 'quote_request.created')).toBe(false);
    expect(auditActionMatches('invoice.,share_link.', 'share_link.created')).toBe(true);
    expect(auditActionMatches('auth.login.failed', 'auth.login.failed')).toBe(true);
    expect(auditActionMatches('auth.login.failed', 'auth.login.failed_more')).toBe(false);
  });
});
