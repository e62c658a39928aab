import { z } from 'zod';
import { DgiiReportQuerySchema } from './fiscal.js';

/**
 * Closed fiscal periods (issue 27, decision 135): a month whose DGII reports (607, 608) were filed.
 * Nothing dated in a closed month can be created or changed until an admin reopens it.
 */

/** A fiscal period YYYYMM (e.g. 202611), the rule of the DGII report query (from 201805). */
export const FiscalPeriodSchema = DgiiReportQuerySchema.shape.period;

/** `POST /fiscal/periods` body: the month to close; 400 when malformed or in the future. */
export const CreateFiscalPeriodRequestSchema = z.object({ period: FiscalPeriodSchema });
export type CreateFiscalPeriodRequest = z.input<typeof CreateFiscalPeriodRequestSchema>;

/** `DELETE /fiscal/periods/{period}` params. */
export const FiscalPeriodParamsSchema = z.object({ period: FiscalPeriodSchema });

/** `DELETE /fiscal/periods/{period}` body: why it is reopened (trimmed, 5–500 characters; audited). */
export const DeleteFiscalPeriodRequestSchema = z.object({
  reason: z
    .string({ error: 'Indica el motivo' })
    .trim()
    .min(5, 'El motivo debe tener al menos 5 caracteres')
    .max(500, 'El motivo admite hasta 500 caracteres'),
});
export type DeleteFiscalPeriodRequest = z.input<typeof DeleteFiscalPeriodRequestSchema>;

/** A closed period: who closed it (`closedBy`: user id and name, null when deleted) and when (ISO). */
export const ClosedFiscalPeriodSchema = z.object({
  period: z.string(),
  closedAt: z.string(),
  closedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type ClosedFiscalPeriod = z.infer<typeof ClosedFiscalPeriodSchema>;

/**
 * `POST /fiscal/periods` (201) and `DELETE` (200) response. `warnings` (closing only; issue 48):
 * Spanish notes that do not block the closing, e.g. bank lines of the month not reconciled.
 */
export const GetFiscalPeriodResponseSchema = z.object({
  period: ClosedFiscalPeriodSchema,
  warnings: z.array(z.string()).optional(),
});

/** `GET /fiscal/periods`: closed months, newest first. */
export const ListFiscalPeriodsResponseSchema = z.object({ periods: z.array(ClosedFiscalPeriodSchema) });

/** `2026-10` style label of a YYYYMM period, as used in the closed-period messages. */
export const formatFiscalPeriod = (period: string) => `${period.slice(0, 4)}-${period.slice(4, 6)}`;

/** The YYYYMM period of a calendar day (YYYY-MM-DD). */
export const periodOfDay = (day: string) => day.slice(0, 4) + day.slice(5, 7);

/** The 409 message when something dated in a closed `period` is created or changed. */
export const closedPeriodMessage = (period: string) =>
  `El período ${formatFiscalPeriod(period)} está cerrado: ya se presentaron sus reportes a la DGII. Reábrelo en Configuración → Fiscal para registrar cambios.`;

/** Spanish name of a YYYYMM period: 202610 → "Octubre de 2026". */
export function fiscalPeriodLabel(period: string): string {
  const month = new Intl.DateTimeFormat('es-DO', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(4, 6)) - 1, 1)),
  );
  return `${month.charAt(0).toUpperCase()}${month.slice(1)} de ${period.slice(0, 4)}`;
}

/** The `count` months before today's (business day YYYY-MM-DD), newest first, as YYYYMM. */
export function pastFiscalPeriods(today: string, count: number): string[] {
  const out: string[] = [];
  let y = Number(today.slice(0, 4));
  let m = Number(today.slice(5, 7));
  for (let i = 0; i < count; i++) {
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
    out.push(`${y}${String(m).padStart(2, '0')}`);
  }
  return out;
}

/**
 * A month whose 607/608 were filed (it was closed at least once) and that got documents dated in it
 * after its first closing — possible only while it was reopened. Its reports must be sent again as
 * rectified ones ("rectificativa", Norma General 07-2018 art. 15: the information sent may be
 * corrected by sending the format again). `firstClosedAt` is ISO; counts are of records created
 * after it.
 */
export const FiscalPeriodCorrectionSchema = z.object({
  period: z.string(),
  firstClosedAt: z.string(),
  payments: z.number().int(),
  creditNotes: z.number().int(),
  voids: z.number().int(),
});
export type FiscalPeriodCorrection = z.infer<typeof FiscalPeriodCorrectionSchema>;
export const ListFiscalPeriodCorrectionsResponseSchema = z.object({
  corrections: z.array(FiscalPeriodCorrectionSchema),
});
