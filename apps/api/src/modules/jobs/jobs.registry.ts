import type { Effects } from '../../lib/effects.js';
import { warnCertificateExpiry } from '../ecf/ecf-settings.service.js';
import { expireQuotes } from '../quotes/quotes.service.js';
import { generateDueRecurringInvoices } from '../recurring-invoices/recurring-invoices.run.js';
import { sendScheduledReminders } from '../reminders/reminders.service.js';
import type { JobDefinition } from './jobs.runner.js';

type Push = (fx: Effects) => void;

/**
 * Every scheduled job of the app (README "Scheduled jobs", decision 110). `push` publishes what a
 * run wrote (its {@link Effects}), after its transaction committed.
 */
export function appJobs(push: Push): JobDefinition[] {
  return [
    {
      name: 'recurring-invoices',
      label: 'Igualas (facturas recurrentes)',
      description:
        'Crea la factura de cada periodo de las igualas activas (borrador, o emitida y enviada si la iguala lo indica).',
      hour: 6,
      run: ({ db, today }) => generateDueRecurringInvoices(db, today, push),
    },
    {
      name: 'payment-reminders',
      label: 'Recordatorios de pago',
      description:
        'Envía por correo, con el PDF y el saldo, los recordatorios de las facturas pendientes según los días configurados.',
      hour: 8,
      run: ({ db, today }) => sendScheduledReminders(db, today, push),
    },
    {
      name: 'quote-expiry',
      label: 'Vencimiento de cotizaciones',
      description: 'Marca como vencidas las cotizaciones enviadas cuya fecha de validez ya pasó.',
      hour: 0,
      run: async ({ db, today }) => (await expireQuotes(db, today)).summary,
    },
    {
      name: 'ecf-certificate',
      label: 'Vencimiento del certificado digital',
      description:
        'Avisa a los administradores 30 días antes de que venza el certificado de facturación electrónica, y cuando venció.',
      hour: 7,
      run: async ({ db, asOf }) => {
        const { effects: fx, summary } = await warnCertificateExpiry(db, asOf);
        push(fx);
        return summary;
      },
    },
  ];
}
