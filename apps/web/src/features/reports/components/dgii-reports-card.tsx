import { formatMoney, MONTH_NAMES } from '@agencia/shared';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendarCheck, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { WRAPPING_BUTTON_STYLES } from '../../../components/ui/wrapping-button';
import { getErrorMessage } from '../../../lib/api-client';
import { useConsumoSummary } from '../api/reports';
import { type DgiiFormat, dgiiDownloadError, downloadDgiiFile } from './dgii-download';

/**
 * The consumo totals of a period (facturas de consumo under RD$250,000), which the 607 file leaves
 * out and the Oficina Virtual asks for when the 607 is sent (issue 27, point 8).
 */
function ConsumoTotals({ period }: { period: string }) {
  const { data, isLoading, error } = useConsumoSummary(period);
  const rd = (n: number) => formatMoney(n, 'DOP');
  if (isLoading) return <Loader size="sm" aria-label="Cargando totales de consumo" />;
  if (error || !data)
    return (
      <Alert color="red" role="alert">
        {getErrorMessage(error, 'No se pudieron calcular los totales de consumo')}
      </Alert>
    );
  const rows: Array<[string, string]> = [
    ['Facturas', String(data.count)],
    ['Monto facturado', rd(data.invoicedAmount)],
    ['ITBIS facturado', rd(data.itbis)],
    ['Total', rd(data.total)],
    ['Efectivo', rd(data.cash)],
    ['Cheque / transferencia / depósito', rd(data.bank)],
    ['Tarjeta de débito / crédito', rd(data.card)],
    ['Venta a crédito', rd(data.creditSale)],
  ];
  return (
    <Stack gap={4} component="section" aria-labelledby="dgii-consumo-title">
      <Text fw={600} size="sm" id="dgii-consumo-title">
        Facturas de consumo menores de RD$250,000
      </Text>
      <Text size="xs" c="dimmed">
        No van línea a línea en el 607: al enviarlo, la Oficina Virtual pide estos totales del período.
      </Text>
      {data.count === 0 ? (
        <Text size="sm">Sin facturas de consumo menores de RD$250,000 en este período.</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={2} component="dl" m={0}>
          {rows.map(([label, value]) => (
            <Group key={label} justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed" component="dt">
                {label}
              </Text>
              <Text size="sm" fw={500} component="dd" m={0}>
                {value}
              </Text>
            </Group>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** The last 24 periods as YYYYMM, newest first, labelled "noviembre 2026". */
export function recentPeriods(today: Date = new Date(), count = 24): Array<{ value: string; label: string }> {
  const out = [];
  for (let i = 0; i < count; i++) {
    const d = new Date(today.getFullYear(), today.getMonth() - i, 1);
    out.push({
      value: `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}`,
      label: `${MONTH_NAMES[d.getMonth()]} ${d.getFullYear()}`,
    });
  }
  return out;
}

/**
 * Reportes → DGII (issue 12, decision 141): downloads the 606 (compras), 607 (ventas) and 608
 * (anulados) text files of a month from `GET /reports/dgii/{606|607|608}?period=YYYYMM`, saved
 * with the server's file name, and links to "Cierre del mes".
 * Default period: the previous month (the one due by the 15th).
 */
export function DgiiReportsCard() {
  const periods = recentPeriods();
  const [period, setPeriod] = useState(periods[1]!.value);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: DgiiFormat) => {
    setBusy(format);
    setError(null);
    try {
      await downloadDgiiFile(format, period);
    } catch (e) {
      setError(dgiiDownloadError(e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="dgii-title">
      <Title order={2} size="h4" id="dgii-title">
        Reportes DGII
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Formatos de envío 606 (compras), 607 (ventas) y 608 (comprobantes anulados) listos para la Oficina
        Virtual. Vencen el día 15 del mes siguiente.
      </Text>
      <Stack gap="sm">
        <Select
          label="Período"
          data={periods}
          value={period}
          onChange={(v) => v && setPeriod(v)}
          allowDeselect={false}
        />
        <Group>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={busy === '606'}
            styles={WRAPPING_BUTTON_STYLES}
            onClick={() => download('606')}
          >
            Descargar 606
          </Button>
          <Button
            leftSection={<IconDownload size={16} />}
            loading={busy === '607'}
            styles={WRAPPING_BUTTON_STYLES}
            onClick={() => download('607')}
          >
            Descargar 607
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={busy === '608'}
            styles={WRAPPING_BUTTON_STYLES}
            onClick={() => download('608')}
          >
            Descargar 608
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <ConsumoTotals period={period} />
        <Anchor component={Link} to="/reports/month-close" size="sm" fw={500}>
          <IconCalendarCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
          Cierre del mes: cifras del IT-1 y el IR-17, fechas límite
        </Anchor>
      </Stack>
    </Card>
  );
}
