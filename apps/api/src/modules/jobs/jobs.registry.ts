import type { BackupConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Effects } from '../../lib/effects.js';
import type { BackupSettings } from '../backups/backups.archive.js';
import { scheduledBackup } from '../backups/backups.service.js';
import { warnCertificateExpiry } from '../ecf/ecf-settings.service.js';
import { sendLeadFollowUps } from '../leads/leads.service.js';
import { expireQuotes } from '../quotes/quotes.service.js';
import { generateDueRecurringInvoices } from '../recurring-invoices/recurring-invoices.run.js';
import { sendScheduledReminders } from '../reminders/reminders.service.js';
import type { JobDefinition } from './jobs.runner.js';

type Push = (fx: Effects) => void;

/**
 * Every scheduled job of the app (README "Scheduled jobs", decision 110). `push` publishes what a
 * run wrote (its {@link Effects}), after its transaction committed.
 */
export function appJobs(
  push: Push,
  options: { backup?: { database: Database; settings: BackupSettings; config: BackupConfig } } = {},
): JobDefinition[] {
  const backup = options.backup?.config.hour != null ? options.backup : null;
  return [
    // Decision 143: the daily backup (BACKUP_SCHEDULE, off: no job).
    ...(backup
      ? [
          {
            name: 'backup',
            label: 'Copia de seguridad',
            description:
              'Guarda una copia completa (base de datos, archivos subidos y claves) en BACKUP_DIR y en la segunda ubicación, y aplica la retención.',
            hour: backup.config.hour!,
            run: ({ asOf }: { asOf: Date }) =>
              scheduledBackup({
                database: backup.database,
                settings: backup.settings,
                backup: backup.config,
                push,
                now: asOf,
              }),
          },
        ]
      : []),
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
      run: ({ db, today }) => sendScheduledReminders({ db, today, push }),
    },
    {
      // Decision 170: a lead activity's follow-up day notifies the lead's owner that morning.
      name: 'lead-follow-ups',
      label: 'Seguimientos de prospectos',
      description:
        'Avisa al responsable de cada prospecto cuyas actividades tienen una fecha de seguimiento que ya llegó (una sola vez).',
      hour: 8,
      run: ({ db, today }) => sendLeadFollowUps({ db, today, push }),
    },
    {
      name: 'quote-expiry',
      label: 'Vencimiento de cotizaciones',
      description: 'Marca como vencidas las cotizaciones enviadas cuya fecha de validez ya pasó.',
      hour: 0,
      run: async ({ db, today }) => (await expireQuotes({ db, today })).summary,
    },
    {
      name: 'ecf-certificate',
      label: 'Vencimiento del certificado digital',
      description:
        'Avisa a los administradores 30 días antes de que venza el certificado de facturación electrónica, y cuando venció.',
      hour: 7,
      run: async ({ db, asOf }) => {
        const { effects: fx, summary } = await warnCertificateExpiry({ db, now: asOf });
        push(fx);
        return summary;
      },
    },
  ];
}
