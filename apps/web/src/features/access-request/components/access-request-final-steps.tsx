import {
  ACCESS_BUDGETS,
  ACCESS_CLIENT_TYPES,
  ACCESS_REQUEST_UPLOADS,
  type AccessRequestUploadField,
  formatTaxId,
  HEAR_ABOUT_US,
  onlyDigits,
  PREFERRED_CONTACTS,
} from '@agencia/shared';
import { Anchor, Checkbox, FileInput, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ACCEPT, type AccessForm, accessInputs, labelOf, options } from './access-form';

/** The optional documents of the request, by upload field. */
export type AccessFiles = Partial<Record<AccessRequestUploadField, File | null>>;

/**
 * Step 5, documents and online presence: the uploads that fit the client type (a person sends
 * only the cédula and a photo) and the social links. `pickFile` checks the size.
 */
export function DocumentsStep({
  form,
  files,
  fileErrors,
  pickFile,
}: {
  form: AccessForm;
  files: AccessFiles;
  fileErrors: Partial<Record<AccessRequestUploadField, string>>;
  pickFile: (field: AccessRequestUploadField, file: File | null) => void;
}) {
  const { input } = accessInputs(form);
  const isCompany = form.values.clientType === 'company';
  const uploads = ACCESS_REQUEST_UPLOADS.filter((u) =>
    isCompany ? true : u.field === 'cedulaDocument' || u.field === 'profileImage',
  );
  return (
    <>
      <Text size="sm" c="dimmed">
        Opcional. PDF, JPG, PNG o WebP de hasta 5 MB cada uno.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {uploads.map(({ field, label }) => (
          <FileInput
            key={field}
            label={label}
            accept={ACCEPT}
            clearable
            leftSection={<IconPaperclip size={16} />}
            placeholder="Seleccionar archivo"
            value={files[field] ?? null}
            onChange={(file) => pickFile(field, file)}
            error={fileErrors[field]}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Sitio web" placeholder="https://" {...input('website')} />
        <TextInput label="Facebook" {...input('facebook')} />
        <TextInput label="Instagram" {...input('instagram')} />
        <TextInput label="LinkedIn" {...input('linkedin')} />
      </SimpleGrid>
    </>
  );
}

/** A typed cédula or RNC as it is written (001-1234567-3, 1-30-12345-4); as typed when incomplete. */
function displayTaxId(value: string): string {
  const digits = onlyDigits(value);
  return digits.length === 9 || digits.length === 11 ? formatTaxId(digits) : value;
}

/** Step 6, review and send: a summary of the request, how they heard of us and the consents. */
export function ReviewStep({ form, files }: { form: AccessForm; files: AccessFiles }) {
  const { selectInput } = accessInputs(form);
  const values = form.values;
  const isCompany = values.clientType === 'company';
  return (
    <>
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {[
            ['Tipo de cliente', labelOf(ACCESS_CLIENT_TYPES, values.clientType)],
            [
              isCompany ? 'Empresa' : 'Nombre',
              isCompany ? values.companyName : [values.firstName, values.lastName].join(' '),
            ],
            [isCompany ? 'RNC' : 'Cédula', displayTaxId(isCompany ? values.rnc : values.cedula)],
            ...(isCompany
              ? [['Cédula del representante legal', displayTaxId(values.legalRepresentativeCedula)]]
              : []),
            ['Email principal', values.primaryEmail],
            ['Teléfono principal', values.primaryPhone],
            ['Presupuesto estimado', labelOf(ACCESS_BUDGETS, values.estimatedBudget)],
            ['Contacto preferido', labelOf(PREFERRED_CONTACTS, values.preferredContact)],
            [
              'Dirección',
              [values.address, values.city, values.province, values.country].filter(Boolean).join(', '),
            ],
            ['Documentos', `${Object.values(files).filter(Boolean).length} adjunto(s)`],
          ].map(([label, value]) => (
            <div key={label}>
              <Text size="xs" c="dimmed" fw={600}>
                {label}
              </Text>
              <Text size="sm">{value || '—'}</Text>
            </div>
          ))}
        </SimpleGrid>
      </Paper>
      <Select
        label="¿Cómo nos conociste?"
        data={options(HEAR_ABOUT_US)}
        clearable
        {...selectInput('hearAboutUs')}
      />
      <Checkbox
        label={
          <>
            Acepto los{' '}
            <Anchor component={Link} to="/terminos" target="_blank">
              términos y condiciones
            </Anchor>{' '}
            y la{' '}
            <Anchor component={Link} to="/privacidad" target="_blank">
              política de privacidad
            </Anchor>
          </>
        }
        {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
      />
      <Checkbox
        label="Quiero recibir novedades y promociones por correo"
        {...form.getInputProps('acceptMarketing', { type: 'checkbox' })}
      />
    </>
  );
}
