import {
  BANK_ACCOUNT_TYPE_LABELS,
  type BankAccount,
  formatTaxId,
  hasPaymentInstructions,
  onlyDigits,
  taxIdLabel,
} from '@agencia/shared';
import {
  ActionIcon,
  Anchor,
  Badge,
  Card,
  CopyButton,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { Fragment, useId } from 'react';
import { Link } from 'react-router';
import { usePaymentInstructions } from '../lib/payment-instructions-api';

/** "Cuenta corriente · DOP": the account type and currency as one short label. */
export function bankAccountKind(account: Pick<BankAccount, 'accountType' | 'currency'>): string {
  return `Cuenta ${BANK_ACCOUNT_TYPE_LABELS[account.accountType].toLowerCase()} · ${account.currency}`;
}

/** The accounts held in `currency` first, then the others, each group in the configured order. */
export function accountsForCurrency(accounts: BankAccount[], currency: string): BankAccount[] {
  return [
    ...accounts.filter((a) => a.currency === currency),
    ...accounts.filter((a) => a.currency !== currency),
  ];
}

/**
 * One bank account as a client reads it: bank, type and currency, the number (with a copy button
 * that copies the digits only) and the holder with their RNC or cédula.
 */
export function BankAccountDetails({ account }: { account: BankAccount }) {
  return (
    <Stack gap={2} data-testid="bank-account">
      <Group gap="xs" wrap="wrap">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {account.bank}
        </Text>
        <Badge variant="light" tt="none" size="sm">
          {bankAccountKind(account)}
        </Badge>
      </Group>
      <Group gap={4} wrap="nowrap">
        <Text ff="monospace" fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {account.accountNumber}
        </Text>
        <CopyButton value={onlyDigits(account.accountNumber)} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copiado' : 'Copiar número de cuenta'} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={`Copiar número de cuenta ${account.accountNumber}`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Titular: {account.holderName} ·{' '}
        <span style={{ whiteSpace: 'nowrap' }}>
          {taxIdLabel(account.holderId)}: {formatTaxId(account.holderId)}
        </span>
      </Text>
    </Stack>
  );
}

/**
 * "Cómo pagar" (issue 18): the company's bank accounts and other ways to pay, read from
 * `GET /settings/payment-instructions`. With `amount` and `reference` it tells the client what to
 * transfer and what to quote. Renders nothing while there are no instructions, except for an admin
 * (`canManage`), who gets a link to Configuración → Datos de pago.
 */
export function PaymentInstructionsCard({
  amount,
  reference,
  canManage = false,
  wide = false,
  currency,
  pesoAmount,
}: {
  /** Formatted amount owed, e.g. "RD$45,000.00". */
  amount?: string;
  /** Invoice number to quote as the transfer's reference. */
  reference?: string;
  canManage?: boolean;
  /** Full-width placement (Mis Facturas): accounts side by side from 768 px. */
  wide?: boolean;
  /** The invoice's currency: accounts held in it are listed first. */
  currency?: string;
  /**
   * A foreign-currency invoice's balance in pesos at its own rate, e.g. "RD$139,122.00, el
   * equivalente de US$2,360.00 a RD$58.95 por US$1 del 27/11/2026,": what to transfer when no
   * account is held in the invoice's currency.
   */
  pesoAmount?: string;
}) {
  const titleId = useId();
  const query = usePaymentInstructions();
  const data = query.data;
  // Nothing while loading or on error: a card that may turn out empty should not flash.
  if (query.isLoading || query.isError || !data) return null;
  if (!hasPaymentInstructions(data)) {
    if (!canManage) return null;
    return (
      <Card withBorder radius="md" component="section" aria-labelledby={titleId}>
        <Title order={2} size="h4" mb="xs" id={titleId}>
          Cómo pagar
        </Title>
        <Text size="sm" c="dimmed">
          Tus clientes aún no ven cuentas para pagar.{' '}
          {/* Underlined: a link inside a sentence must not rely on colour (WCAG 1.4.1, axe
              link-in-text-block). */}
          <Anchor component={Link} to="/settings?tab=payments" size="sm" underline="always">
            Agrega los datos de pago
          </Anchor>{' '}
          en Configuración.
        </Text>
      </Card>
    );
  }
  const accounts = currency ? accountsForCurrency(data.bankAccounts, currency) : data.bankAccounts;
  // Dollars are never sent to a peso account (decision 163): without an account in the invoice's
  // currency the sentence asks for the peso equivalent, or names no amount when there is none.
  const inCurrency = !currency || accounts.some((a) => a.currency === currency);
  const toTransfer = inCurrency ? amount : pesoAmount;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={titleId} data-testid="how-to-pay">
      <Title order={2} size="h4" mb="xs" id={titleId}>
        Cómo pagar
      </Title>
      {
        <Stack gap="sm">
          {accounts.length > 0 && (
            <Text size="sm">
              {toTransfer
                ? `Transfiere ${toTransfer} a una de estas cuentas`
                : 'Transfiere a una de estas cuentas'}
              {reference
                ? ` e indica la factura ${reference} como referencia.`
                : ' e indica el número de la factura como referencia.'}
              {!inCurrency && !pesoAmount && amount
                ? ` Las cuentas son en otra moneda: confirma con nosotros el monto equivalente a ${amount}.`
                : ''}
            </Text>
          )}
          {wide ? (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {accounts.map((account) => (
                <Paper key={`${account.bank}-${account.accountNumber}`} withBorder radius="md" p="sm">
                  <BankAccountDetails account={account} />
                </Paper>
              ))}
            </SimpleGrid>
          ) : (
            accounts.map((account, i) => (
              <Fragment key={`${account.bank}-${account.accountNumber}`}>
                {i > 0 && <Divider />}
                <BankAccountDetails account={account} />
              </Fragment>
            ))
          )}
          {data.otherMethods && (
            <>
              {accounts.length > 0 && !wide && <Divider />}
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  Otras formas de pago
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {data.otherMethods}
                </Text>
              </Stack>
            </>
          )}
        </Stack>
      }
    </Card>
  );
}
