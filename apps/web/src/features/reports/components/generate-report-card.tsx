import {
  businessToday,
  GenerateReportRequestSchema,
  REPORT_TYPE_LABELS,
  REPORT_TYPES,
  type ReportType,
} from '@agencia/shared';
import { Button, Card, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFileAnalytics } from '@tabler/icons-react';
import { DateField } from '../../../components/ui/date-field';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useGenerateReport } from '../api/reports';

/** "Generar reporte": type, title, date range and description; `POST /reports/{type}`. */
export function GenerateReportCard() {
  const generate = useGenerateReport();
  const today = businessToday();
  const form = useForm({
    initialValues: {
      type: 'financial',
      title: '',
      description: '',
      startDate: `${today.slice(0, 4)}-01-01`,
      endDate: today,
    },
  });
  const submit = form.onSubmit(async (v) => {
    const body = {
      title: v.title,
      description: v.description || null,
      startDate: v.startDate,
      endDate: v.endDate,
    };
    const errors = zodResolver(GenerateReportRequestSchema)(body as never);
    if (Object.keys(errors).length) return form.setErrors(errors);
    try {
      const report = await generate.mutateAsync({ type: v.type as ReportType, body });
      toastSuccess('Reporte generado', report.title);
      form.setFieldValue('title', '');
      form.setFieldValue('description', '');
    } catch (error) {
      toastError('Error', getErrorMessage(error, 'No se pudo generar el reporte'));
    }
  });
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Generar reporte
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label="Tipo"
            data={REPORT_TYPES.map((t) => ({ value: t, label: REPORT_TYPE_LABELS[t] }))}
            allowDeselect={false}
            {...form.getInputProps('type')}
          />
          <TextInput label="Título" required {...form.getInputProps('title')} />
          <SimpleGrid cols={2}>
            <DateField label="Desde" required {...form.getInputProps('startDate')} />
            <DateField label="Hasta" required {...form.getInputProps('endDate')} />
          </SimpleGrid>
          <Textarea label="Descripción" autosize minRows={2} {...form.getInputProps('description')} />
          <Button type="submit" loading={generate.isPending} leftSection={<IconFileAnalytics size={16} />}>
            Generar
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
