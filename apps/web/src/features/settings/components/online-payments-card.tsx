import {
  AZUL_ENVIRONMENT_LABELS,
  AZUL_ENVIRONMENTS,
  type AzulEnvironment,
  CURRENCIES,
  type Currency,
  type OnlinePaymentSettings,
  UpdateOnlinePaymentSettingsRequestSchema,
} from '@agencia/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCreditCard } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastSuccess } from '../../../lib/toast';
import { useOnlinePaymentSettings, useUpdateOnlinePaymentSettings } from '../api/online-payments-api';

interface Values {
  enabled: boolean;
  environment: AzulEnvironment;
  merchantId: string;
  merchantName: string;
  merchantType: string;
  authKey: string;
  currencies: Currency[];
}

/** The form's values from the saved settings: the key field starts empty (it is write-only). */
const valuesOf = ({ azul }: OnlinePaymentSettings): Values => ({
  enabled: azul.enabled,
  environment: azul.environment,
  merchantId: azul.merchantId,
  merchantName: azul.merchantName,
  // Azul's usual merchant type as a real value, not a placeholder that looked filled in and then
  // failed on save (decision 163).
  merchantType: azul.merchantType || 'ECommerce',
  authKey: '',
  currencies: azul.currencies,
});

/**
 * Configuración → "Pagos en línea" (decision 147): turns Azul's Payment Page on or off, its
 * environment, the merchant data Azul assigned and the auth key (write-only: stored encrypted,
 * never shown again; blank keeps it), and the currencies a card may pay.
 */
export function OnlinePaymentsCard() {
  const query = useOnlinePaymentSettings();
  const update = useUpdateOnlinePaymentSettings();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      enabled: false,
      environment: 'pruebas',
      merchantId: '',
      merchantName: '',
      merchantType: 'ECommerce',
      authKey: '',
      currencies: ['DOP'],
    },
    validate: (v) => {
      const errors = zodResolver(UpdateOnlinePaymentSettingsRequestSchema)({ azul: v } as never);
      return Object.fromEntries(Object.entries(errors).map(([k, m]) => [k.replace(/^azul\./, ''), m]));
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form when the saved settings change only.
  useEffect(() => {
    if (query.data) form.setValues(valuesOf(query.data));
  }, [query.data]);

  if (query.isLoading) return <Skeleton h={240} radius="md" />;
  const hasKey = query.data?.azul.hasAuthKey ?? false;

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="online-payments-title">
      <form
        noValidate
        onSubmit={form.onSubmit(async (v) => {
          setServerError(null);
          try {
            await update.mutateAsync({ azul: { ...v, authKey: v.authKey || undefined } });
            toastSuccess('Pagos en línea', 'Configuración guardada');
          } catch (err) {
            setServerError(getErrorMessage(err, 'No se pudo guardar la configuración'));
          }
        })}
      >
        <Stack>
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <IconCreditCard size={20} aria-hidden />
              <Title order={2} size="h4" id="online-payments-title">
                Pagos en línea
              </Title>
              <Badge color={query.data?.azul.enabled ? 'green' : 'gray'} variant="light">
                {query.data?.azul.enabled ? 'Activos' : 'Desactivados'}
              </Badge>
            </Group>
            <Switch
              label="Aceptar pagos con tarjeta (Azul)"
              {...form.getInputProps('enabled', { type: 'checkbox' })}
            />
          </Group>
          <Text size="sm" c="dimmed">
            Tus clientes pagan sus facturas con tarjeta en la página segura de Azul (Banco Popular); el pago
            se registra solo, con su recibo. Azul te entrega el MerchantID y la llave de autenticación al
            afiliarte.
          </Text>
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Ambiente
            </Text>
            <SegmentedControl
              data={AZUL_ENVIRONMENTS.map((e) => ({ value: e, label: AZUL_ENVIRONMENT_LABELS[e] }))}
              {...form.getInputProps('environment')}
              w="fit-content"
            />
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="MerchantID" inputMode="numeric" {...form.getInputProps('merchantId')} />
            <TextInput label="Nombre del comercio" maxLength={60} {...form.getInputProps('merchantName')} />
            <TextInput
              label="Tipo de comercio"
              description="El que indica Azul en tu contrato; casi siempre ECommerce"
              maxLength={60}
              {...form.getInputProps('merchantType')}
            />
            <PasswordInput
              label="Llave de autenticación (AuthKey)"
              description={
                hasKey
                  ? 'Guardada cifrada. Escribe una nueva solo para cambiarla.'
                  : 'Se guarda cifrada y no se vuelve a mostrar.'
              }
              autoComplete="new-password"
              {...form.getInputProps('authKey')}
            />
          </SimpleGrid>
          <Checkbox.Group
            label="Monedas que se pueden pagar con tarjeta"
            {...form.getInputProps('currencies')}
          >
            <Group mt={4}>
              {CURRENCIES.map((c) => (
                <Checkbox key={c} value={c} label={c} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Guardar
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
