import { DgiiReportQuerySchema, GetConsumoSummaryResponseSchema, successEnvelope } from '@agencia/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../lib/storage.js';
import { consumoSummary, dgii607, dgii608 } from './dgii-reports.service.js';
import { FISCAL_PERMISSIONS, fiscalPolicy } from './fiscal.policy.js';

/**
 * DGII 607 / 608 text files (issue 12), downloaded from Reportes, and the consumo totals the 607's
 * Oficina Virtual section asks for (issue 27). Admin only (fiscal.policy.ts).
 */
const dgiiReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = {
    onRequest: [
      app.authenticate,
      app.requirePermission(FISCAL_PERMISSIONS.reports, ...fiscalPolicy.roles('reports')),
    ],
  };
  const tags = ['fiscal'];

  for (const [format, build] of [
    ['607', dgii607],
    ['608', dgii608],
  ] as const) {
    app.get(
      `/reports/dgii/${format}`,
      {
        ...reports,
        schema: {
          tags,
          summary:
            format === '607'
              ? 'Formato 607 de la DGII (ventas de bienes y servicios), texto separado por |'
              : 'Formato 608 de la DGII (comprobantes anulados), texto separado por |',
          querystring: DgiiReportQuerySchema,
        },
      },
      async (req, reply) => {
        const { filename, text } = await build(app.db, req.query.period);
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
      const s = await consumoSummary(app.db, req.query.period);
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
};

export default dgiiReportsRoutes;
