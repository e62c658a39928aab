import {
  CreateFiscalPeriodRequestSchema,
  CreateFiscalSequenceRequestSchema,
  DeleteFiscalPeriodRequestSchema,
  FiscalPeriodParamsSchema,
  GetFiscalPeriodResponseSchema,
  GetFiscalSequenceResponseSchema,
  IdParamsSchema,
  ImportExchangeRatesResponseSchema,
  ListExchangeRatesQuerySchema,
  ListExchangeRatesResponseSchema,
  ListFiscalPeriodCorrectionsResponseSchema,
  ListFiscalPeriodsResponseSchema,
  ListFiscalSequencesResponseSchema,
  successEnvelope,
  UpdateFiscalSequenceRequestSchema,
  UpsertExchangeRateRequestSchema,
  UpsertExchangeRateResponseSchema,
  VoidNcfRequestSchema,
  VoidNcfResponseSchema,
} from '@agencia/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publish } from '../../lib/effects.js';
import { badRequest } from '../../lib/errors.js';
import { routeKit } from '../../lib/route-kit.js';
import { bankCloseWarnings } from '../bank/bank-reconciliation.service.js';
import * as ratesSvc from './exchange-rates.service.js';
import { FISCAL_PERMISSIONS, fiscalPolicy } from './fiscal.policy.js';
import * as svc from './fiscal.service.js';
import * as periodsSvc from './fiscal-periods.service.js';

/**
 * Reads the BCRD series upload: multipart with the CSV in `file`. Throws 400 in Spanish when the
 * request has no file or it is larger than 2 MB.
 */
async function readRatesUpload(req: FastifyRequest): Promise<Buffer> {
  const missing = 'Selecciona el archivo CSV de la tasa de cambio del Banco Central.';
  if (!req.isMultipart()) throw badRequest(missing, [{ field: 'file', message: missing }]);
  let file: Buffer | null = null;
  for await (const part of req.parts({
    limits: { fileSize: ratesSvc.BCRD_CSV_MAX_BYTES, files: 1, fields: 4 },
  })) {
    if (part.type !== 'file') continue;
    const data = await part.toBuffer();
    if (part.fieldname !== 'file') continue;
    if (part.file.truncated) {
      const message = 'El archivo ocupa más de 2 MB: no parece la serie de tasas del Banco Central.';
      throw badRequest(message, [{ field: 'file', message }]);
    }
    file = data;
  }
  if (!file || file.length === 0) throw badRequest(missing, [{ field: 'file', message: missing }]);
  return file;
}

/**
 * Fiscal invoicing (issue 12): NCF / e-NCF ranges (Configuración → Fiscal). Admin only
 * (fiscal.policy.ts); the DGII report downloads are in dgii-reports.routes.ts.
 */
/** How often each process checks the ranges for the expiry alert (the claim makes it fire once). */
const ALERT_SWEEP_MS = 6 * 3600_000;

const fiscalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { writeCall, guard } = routeKit(app, fiscalPolicy);
  /** Who writes, on which database, with which audit context: the options every writing service takes. */
  const writer = (req: FastifyRequest) => writeCall(req);
  const sweep = () =>
    svc.sweepSequenceAlerts({ db: app.db }).then(
      (fx) => publish(app, fx),
      (err: unknown) => app.log.warn({ err }, 'fiscal alert sweep failed'),
    );
  const timer = setInterval(sweep, ALERT_SWEEP_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    void sweep();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  const sequences = guard(FISCAL_PERMISSIONS.sequences, 'sequences');
  const tags = ['fiscal'];
  const sequenceEnvelope = successEnvelope(GetFiscalSequenceResponseSchema);

  app.get(
    '/fiscal/sequences',
    {
      ...sequences,
      schema: {
        tags,
        summary: 'Rangos de comprobantes fiscales (NCF / e-NCF)',
        response: { 200: successEnvelope(ListFiscalSequencesResponseSchema) },
      },
    },
    async () => {
      publish(app, await svc.sweepSequenceAlerts({ db: app.db }));
      return { success: true as const, data: { sequences: await svc.listSequences(app.db) } };
    },
  );

  app.post(
    '/fiscal/sequences',
    {
      ...sequences,
      schema: {
        tags,
        summary: 'Agregar un rango autorizado por la DGII',
        body: CreateFiscalSequenceRequestSchema,
        response: { 201: sequenceEnvelope },
      },
    },
    async (req, reply) => {
      const sequence = await svc.createSequence({
        ...writer(req),
        input: req.body,
      });
      return reply.code(201).send({ success: true as const, data: { sequence } });
    },
  );

  app.put(
    '/fiscal/sequences/:id',
    {
      ...sequences,
      schema: {
        tags,
        summary: 'Activar/desactivar un rango, cambiar su umbral de alerta o su vencimiento',
        params: IdParamsSchema,
        body: UpdateFiscalSequenceRequestSchema,
        response: { 200: sequenceEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        sequence: await svc.updateSequence({ ...writeCall(req), id: req.params.id, input: req.body }),
      },
    }),
  );

  app.post(
    '/fiscal/sequences/:id/void',
    {
      ...sequences,
      schema: {
        tags,
        summary: 'Anular números no utilizados del rango (reporte 608)',
        params: IdParamsSchema,
        body: VoidNcfRequestSchema,
        response: { 200: successEnvelope(VoidNcfResponseSchema) },
      },
    },
    async (req) => {
      const result = await svc.voidNumbers({
        ...writer(req),
        id: req.params.id,
        input: req.body,
      });
      publish(app, result.effects);
      return { success: true as const, data: result.value };
    },
  );

  // Closed periods (issue 27, decision 135): months whose DGII reports were filed.
  const periods = guard(FISCAL_PERMISSIONS.periods, 'periods');
  const periodEnvelope = successEnvelope(GetFiscalPeriodResponseSchema);

  app.get(
    '/fiscal/periods',
    {
      ...periods,
      schema: {
        tags,
        summary: 'Períodos fiscales cerrados (más reciente primero)',
        response: { 200: successEnvelope(ListFiscalPeriodsResponseSchema) },
      },
    },
    async () => ({ success: true as const, data: { periods: await periodsSvc.listPeriods(app.db) } }),
  );

  app.get(
    '/fiscal/periods/corrections',
    {
      ...periods,
      schema: {
        tags,
        summary: 'Meses presentados con cambios posteriores: sus 607/608 deben enviarse rectificados',
        response: { 200: successEnvelope(ListFiscalPeriodCorrectionsResponseSchema) },
      },
    },
    async () => ({
      success: true as const,
      data: { corrections: await periodsSvc.periodCorrections(app.db) },
    }),
  );

  app.post(
    '/fiscal/periods',
    {
      ...periods,
      schema: {
        tags,
        summary: 'Cerrar un período ya reportado a la DGII',
        body: CreateFiscalPeriodRequestSchema,
        response: { 201: periodEnvelope },
      },
    },
    async (req, reply) => {
      const period = await periodsSvc.closePeriod({ ...writer(req), input: req.body });
      // Bank lines of the month not reconciled are a warning, never a block (issue 48).
      const warnings = await bankCloseWarnings({ db: app.db, period: req.body.period });
      return reply.code(201).send({ success: true as const, data: { period, warnings } });
    },
  );

  app.delete(
    '/fiscal/periods/:period',
    {
      ...periods,
      schema: {
        tags,
        summary: 'Reabrir un período cerrado (con motivo, auditado)',
        params: FiscalPeriodParamsSchema,
        body: DeleteFiscalPeriodRequestSchema,
        response: { 200: periodEnvelope },
      },
    },
    async (req) => ({
      success: true as const,
      data: {
        period: await periodsSvc.reopenPeriod({ ...writer(req), period: req.params.period, input: req.body }),
      },
    }),
  );

  // Exchange rates (issue 27, decision 137): DOP per US$ / € by day, for foreign-currency invoices.
  const rates = guard(FISCAL_PERMISSIONS.rates, 'rates');

  app.get(
    '/fiscal/exchange-rates',
    {
      ...rates,
      schema: {
        tags,
        summary: 'Tasas de cambio registradas (más reciente primero)',
        querystring: ListExchangeRatesQuerySchema,
        response: { 200: successEnvelope(ListExchangeRatesResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await ratesSvc.listRates({ db: app.db, query: req.query }),
    }),
  );

  app.post(
    '/fiscal/exchange-rates',
    {
      ...rates,
      schema: {
        tags,
        summary: 'Registrar (o reemplazar) la tasa de cambio de un día',
        body: UpsertExchangeRateRequestSchema,
        response: {
          200: successEnvelope(UpsertExchangeRateResponseSchema),
          201: successEnvelope(UpsertExchangeRateResponseSchema),
        },
      },
    },
    async (req, reply) => {
      const result = await ratesSvc.upsertRate({ ...writer(req), input: req.body });
      return reply.code(result.created ? 201 : 200).send({ success: true as const, data: result });
    },
  );

  app.post(
    '/fiscal/exchange-rates/import',
    {
      ...rates,
      schema: {
        tags,
        summary: 'Importar la serie diaria del dólar del Banco Central (multipart: file = CSV)',
        response: { 200: successEnvelope(ImportExchangeRatesResponseSchema) },
      },
    },
    async (req) => {
      const file = await readRatesUpload(req);
      return { success: true as const, data: await ratesSvc.importBcrdCsv({ ...writer(req), file }) };
    },
  );
};

export default fiscalRoutes;
