import {
  DgiiReportQuerySchema,
  GetConsumoSummaryResponseSchema,
  GetDgiiMonthSummaryResponseSchema,
  successEnvelope,
} from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeKit } from '../../lib/route-kit.js';
import { contentDisposition } from '../../lib/storage.js';
import { dgii606 } from './dgii-606.service.js';
import { consumoSummary, dgii607, dgii608 } from './dgii-reports.service.js';
import { FISCAL_PERMISSIONS, fiscalPolicy } from './fiscal.policy.js';
import { monthSummary } from './month-close.service.js';

/**
 * DGII 606 / 607 / 608 text files (issue 12, decision 141), downloaded from Reportes, the consumo
 * totals the 607's Oficina Virtual section asks for (issue 27), and the month's IT-1 / IR-17 figures
 * and deadlines for "Cierre del mes" (decision 141). Admin only (fiscal.policy.ts).
 */
const dgiiReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guard } = routeKit(app, fiscalPolicy);
  const reports = guard(FISCAL_PERMISSIONS.reports, 'reports');
  const tags = ['fiscal'];

  const summaries = {
    '606': 'Formato 606 de la DGII (compras de bienes y servicios), texto separado por |',
    '607': 'Formato 607 de la DGII (ventas de bienes y servicios), texto separado por |',
    '608': 'Formato 608 de la DGII (comprobantes anulados), texto separado por |',
  };
  for (const [format, build] of [
    ['606', dgii606],
    ['607', dgii607],
    ['608', dgii608],
  ] as const) {
    app.get(
      `/reports/dgii/${format}`,
      {
        ...reports,
        schema: {
          tags,
          summary: summaries[format],
          querystring: DgiiReportQuerySchema,
        },
      },
      async (req, reply) => {
        const { filename, text } = await build({ db: app.db, period: req.query.period });
        return reply
          .type('text/plain; charset=utf-8')
          .header('Content-Disposition', contentDisposition(filename, false))
          .send(text);
      },
    );
  }

  app.get(
    '/reports/dgii/consumo',
    {
      ...reports,
      schema: {
        tags,
        summary: 'Totales de facturas de consumo menores de RD$250,000 (sección de consumo del 607)',
        querystring: DgiiReportQuerySchema,
        response: { 200: successEnvelope(GetConsumoSummaryResponseSchema) },
      },
    },
    async (req) => {
      const s = await consumoSummary({ db: app.db, period: req.query.period });
      const rd = (cents: number) => cents / 100;
      return {
        success: true as const,
        data: {
          summary: {
            period: s.period,
            count: s.count,
            invoicedAmount: rd(s.invoicedAmountCents),
            itbis: rd(s.itbisCents),
            total: rd(s.totalCents),
            cash: rd(s.cashCents),
            bank: rd(s.bankCents),
            card: rd(s.cardCents),
            creditSale: rd(s.creditSaleCents),
          },
        },
      };
    },
  );

  app.get(
    '/reports/dgii/summary',
    {
      ...reports,
      schema: {
        tags,
        summary: 'Cifras del mes para el IT-1 y el IR-17, con sus líneas, y fechas límite de la DGII',
        querystring: DgiiReportQuerySchema,
        response: { 200: successEnvelope(GetDgiiMonthSummaryResponseSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { summary: await monthSummary({ db: app.db, period: req.query.period }) },
    }),
  );
};

export default dgiiReportsRoutes;
