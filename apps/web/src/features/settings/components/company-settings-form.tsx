import {
  type CompanySettings,
  CURRENCIES,
  DATE_FORMATS,
  MAX_IMAGE_BYTES,
  TIME_FORMATS,
  UpdateCompanySettingsRequestSchema,
} from '@agencia/shared';
import {
  Alert,
  Button,
  Card,
  ColorInput,
  FileButton,
  Group,
  Image,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect } from 'react';
import { getErrorMessage } from '../../../lib/api-client';
import { zodResolver } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCompanySettings, useUpdateCompanySettings, useUploadLogo } from '../api/settings-api';

const TIMEZONES = [
  'America/Santo_Domingo',
  'America/New_York',
  'America/Puerto_Rico',
  'America/Bogota',
  'America/Mexico_City',
  'Europe/Madrid',
  'UTC',
];

type FormValues = Omit<
  CompanySettings,
  | 'updatedAt'
  | 'address'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'phone'
  | 'email'
  | 'website'
  | 'whatsappNumber'
  | 'taxId'
  | 'emailSignature'
> & {
  address: string;
  city: string;
  state: string;
  zipCode: string;
  phone: string;
  email: string;
  website: string;
  whatsappNumber: string;
  taxId: string;
  emailSignature: string;
};

const toForm = (s: CompanySettings): FormValues => ({
  ...s,
  address: s.address ?? '',
  city: s.city ?? '',
  state: s.state ?? '',
  zipCode: s.zipCode ?? '',
  phone: s.phone ?? '',
  email: s.email ?? '',
  website: s.website ?? '',
  whatsappNumber: s.whatsappNumber ?? '',
  taxId: s.taxId ?? '',
  emailSignature: s.emailSignature ?? '',
});

/** Company tab (admin): every company setting, validated with the shared schema (spec doc 2 §5). */
export function CompanySettingsForm() {
  const { data: settings, isLoading, error } = useCompanySettings();
  const mutation = useUpdateCompanySettings();
  const uploadLogo = useUploadLogo();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {} as FormValues,
    validate: zodResolver(UpdateCompanySettingsRequestSchema),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: load the server values once they arrive
  useEffect(() => {
    if (settings) {
      form.setInitialValues(toForm(settings));
      form.setValues(toForm(settings));
    }
  }, [settings]);

  if (isLoading || (settings && !form.values.name && form.values.name !== '')) {
    return <Loader aria-label="Cargando configuración" />;
  }
  if (error || !settings)
    return <Alert color="red">{getErrorMessage(error, 'No se pudo cargar la configuración')}</Alert>;

  const submit = form.onSubmit(async (values) => {
    try {
      await mutation.mutateAsync(UpdateCompanySettingsRequestSchema.parse(values));
      form.resetDirty();
      toastSuccess('Configuración actualizada', 'Los datos de la empresa se guardaron');
    } catch (err) {
      toastError('Error', getErrorMessage(err, 'No se pudo actualizar la configuración'));
    }
  });

  const onLogo = async (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      toastError('Error', 'La imagen no puede superar los 2 MB');
      return;
    }
    try {
      form.setFieldValue('logo', await uploadLogo.mutateAsync(file));
    } catch (err) {
      toastError('Error', getErrorMessage(err, 'No se pudo subir el logo'));
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Card withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="md">
            Información de la empresa
          </Title>
          <Group gap="md" mb="md" wrap="wrap">
            {form.values.logo ? (
              <Image src={form.values.logo} alt="Logo de la empresa" h={56} w="auto" fit="contain" />
            ) : (
              <Text size="sm" c="dimmed">
                Sin logo
              </Text>
            )}
            <FileButton onChange={onLogo} accept="image/png,image/jpeg,image/webp">
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  leftSection={<IconUpload size={14} />}
                  loading={uploadLogo.isPending}
                >
                  Subir logo
                </Button>
              )}
            </FileButton>
            {form.values.logo && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => form.setFieldValue('logo', null)}
              >
                Quitar logo
              </Button>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Nombre de la empresa" withAsterisk {...form.getInputProps('name')} />
            <TextInput
              label="RNC"
              description="9 dígitos con dígito verificador (DGII)"
              {...form.getInputProps('taxId')}
            />
            <TextInput label="Email" type="email" {...form.getInputProps('email')} />
            <TextInput label="Teléfono" type="tel" {...form.getInputProps('phone')} />
            <TextInput label="Sitio web" placeholder="https://" {...form.getInputProps('website')} />
            <TextInput
              label="WhatsApp Business"
              description="Solo dígitos con código de país (ej. 18095550142); lo usa el sitio público"
              {...form.getInputProps('whatsappNumber')}
            />
            <TextInput label="Dirección" {...form.getInputProps('address')} />
            <TextInput label="Ciudad" {...form.getInputProps('city')} />
            <TextInput label="Provincia" {...form.getInputProps('state')} />
            <TextInput label="Código postal" {...form.getInputProps('zipCode')} />
            <TextInput label="País" withAsterisk {...form.getInputProps('country')} />
          </SimpleGrid>
        </Card>
        <Card withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="md">
            Regional y facturación
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            <Select
              label="Moneda"
              data={[...CURRENCIES]}
              allowDeselect={false}
              {...form.getInputProps('currency')}
            />
            <Select
              label="Zona horaria"
              data={[...new Set([...TIMEZONES, settings.timezone])]}
              allowDeselect={false}
              searchable
              {...form.getInputProps('timezone')}
            />
            <Select
              label="Formato de fecha"
              data={[...DATE_FORMATS]}
              allowDeselect={false}
              {...form.getInputProps('dateFormat')}
            />
            <Select
              label="Formato de hora"
              data={TIME_FORMATS.map((t) => ({ value: t, label: t === '12h' ? '12 horas' : '24 horas' }))}
              allowDeselect={false}
              {...form.getInputProps('timeFormat')}
            />
            <NumberInput
              label="Tarifa por hora predeterminada"
              min={1}
              step={5}
              allowDecimal={false}
              {...form.getInputProps('defaultProjectHourlyRate')}
            />
            <NumberInput
              label="Impuesto (%)"
              min={0}
              max={100}
              step={1}
              decimalScale={2}
              {...form.getInputProps('taxRate')}
            />
          </SimpleGrid>
        </Card>
        <Card withBorder radius="md" p="lg">
          <Title order={2} size="h4" mb="md">
            Marca y correo
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ColorInput label="Color primario" format="hex" {...form.getInputProps('primaryColor')} />
            <ColorInput label="Color secundario" format="hex" {...form.getInputProps('secondaryColor')} />
          </SimpleGrid>
          <Textarea
            label="Firma de correo"
            autosize
            minRows={3}
            mt="sm"
            {...form.getInputProps('emailSignature')}
          />
        </Card>
        <Group justify="flex-end">
          <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
            Descartar cambios
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Guardar configuración
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
