import type { CertificationTestSet, FieldError, WorkbookProblem } from '@agencia/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { EcfConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { ecfCertificationCases, ecfCertificationSets } from '../../db/schema/index.js';
import { type AuditContext, audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/errors.js';
import { getCompanySettings } from '../settings/settings.service.js';
import { readApprovalWorkbook, readTestSetWorkbook, WorkbookReadError } from './certification-workbook.js';
import { type PreparedCase, prepareApprovalCase, prepareEcfCase, rowReader } from './certification-xml.js';

/*
 * The DGII certification test sets (issue 41, "Pruebas de Datos e-CF" and "Pruebas de Datos Aprobación
 * Comercial"; decision 158): importing a workbook (every case built and checked first; a workbook
 * with problems stores nothing), listing and reading sets, starting a set's run, and the signed XML
 * of a case. Sending is the runner's (certification-runner.ts).
 */

type SetRow = typeof ecfCertificationSets.$inferSelect;
type CaseRow = typeof ecfCertificationCases.$inferSelect;

/** The API shape of a set and its cases (cases in sending order). */
export function testSetView({ set, cases }: { set: SetRow; cases: CaseRow[] }): CertificationTestSet {
  return {
    _id: set.id,
    kind: set.kind,
    fileName: set.fileName,
    status: set.status,
    environment: set.environment as CertificationTestSet['environment'],
    createdAt: set.createdAt.toISOString(),
    startedAt: set.startedAt?.toISOString() ?? null,
    finishedAt: set.finishedAt?.toISOString() ?? null,
    advice: set.advice,
    cases: [...cases]
      .sort((a, b) => a.position - b.position)
      .map((c) => ({
        _id: c.id,
        position: c.position,
        caseNumber: c.caseNumber,
        documentType: c.documentType,
        encf: c.encf,
        channel: c.channel,
        status: c.status,
        trackId: c.trackId,
        securityCode: c.securityCode,
        dgiiMessages: c.messages,
        total: c.total,
        submittedAt: c.submittedAt?.toISOString() ?? null,
        decidedAt: c.decidedAt?.toISOString() ?? null,
      })),
  };
}

/** One set with its cases; 404 (Spanish) when there is none with that id. */
export async function getTestSet({ db, id }: { db: Db; id: string }): Promise<CertificationTestSet> {
  const [set] = await db.select().from(ecfCertificationSets).where(eq(ecfCertificationSets.id, id));
  if (!set) throw notFound('Set de pruebas no encontrado');
  const cases = await db.select().from(ecfCertificationCases).where(eq(ecfCertificationCases.setId, id));
  return testSetView({ set, cases });
}

/** Every set (both kinds), newest first, each with its cases. */
export async function listTestSets({ db }: { db: Db }): Promise<CertificationTestSet[]> {
  const sets = await db
    .select()
    .from(ecfCertificationSets)
    .orderBy(desc(ecfCertificationSets.createdAt), desc(ecfCertificationSets.id));
  if (sets.length === 0) return [];
  const cases = await db
    .select()
    .from(ecfCertificationCases)
    .where(
      inArray(
        ecfCertificationCases.setId,
        sets.map((s) => s.id),
      ),
    );
  return sets.map((s) =>
    testSetView({
      set: s,
      cases: cases.filter((c) => c.setId === s.id),
    }),
  );
}

/** The workbook problems as the error envelope's field errors: field `case/column`, message naming both. */
export function problemsAsFieldErrors(problems: WorkbookProblem[]): FieldError[] {
  return problems.map((p) => ({
    field: [p.caseNumber ?? `Fila ${p.row}`, p.field].filter(Boolean).join(' · '),
    message: `Caso ${p.caseNumber ?? '—'}${p.row ? ` (fila ${p.row})` : ''}${p.field ? `, ${p.field}` : ''}: ${p.message}`,
  }));
}

/** 422 for a workbook with problems: nothing is stored. */
function refuse(problems: WorkbookProblem[]): never {
  const cases = new Set(problems.map((p) => p.caseNumber ?? String(p.row)));
  throw unprocessable(
    `El libro tiene ${problems.length} ${problems.length === 1 ? 'problema' : 'problemas'} en ${cases.size} ${cases.size === 1 ? 'caso' : 'casos'}: no se guardó ni se envió nada. Corrígelos (o pide a la DGII un set nuevo si el error es suyo) y vuelve a cargarlo.`,
    problemsAsFieldErrors(problems),
  );
}

/** The agency's RNC (company settings); 422 when not configured. */
async function agencyRnc(db: Db): Promise<string> {
  const settings = await getCompanySettings(db);
  if (!settings.taxId)
    throw unprocessable(
      'Configura el RNC de la empresa (Configuración → Empresa) antes de cargar un set de pruebas.',
      [{ field: 'RNCEmisor', message: 'Falta el RNC de la empresa' }],
    );
  return settings.taxId;
}

/** e-NCF repeated within one workbook (and channel): each must be a distinct document. */
function duplicates(prepared: Array<PreparedCase & { row: number }>): WorkbookProblem[] {
  const seen = new Map<string, PreparedCase>();
  const problems: WorkbookProblem[] = [];
  for (const c of prepared) {
    const key = `${c.channel}/${c.encf}`;
    const first = seen.get(key);
    if (first)
      problems.push({
        caseNumber: c.caseNumber,
        row: c.row,
        field: 'eNCF',
        message: `El e-NCF ${c.encf} ya está en el caso ${first.caseNumber}.`,
      });
    else seen.set(key, c);
  }
  return problems;
}

async function store(
  db: Db,
  input: {
    kind: 'ecf' | 'approval';
    fileName: string;
    config: EcfConfig;
    actorId: string | null;
    status: 'ready' | 'sending';
    cases: Array<PreparedCase & { issuerRnc: string }>;
    ctx: AuditContext;
  },
): Promise<CertificationTestSet> {
  const ordered = [...input.cases].sort((a, b) => a.rank - b.rank || a.row - b.row);
  const now = new Date();
  const id = await db.transaction(async (tx) => {
    const [set] = await tx
      .insert(ecfCertificationSets)
      .values({
        kind: input.kind,
        fileName: input.fileName.slice(0, 200),
        environment: input.config.environment,
        status: input.status,
        startedAt: input.status === 'sending' ? now : null,
        nextAttemptAt: now,
        createdBy: input.actorId,
      })
      .returning({ id: ecfCertificationSets.id });
    await tx.insert(ecfCertificationCases).values(
      ordered.map((c, i) => ({
        setId: set!.id,
        position: i + 1,
        caseNumber: c.caseNumber,
        documentType: c.documentType,
        encf: c.encf,
        issuerRnc: c.issuerRnc,
        channel: c.channel,
        values: c.values,
        unsignedXml: c.unsignedXml,
        total: c.total,
      })),
    );
    await audit(
      tx,
      input.ctx,
      input.kind === 'ecf' ? 'fiscal.certification_set_imported' : 'fiscal.certification_approvals_imported',
      { type: 'settings', id: null },
      { fileName: input.fileName.slice(0, 200), cases: ordered.length, setId: set!.id },
    );
    return set!.id;
  });
  return getTestSet({ db, id });
}

/**
 * `POST /fiscal/certification/test-sets`: imports the DGII's "Pruebas de Datos e-CF" workbook. Every
 * case is built and checked (XSD facts and the DGII's rules, certification-xml.ts) and its
 * `RNCEmisor` must be the agency's; any problem → 422 naming each case and column, nothing stored.
 * The cases are stored in the DGII's sending order (`position`); the set waits `ready` until
 * {@link startTestSet}. 400 for a file that is not an .xlsx or has no cases sheet.
 */
export async function importTestSet({
  db,
  ctx,
  config,
  file,
  fileName,
}: {
  db: Db;
  ctx: AuditContext;
  config: EcfConfig;
  file: Buffer;
  fileName: string;
}): Promise<CertificationTestSet> {
  let book: Awaited<ReturnType<typeof readTestSetWorkbook>>;
  try {
    book = await readTestSetWorkbook(file);
  } catch (err) {
    if (err instanceof WorkbookReadError)
      throw badRequest(err.message, [{ field: 'file', message: err.message }]);
    throw err;
  }
  const rnc = await agencyRnc(db);
  const rfceByEncf = new Map(
    (book.rfce?.rows ?? []).map((r) => [rowReader(r.values)('eNCF')?.toUpperCase() ?? '', r] as const),
  );
  const at = new Date();
  const problems: WorkbookProblem[] = [];
  const prepared: Array<PreparedCase & { issuerRnc: string }> = [];
  for (const row of book.ecf.rows) {
    const get = rowReader(row.values);
    const rfceRow = rfceByEncf.get(get('eNCF')?.toUpperCase() ?? '') ?? null;
    const result = prepareEcfCase(row, rfceRow, at);
    problems.push(...result.problems);
    const issuer = get('RNCEmisor');
    if (issuer !== rnc) {
      problems.push({
        caseNumber: get('CasoPrueba') ?? `Fila ${row.row}`,
        row: row.row,
        field: 'RNCEmisor',
        message: `RNCEmisor ${issuer ?? '(vacío)'} no es el RNC de la empresa (${rnc}): el set de pruebas debe ser el que la DGII generó para tu RNC.`,
      });
    }
    if (result.prepared) prepared.push({ ...result.prepared, issuerRnc: rnc });
  }
  problems.push(...duplicates(prepared));
  if (problems.length > 0) refuse(problems);
  return store(db, {
    kind: 'ecf',
    fileName,
    config,
    actorId: ctx.actorId,
    status: 'ready',
    cases: prepared,
    ctx,
  });
}

/**
 * `POST /fiscal/certification/approval-sets`: imports the DGII's "Pruebas de Datos Aprobación
 * Comercial" workbook (one ACECF per row; `RNCComprador` must be the agency's: it answers as the
 * buyer). Checked like an e-CF set (422, nothing stored); stored `sending`, so the runner starts at once.
 */
export async function importApprovalSet({
  db,
  ctx,
  config,
  file,
  fileName,
}: {
  db: Db;
  ctx: AuditContext;
  config: EcfConfig;
  file: Buffer;
  fileName: string;
}): Promise<CertificationTestSet> {
  let sheet: Awaited<ReturnType<typeof readApprovalWorkbook>>;
  try {
    sheet = await readApprovalWorkbook(file);
  } catch (err) {
    if (err instanceof WorkbookReadError)
      throw badRequest(err.message, [{ field: 'file', message: err.message }]);
    throw err;
  }
  const rnc = await agencyRnc(db);
  const at = new Date();
  const problems: WorkbookProblem[] = [];
  const prepared: Array<PreparedCase & { issuerRnc: string }> = [];
  for (const row of sheet.rows) {
    const get = rowReader(row.values);
    const result = prepareApprovalCase(row, at);
    problems.push(...result.problems);
    const buyer = get('RNCComprador');
    if (buyer !== rnc)
      problems.push({
        caseNumber: get('CasoPrueba') ?? get('eNCF') ?? `Fila ${row.row}`,
        row: row.row,
        field: 'RNCComprador',
        message: `RNCComprador ${buyer ?? '(vacío)'} no es el RNC de la empresa (${rnc}): la empresa aprueba como compradora.`,
      });
    if (result.prepared) prepared.push({ ...result.prepared, issuerRnc: get('RNCEmisor') ?? '' });
  }
  problems.push(...duplicates(prepared));
  if (problems.length > 0) refuse(problems);
  return store(db, {
    kind: 'approval',
    fileName,
    config,
    actorId: ctx.actorId,
    status: 'sending',
    cases: prepared,
    ctx,
  });
}

/**
 * `POST /fiscal/certification/test-sets/{id}/send`: starts (or keeps) the run of a `ready` e-CF set;
 * the runner sends its cases in order. 409 for a set that already finished or stopped.
 */
export async function startTestSet({
  db,
  ctx,
  id,
}: {
  db: Db;
  ctx: AuditContext;
  id: string;
}): Promise<CertificationTestSet> {
  const [set] = await db.select().from(ecfCertificationSets).where(eq(ecfCertificationSets.id, id));
  if (!set) throw notFound('Set de pruebas no encontrado');
  if (set.status === 'completed' || set.status === 'stopped')
    throw conflict(
      set.status === 'completed'
        ? 'Este set de pruebas ya se envió completo.'
        : 'Este set de pruebas se detuvo por un rechazo: sus e-NCF ya se consumieron. Solicita un set nuevo a la DGII y cárgalo.',
    );
  if (set.status === 'ready') {
    const now = new Date();
    await db
      .update(ecfCertificationSets)
      .set({ status: 'sending', startedAt: now, nextAttemptAt: now, updatedAt: now })
      .where(and(eq(ecfCertificationSets.id, id), eq(ecfCertificationSets.status, 'ready')));
    await audit(
      db,
      ctx,
      'fiscal.certification_set_sent',
      { type: 'settings', id: null },
      {
        fileName: set.fileName,
        setId: id,
      },
    );
  }
  return getTestSet({ db, id });
}

/**
 * The signed XML of a case as it was sent (the RFCE for a consumo summary, else the e-CF or ACECF),
 * with its file name (RNC + e-NCF, as the DGII names files); 404 until it is signed.
 */
export async function caseXml({
  db,
  id,
  caseId,
}: {
  db: Db;
  id: string;
  caseId: string;
}): Promise<{ xml: string; fileName: string }> {
  const [row] = await db
    .select()
    .from(ecfCertificationCases)
    .where(and(eq(ecfCertificationCases.id, caseId), eq(ecfCertificationCases.setId, id)))
    .orderBy(asc(ecfCertificationCases.position));
  const xml = row ? (row.channel === 'rfce' ? row.summaryXml : row.signedXml) : null;
  if (!row || !xml) throw notFound('Este caso todavía no se ha firmado.');
  return { xml, fileName: `${row.issuerRnc}${row.encf}.xml` };
}
