import { Paper, Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { NotificationPreferences } from '../../../components/account/notification-preferences';
import { PaymentRemindersSwitch } from '../../../components/account/payment-reminders-switch';
import { SessionsCard } from '../../../components/account/sessions-card';
import { TwoFactorCard } from '../../../components/account/two-factor-card';
import { PageHeader } from '../../../components/ui/page-header';
import { useSessionStore } from '../../../stores/session-store';
import { BankAccountsPanel } from '../../bank-reconciliation';
import { TemplatesPanel } from '../../proposals';
import { AuditPanel } from '../components/audit-panel';
import { BackupsPanel } from '../components/backups-panel';
import { BusinessHoursCard } from '../components/business-hours-card';
import { ClosedPeriodsCard } from '../components/closed-periods-card';
import { CompanySettingsForm } from '../components/company-settings-form';
import { DeleteAccountCard } from '../components/delete-account-card';
import { EcfSettingsCard } from '../components/ecf-settings-card';
import { ExchangeRatesCard } from '../components/exchange-rates-card';
import { FiscalPanel } from '../components/fiscal-panel';
import { InboundMailPanel } from '../components/inbound-mail-panel';
import { IntegrationsPanel } from '../components/integrations-panel';
import { JobsPanel } from '../components/jobs-panel';
import { MailOutboxPanel } from '../components/mail-outbox-panel';
import { OnlinePaymentsCard } from '../components/online-payments-card';
import { PaymentInstructionsPanel } from '../components/payment-instructions-panel';

/**
 * /settings (spec doc 2 §2 "Settings"): tabs company, fiscal (NCF ranges, issue 12; e-CF emission, issue 26), notifications, security, integrations
 * (plus the audit log) for admins; other users see notifications, security and integrations (their
 * iCalendar feed, decision 071).
 */
export function SettingsPage() {
  const role = useSessionStore((state) => state.user?.role);
  const isAdmin = role === 'admin';
  // "Bancos", not "Cuentas bancarias": the admin's eleven tabs fit one row at 1440 px (decision 167
  // addendum); the panel's heading keeps the long name. At 390 px the row wraps, as every tab list.
  const tabs = isAdmin
    ? [
        { value: 'company', label: 'Empresa' },
        { value: 'payments', label: 'Datos de pago' },
        { value: 'bank-accounts', label: 'Bancos' },
        { value: 'fiscal', label: 'Fiscal' },
        { value: 'templates', label: 'Plantillas' },
        { value: 'notifications', label: 'Notificaciones' },
        { value: 'security', label: 'Seguridad' },
        { value: 'integrations', label: 'Integraciones' },
        { value: 'audit', label: 'Auditoría' },
        { value: 'mail', label: 'Correos' },
        { value: 'jobs', label: 'Tareas programadas' },
        { value: 'backups', label: 'Copias de seguridad' },
      ]
    : [
        { value: 'notifications', label: 'Notificaciones' },
        { value: 'security', label: 'Seguridad' },
        { value: 'integrations', label: 'Integraciones' },
      ];
  const [params, setParams] = useSearchParams();
  const tab = tabs.find((t) => t.value === params.get('tab'))?.value ?? tabs[0]!.value;

  return (
    <>
      <PageHeader
        title="Configuración"
        description={
          isAdmin
            ? 'Ajustes de la empresa, comprobantes fiscales, notificaciones, seguridad e integraciones.'
            : 'Notificaciones, seguridad e integraciones de tu cuenta.'
        }
      />
      <Tabs value={tab} onChange={(v) => v && setParams({ tab: v }, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          {tabs.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {isAdmin && (
          <Tabs.Panel value="company">
            <Stack gap="lg">
              <CompanySettingsForm />
              <BusinessHoursCard />
            </Stack>
          </Tabs.Panel>
        )}
        {isAdmin && (
          <Tabs.Panel value="payments">
            <Stack>
              <PaymentInstructionsPanel />
              <OnlinePaymentsCard />
            </Stack>
          </Tabs.Panel>
        )}
        {isAdmin && (
          <Tabs.Panel value="bank-accounts">
            <BankAccountsPanel />
          </Tabs.Panel>
        )}
        {isAdmin && (
          <Tabs.Panel value="fiscal">
            <Stack>
              <FiscalPanel />
              <EcfSettingsCard />
              <ExchangeRatesCard />
              <ClosedPeriodsCard />
            </Stack>
          </Tabs.Panel>
        )}
        {isAdmin && (
          <Tabs.Panel value="templates">
            <TemplatesPanel />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="notifications">
          <Stack gap="lg">
            {role === 'client' && (
              <Paper withBorder p="md" radius="md">
                <PaymentRemindersSwitch
                  url="/reminders/me"
                  description="Recibe por correo un aviso antes y después del vencimiento de tus facturas pendientes."
                />
              </Paper>
            )}
            <NotificationPreferences />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="security">
          <Stack gap="lg">
            <TwoFactorCard />
            <SessionsCard />
            {role === 'client' && <DeleteAccountCard />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="integrations">
          <IntegrationsPanel />
        </Tabs.Panel>
        {isAdmin && (
          <Tabs.Panel value="audit">
            <AuditPanel />
          </Tabs.Panel>
        )}
        {isAdmin && (
          <Tabs.Panel value="mail">
            <Stack gap="md">
              <InboundMailPanel />
              <MailOutboxPanel />
            </Stack>
          </Tabs.Panel>
        )}
        {isAdmin && (
          <Tabs.Panel value="jobs">
            <JobsPanel />
          </Tabs.Panel>
        )}
        {isAdmin && (
          <Tabs.Panel value="backups">
            <BackupsPanel />
          </Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}
