import {
  AcceptExactMatchesRequestSchema,
  AcceptExactMatchesResponseSchema,
  BANK_MESSAGES,
  BankRuleRequestSchema,
  CreateExpenseFromLineRequestSchema,
  CreateReconciliationAccountRequestSchema,
  ExactMatchesPreviewSchema,
  ExactMatchesQuerySchema,
  GetBankLineResponseSchema,
  GetBankRuleResponseSchema,
  GetReconciliationAccountResponseSchema,
  GetReconciliationSummaryResponseSchema,
  IdParamsSchema,
  IgnoreBankLineRequestSchema,
  ImportStatementResponseSchema,
  ListBankLinesQuerySchema,
  ListBankLinesResponseSchema,
  ListBankRulesResponseSchema,
  ListReconciliationAccountsResponseSchema,
  MatchBankLineRequestSchema,
  MessageResponseSchema,
  ReconciliationQuerySchema,
  STATEMENT_MAX_BYTES,
  successEnvelope,
  UpdateReconciliationAccountRequestSchema,
} from '@agencia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.js';
import { routeKit } from '../../lib/route-kit.js';
import { bankPolicy } from './bank.policy.js';
import * as accounts from './bank-accounts.service.js';
import * as lines from './bank-lines.service.js';
import { reconciliationSummary } from './bank-reconciliation.service.js';
import * as rules from './bank-rules.service.js';

/** Reads the statement in the multipart field `file` (≤ 10 MB); 400 in Spanish when missing or too big. */
async function readStatementUpload(req: FastifyRequest): Promise<{ filename: string; data: Buffer }> {
  const missing = BANK_MESSAGES.fileRequired;
  if (!req.isMultipart()) throw badRequest(missing, [{ field: 'file', message: missing }]);
  let file: { filename: string; data: Buffer } | null = null;
  for await (const part of req.parts({ limits: { fileSize: STATEMENT_MAX_BYTES, files: 1, fields: 4 } })) {
    if (part.type !== 'file') continue;
    const data = await part.toBuffer();
    if (part.fieldname !== 'file') continue;
    if (part.file.truncated) {
      const message = 'El estado de cuenta no puede superar los 10 MB';
      throw badRequest(message, [{ field: 'file', message }]);
    }
    file = { filename: part.filename, data };
  }
  if (!file || file.data.length === 0) throw badRequest(missing, [{ field: 'file', message: missing }]);
  return file;
}

/**
 * Bank reconciliation (issue 48, decision 166): accounts, statement imports, lines with their
 * suggestions, match / ignore / undo, debit rules and the monthly summary. Admin only
 * (bank.policy.ts).
 */
const bankRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['bank'];
  const { guard, call, writeCall, published } = routeKit(app, bankPolicy);
  const admin = guard('invoices.write', 'manage');
  const accountEnvelope = successEnvelope(GetReconciliationAccountResponseSchema);
  const lineEnvelope = successEnvelope(GetBankLineResponseSchema);
  const ruleEnvelope = successEnvelope(GetBankRuleResponseSchema);

  app.get(
    '/bank-accounts',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Cuentas bancarias conciliadas',
        response: { 200: successEnvelope(ListReconciliationAccountsResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { bankAccounts: await accounts.listAccounts(call(req)) },
    }),
  );

  app.post(
    '/bank-accounts',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Crear cuenta bancaria',
        body: CreateReconciliationAccountRequestSchema,
        response: { 201: accountEnvelope },
      },
    },
    async (req, reply) => {
      const bankAccount = await accounts.createAccount({ ...writeCall(req), input: req.body });
      reply.code(201);
      return { success: true as const, data: { bankAccount } };
    },
  );

  app.get(
    '/bank-accounts/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Cuenta bancaria',
        params: IdParamsSchema,
        response: { 200: accountEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: { bankAccount: await accounts.getAccount({ ...call(req), id: req.params.id }) },
    }),
  );

  app.put(
    '/bank-accounts/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Editar cuenta bancaria (y su formato genérico de estado de cuenta)',
        params: IdParamsSchema,
        body: UpdateReconciliationAccountRequestSchema,
        response: { 200: accountEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        bankAccount: await accounts.updateAccount({ ...writeCall(req), id: req.params.id, input: req.body }),
      },
    }),
  );

  app.post(
    '/bank-accounts/:id/statements',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Importar estado de cuenta (multipart `file`: CSV, XLSX u OFX)',
        consumes: ['multipart/form-data'],
        params: IdParamsSchema,
        response: { 201: successEnvelope(ImportStatementResponseSchema) },
      },
    },
    async (req, reply) => {
      const file = await readStatementUpload(req);
      const result = await accounts.importStatement({ ...writeCall(req), id: req.params.id, file });
      reply.code(201);
      return { success: true as const, data: result };
    },
  );

  app.get(
    '/bank-accounts/:id/lines',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Líneas del estado de cuenta con sugerencias (paginadas)',
        params: IdParamsSchema,
        querystring: ListBankLinesQuerySchema,
        response: { 200: successEnvelope(ListBankLinesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await lines.listLines({ db: app.db, id: req.params.id, query: req.query }),
    }),
  );

  app.get(
    '/bank-accounts/:id/reconciliation',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Conciliación del mes: balance del banco vs. del portal',
        params: IdParamsSchema,
        querystring: ReconciliationQuerySchema,
        response: { 200: successEnvelope(GetReconciliationSummaryResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        summary: await reconciliationSummary({ db: app.db, id: req.params.id, month: req.query.month }),
      },
    }),
  );

  app.get(
    '/bank-accounts/:id/exact-matches',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Coincidencias exactas del mes (vista previa de aceptarlas todas)',
        params: IdParamsSchema,
        querystring: ExactMatchesQuerySchema,
        response: { 200: successEnvelope(ExactMatchesPreviewSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await lines.previewExactMatches({ db: app.db, id: req.params.id, month: req.query.month }),
    }),
  );

  app.post(
    '/bank-accounts/:id/exact-matches',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Aceptar las coincidencias exactas del mes (cada línea en su propia transacción)',
        params: IdParamsSchema,
        body: AcceptExactMatchesRequestSchema,
        response: { 200: successEnvelope(AcceptExactMatchesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: published(
        await lines.acceptExactMatches({ ...writeCall(req), id: req.params.id, input: req.body }),
      ),
    }),
  );

  app.get(
    '/bank-lines/:id',
    {
      ...admin,
      schema: { tags, summary: 'Línea del banco', params: IdParamsSchema, response: { 200: lineEnvelope } },
    },
    async (req) => ({
      success: true as const,
      data: { bankLine: await lines.getLine({ db: app.db, id: req.params.id }) },
    }),
  );

  app.post(
    '/bank-lines/:id/match',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Conciliar la línea: registra los pagos, confirma el reporte o enlaza el gasto',
        params: IdParamsSchema,
        body: MatchBankLineRequestSchema,
        response: { 200: lineEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        bankLine: published(await lines.matchLine({ ...writeCall(req), id: req.params.id, input: req.body })),
      },
    }),
  );

  app.delete(
    '/bank-lines/:id/match',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Deshacer la conciliación (anula lo que registró)',
        params: IdParamsSchema,
        response: { 200: lineEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: { bankLine: published(await lines.unmatchLine({ ...writeCall(req), id: req.params.id })) },
    }),
  );

  app.post(
    '/bank-lines/:id/ignore',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Ignorar la línea con un motivo',
        params: IdParamsSchema,
        body: IgnoreBankLineRequestSchema,
        response: { 200: lineEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: { bankLine: await lines.ignoreLine({ ...writeCall(req), id: req.params.id, input: req.body }) },
    }),
  );

  app.delete(
    '/bank-lines/:id/ignore',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Volver a considerar una línea ignorada',
        params: IdParamsSchema,
        response: { 200: lineEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: { bankLine: await lines.unignoreLine({ ...writeCall(req), id: req.params.id }) },
    }),
  );

  app.post(
    '/bank-lines/:id/expense',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Crear el gasto de una regla para este débito y conciliarlo',
        params: IdParamsSchema,
        body: CreateExpenseFromLineRequestSchema,
        response: { 200: lineEnvelope },
      },
    },
    async (req) => {
      const bankLine = published(
        await lines.expenseFromRule({ ...writeCall(req), id: req.params.id, input: req.body }),
      );
      // An E41/E43/E47 signed in the transaction goes to the DGII now (direct mode).
      app.ecfSender.wake();
      return { success: true as const, data: { bankLine } };
    },
  );

  app.get(
    '/bank-rules',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Reglas para débitos',
        response: { 200: successEnvelope(ListBankRulesResponseSchema) },
      },
    },
    async (req) => ({ success: true as const, data: { bankRules: await rules.listRules(call(req)) } }),
  );

  app.post(
    '/bank-rules',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Crear regla para débitos',
        body: BankRuleRequestSchema,
        response: { 201: ruleEnvelope },
      },
    },
    async (req, reply) => {
      const bankRule = await rules.createRule({ ...writeCall(req), input: req.body });
      reply.code(201);
      return { success: true as const, data: { bankRule } };
    },
  );

  app.put(
    '/bank-rules/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Editar regla para débitos',
        params: IdParamsSchema,
        body: BankRuleRequestSchema,
        response: { 200: ruleEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: { bankRule: await rules.updateRule({ ...writeCall(req), id: req.params.id, input: req.body }) },
    }),
  );

  app.delete(
    '/bank-rules/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Eliminar regla para débitos',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await rules.deleteRule({ ...writeCall(req), id: req.params.id });
      return { success: true as const, message: 'Regla eliminada' };
    },
  );
};

export default bankRoutes;
