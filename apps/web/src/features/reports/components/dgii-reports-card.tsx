import { Alert, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { AxiosError } from 'axios';
import { useState } from 'react';
import { WRAPPING_BUTTON_STYLES } from '../../../components/ui/wrapping-button';
import { apiClient, getErrorMessage } from '../../../lib/api-client';

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** The last 24 periods as YYYYMM, newest first, labelled "noviembre 2026". */
export function recentPeriods(today: Date = new Date(), count = 24): Array<{ value: string; label: string }> {
  const out = [];
  for (let i = 0; i < count; i++) {
    const d = new Date(today.getFullYear(), today.getMonth() - i, 1);
    out.push({
      value: `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}`,
      label: `${MONTHS[d.getMonth()]} ${d.getFullYear()}`,
    });
  }
  return out;
}

/** The Spanish message of an error answer (the envelope arrives as text, the request asks for text). */
function errorMessage(error: unknown): string {
  if (error instanceof AxiosError && typeof error.response?.data === 'string') {
    try {
      const message = (JSON.parse(error.response.data) as { message?: unknown }).message;
      if (typeof message === 'string') return message;
    } catch {
      /* not JSON */
    }
  }
  return getErrorMessage(error, 'No se pudo descargar el reporte');
}

/**
 * Reportes → DGII (issue 12): downloads the 607 (ventas) and 608 (anulados) text files of a
 * month from `GET /reports/dgii/{607|608}?period=YYYYMM`, saved with the server's file name.
 * Default period: the previous month (the one due by the 15th).
 */
export function DgiiReportsCard() {
  const periods = recentPeriods();
  const [period, setPeriod] = useState(periods[1]!.value);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (format: '607' | '608') => {
    setBusy(format);
    setError(null);
    try {
      // As text: on an error the Spanish message of the JSON envelope can be read back.
      const res = await apiClient.get<string>(`/reports/dgii/${format}`, {
        params: { period },
        responseType: 'text',
      });
      const disposition = String(res.headers['content-disposition'] ?? '');
      const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `DGII_${format}_${period}.txt`;
      const url = URL.createObjectURL(new Blob([res.data], { type: 'text/plain;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      setError(errorMessage(e));
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
        Formatos de envío 607 (ventas) y 608 (comprobantes anulados) listos para la Oficina Virtual. Vencen el
        día 15 del mes siguiente.
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
      </Stack>
    </Card>
  );
}
