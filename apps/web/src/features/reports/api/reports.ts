import type {
  ClosedFiscalPeriod,
  ConsumoSummary,
  DgiiMonthSummary,
  GenerateReportRequest,
  PipelineReport,
  ProfitabilityQuery,
  ProfitabilityReport,
  Report,
  ReportDashboard,
  ReportPeriod,
  ReportType,
} from '@agencia/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, type SuccessEnvelope, unwrap } from '../../../lib/api-client';

type ReportSummary = Omit<Report, 'data'>;

/** `GET /reports/dashboard?period`. */
export const useReportDashboard = (period: ReportPeriod) =>
  useQuery({
    queryKey: ['reports', 'dashboard', period],
    queryFn: () =>
      unwrap(apiClient.get<SuccessEnvelope<ReportDashboard>>('/reports/dashboard', { params: { period } })),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** `GET /reports/pipeline?period` (decision 170): leads per stage and won in the period. */
export const usePipelineReport = (period: ReportPeriod) =>
  useQuery({
    queryKey: ['reports', 'pipeline', period],
    queryFn: () =>
      unwrap(apiClient.get<SuccessEnvelope<PipelineReport>>('/reports/pipeline', { params: { period } })),
    placeholderData: keepPreviousData,
  });

/** `GET /reports?page&limit&type`. */
export const useReports = (page: number) =>
  useQuery({
    queryKey: ['reports', 'list', page],
    queryFn: () =>
      unwrap(
        apiClient.get<
          SuccessEnvelope<{
            reports: ReportSummary[];
            pagination: { page: number; limit: number; total: number };
          }>
        >('/reports', {
          params: { page, limit: 10 },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** `GET /reports/{id}` on demand (view / export). */
export async function fetchReport(id: string): Promise<Report> {
  return (await unwrap(apiClient.get<SuccessEnvelope<{ report: Report }>>(`/reports/${id}`))).report;
}

/** `POST /reports/financial | projects`. */
export function useGenerateReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ type, body }: { type: ReportType; body: GenerateReportRequest }) =>
      (await unwrap(apiClient.post<SuccessEnvelope<{ report: Report }>>(`/reports/${type}`, body))).report,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['reports', 'list'] }),
    retry: false,
  });
}

/** `DELETE /reports/{id}`. */
export function useDeleteReport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete(`/reports/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['reports', 'list'] }),
    retry: false,
  });
}

/** `GET /reports/dgii/consumo?period=YYYYMM` (admin): consumo totals under RD$250,000 (issue 27). */
export const useConsumoSummary = (period: string) =>
  useQuery({
    queryKey: ['reports', 'dgii-consumo', period],
    queryFn: () =>
      unwrap(
        apiClient.get<SuccessEnvelope<{ summary: ConsumoSummary }>>('/reports/dgii/consumo', {
          params: { period },
        }),
      ),
    select: (d) => d.summary,
  });

/** Query key of a month's DGII summary. */
export const dgiiSummaryKey = (period: string) => ['reports', 'dgii-summary', period] as const;

/**
 * `GET /reports/dgii/summary?period=YYYYMM` (admin, decision 141): the month's IT-1 and IR-17
 * figures with their lines, its filing deadlines and whether it is closed.
 */
export const useDgiiMonthSummary = (period: string) =>
  useQuery({
    queryKey: dgiiSummaryKey(period),
    queryFn: () =>
      unwrap(
        apiClient.get<SuccessEnvelope<{ summary: DgiiMonthSummary }>>('/reports/dgii/summary', {
          params: { period },
        }),
      ),
    select: (d) => d.summary,
    placeholderData: keepPreviousData,
  });

/**
 * `POST /fiscal/periods {period}` (admin, decision 135): closes the month from "Cierre del mes";
 * 400 for a month not over yet, 409 when already closed (Spanish messages).
 */
export function useCloseMonth() {
  const qc = useQueryClient();
  return useMutation({
    // `warnings`: notes that do not block the closing, e.g. bank lines not reconciled (decision 167).
    mutationFn: async (period: string) =>
      unwrap(
        apiClient.post<SuccessEnvelope<{ period: ClosedFiscalPeriod; warnings?: string[] }>>(
          '/fiscal/periods',
          {
            period,
          },
        ),
      ),
    onSuccess: (_data, period) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: dgiiSummaryKey(period) }),
        qc.invalidateQueries({ queryKey: ['fiscal', 'periods'] }),
      ]),
    retry: false,
  });
}
/** `GET /reports/profitability?from&to&groupBy` (admin): projects or clients ranked by margin (decision 142). */
export const useProfitabilityReport = (query: ProfitabilityQuery, enabled: boolean) =>
  useQuery({
    queryKey: ['reports', 'profitability', query],
    queryFn: () =>
      unwrap(
        apiClient.get<SuccessEnvelope<ProfitabilityReport>>('/reports/profitability', { params: query }),
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
