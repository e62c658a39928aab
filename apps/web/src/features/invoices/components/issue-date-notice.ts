import { daysBetween, isCalendarDay, issueDayDates } from '@agencia/shared';
import { formatDate, todayIso } from '../../billing-shared/components/format';

/** "30 días", "1 día". */
const days = (n: number) => `${n} ${n === 1 ? 'día' : 'días'}`;

/**
 * What issuing does to an invoice's dates, said before the user confirms (decision 132): it is
 * dated the day it is issued and falls due `paymentTerms` days later. "Se fechará hoy, 27/11/2026,
 * y vencerá el 27/12/2026: conserva su plazo de 30 días."
 */
export function issueDatesSentence(paymentTerms: number, today: string = todayIso()): string {
  const { issueDate, dueDate } = issueDayDates(paymentTerms, today);
  return `Se fechará hoy, ${formatDate(issueDate)}, y vencerá el ${formatDate(dueDate)}: conserva su plazo de ${days(paymentTerms)}.`;
}

/**
 * The invoice form's notice about the dates (decision 132), or null while the dates give no term
 * (empty, or due before issue). Issuing now (`issuesNow`, the draft switch off): the dates it will
 * take; a draft: its dates are provisional, the term is what is kept.
 */
export function invoiceFormDateNotice(
  values: { issueDate: string; dueDate: string },
  issuesNow: boolean,
): string | null {
  if (!isCalendarDay(values.issueDate) || !isCalendarDay(values.dueDate)) return null;
  const terms = daysBetween(values.issueDate, values.dueDate);
  if (terms < 0) return null;
  return issuesNow
    ? `Al crearla se emite: ${issueDatesSentence(terms)}`
    : `Al emitirla, la factura se fecha el día en que se emite y vence ${days(terms)} después (su plazo de pago); las fechas del borrador son provisionales.`;
}
