import { z } from 'zod';
import { isoDateSchema } from './text.js';

/** Report periods (spec doc 2 §9) with Spanish labels; default 6m. */
export const REPORT_PERIODS = ['1m', '3m', '6m', '1y'] as const;
export const ReportPeriodSchema = z.enum(REPORT_PERIODS);
export type ReportPeriod = z.infer<typeof ReportPeriodSchema>;
export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  '1m': 'Último mes',
  '3m': 'Últimos 3 meses',
  '6m': 'Últimos 6 meses',
  '1y': 'Último año',
};
/** Months in each period. */
export const REPORT_PERIOD_MONTHS: Record<ReportPeriod, number> = { '1m': 1, '3m': 3, '6m': 6, '1y': 12 };

/** `GET /reports/dashboard` query. */
export const ReportDashboardQuerySchema = z.object({ period: ReportPeriodSchema.default('6m') });

/**
 * `GET /reports/dashboard` (spec doc 2 §3 "Report dashboard data"), computed in SQL for the
 * period against the previous period of the same length. Money: payments received in major
 * units of the company currency. Growth values are percents (one decimal; null when the
 * previous period was 0). completionRate = completed / (projects of the period not cancelled) × 100.
 * `revenueByMonth` and `projectsByStatus` feed the charts.
 */
export const ReportDashboardSchema = z.object({
  period: ReportPeriodSchema,
  startDate: z.string(),
  endDate: z.string(),
  currency: z.string(),
  totalRevenue: z.number(),
  revenueGrowth: z.number().nullable(),
  totalProjects: z.number().int(),
  activeProjects: z.number().int(),
  projectsGrowth: z.number().nullable(),
  activeClients: z.number().int(),
  clientsGrowth: z.number().nullable(),
  completionRate: z.number(),
  revenueByMonth: z.array(z.object({ month: z.string(), revenue: z.number(), invoiced: z.number() })),
  projectsByStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
});
export type ReportDashboard = z.infer<typeof ReportDashboardSchema>;

export const REPORT_TYPES = ['financial', 'projects'] as const;
export const ReportTypeSchema = z.enum(REPORT_TYPES);
export type ReportType = z.infer<typeof ReportTypeSchema>;
export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  financial: 'Financiero',
  projects: 'Proyectos',
};

/** `POST /reports/financial` and `POST /reports/projects` body; dates YYYY-MM-DD, end ≥ start. */
export const GenerateReportRequestSchema = z
  .object({
    startDate: isoDateSchema(),
    endDate: isoDateSchema(),
    title: z.string().trim().min(1, 'Título es requerido').max(200),
    description: z
      .string()
      .trim()
      .max(2000)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .refine((v) => v.endDate >= v.startDate, {
    message: 'La fecha final no puede ser anterior a la inicial',
    path: ['endDate'],
  });
export type GenerateReportRequest = z.input<typeof GenerateReportRequestSchema>;

/** Stored report content (money in major units, hours decimal). Sections absent for the other type are empty. */
export const ReportDataSchema = z.object({
  currency: z.string(),
  revenueByMonth: z.array(z.object({ month: z.string(), revenue: z.number(), invoiced: z.number() })),
  revenueByClient: z.array(z.object({ clientId: z.string(), client: z.string(), revenue: z.number() })),
  invoicesByStatus: z.array(z.object({ status: z.string(), count: z.number().int(), total: z.number() })),
  projectsByStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
  projectsByCategory: z.array(z.object({ category: z.string(), count: z.number().int() })),
  hoursLogged: z.number().nullable().describe('null when time tracking is not available'),
  totals: z.record(z.string(), z.number()),
});
export type ReportData = z.infer<typeof ReportDataSchema>;

/** A generated report. */
export const ReportSchema = z.object({
  _id: z.uuid(),
  type: ReportTypeSchema,
  title: z.string(),
  description: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  data: ReportDataSchema,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Report = z.infer<typeof ReportSchema>;

/** `GET /reports` query. */
export const ListReportsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  type: z.enum([...REPORT_TYPES, 'all', '']).optional(),
});
export const ListReportsResponseSchema = z.object({
  reports: z.array(ReportSchema.omit({ data: true })),
  pagination: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});
export const GetReportResponseSchema = z.object({ report: ReportSchema });
