import {
  ACCESS_BUDGETS,
  ACCESS_CLIENT_TYPES,
  ACCESS_DEFAULT_COUNTRY,
  ACCESS_REQUEST_ALLOWED_TYPES,
  ACCESS_REQUEST_MAX_FILE_BYTES,
  ACCESS_REQUEST_STEPS,
  ACCESS_REQUEST_UPLOADS,
  type AccessRequestUploadField,
  accessRequestStepErrors,
  accessRequestStepOf,
  COMMUNICATION_LANGUAGES,
  COMPANY_TYPES,
  CreateAccessRequestSchema,
  DR_PROVINCES,
  EMPLOYEE_RANGES,
  GENDERS,
  HEAR_ABOUT_US,
  HONEYPOT_FIELD,
  MARITAL_STATUSES,
  MEETING_TIMES,
  PREFERRED_CONTACTS,
  PREFERRED_STYLES,
  PROJECT_DESCRIPTION_MIN,
  SERVICE_IDS,
  SERVICE_TITLES,
} from '@agencia/shared';
import {
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { zodResolver } from '../../../lib/form';
import { AccessRequestError, createAccessRequest } from '../api/create-access-request';

interface AccessRequestModalProps {
  opened: boolean;
  onClose: () => void;
}

const STEP_TITLES = [
  'Identificación y contacto',
  'Tu proyecto',
  'Dirección',
  'Datos profesionales o del negocio',
  'Documentos y presencia en línea',
  'Revisión y envío',
] as const;

/** Fields the form holds as booleans or with a non-empty default (spec doc 1 §3). */
const NON_TEXT_FIELDS = [
  'clientType',
  'country',
  'preferredContact',
  'communicationLanguage',
  'hasExistingWebsite',
  'acceptTerms',
  'acceptMarketing',
] as const;
/** Every other field of the shared schema (the honeypot included) is a text input starting at ''. */
type TextField = Exclude<keyof typeof CreateAccessRequestSchema.shape, (typeof NON_TEXT_FIELDS)[number]>;
const TEXT_FIELDS = Object.keys(CreateAccessRequestSchema.shape).filter(
  (field): field is TextField => !(NON_TEXT_FIELDS as readonly string[]).includes(field),
);

export type AccessFormValues = Record<TextField, string> & {
  clientType: 'individual' | 'company';
  country: string;
  preferredContact: string;
  communicationLanguage: string;
  hasExistingWebsite: boolean;
  acceptTerms: boolean;
  acceptMarketing: boolean;
};

/** Empty form: every text '' and the defaults of spec doc 1 §3 (country, contact, language). */
export function initialAccessValues(): AccessFormValues {
  const values = Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<TextField, string>;
  return {
    ...values,
    clientType: 'individual',
    country: ACCESS_DEFAULT_COUNTRY,
    preferredContact: 'email',
    communicationLanguage: 'spanish',
    hasExistingWebsite: false,
    acceptTerms: false,
    acceptMarketing: false,
  };
}

const options = (list: readonly { value: string; label: string }[]) =>
  list.map((o) => ({ value: o.value, label: o.label }));
const SERVICE_OPTIONS = SERVICE_IDS.map((id) => ({ value: id, label: SERVICE_TITLES[id] }));
const ACCEPT = ACCESS_REQUEST_ALLOWED_TYPES.join(',');
const labelOf = (list: readonly { value: string; label: string }[], value: string) =>
  list.find((o) => o.value === value)?.label ?? (value || '—');

/**
 * Access-request modal (spec doc 1 §2, §4, §5): six real steps with a step/6 progress bar.
 * 'Continuar' is enabled only when the current step's gated fields are valid
 * (ACCESS_REQUEST_STEP_GATES, decision 021). Closing resets to step 1. Submits to
 * `POST /api/public/access-requests` with the optional documents.
 */
export function AccessRequestModal({ opened, onClose }: AccessRequestModalProps) {
  const isMobile = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [step, setStep] = useState(1);
  const progressRef = useRef<HTMLDivElement>(null);
  const stepTitleRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  // A new step starts at its top: the modal body was scrolled down to reach 'Continuar', so
  // bring the progress bar back into view and move focus to the step's title (keyboard and
  // screen-reader users hear where they are). Not on opening: Mantine focuses the first field.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (!opened) return;
    progressRef.current?.scrollIntoView({ block: 'start' });
    stepTitleRef.current?.focus({ preventScroll: true });
  }, [step, opened]);
  const [files, setFiles] = useState<Partial<Record<AccessRequestUploadField, File | null>>>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<AccessRequestUploadField, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<AccessFormValues>({
    mode: 'controlled',
    initialValues: initialAccessValues(),
    validate: zodResolver(CreateAccessRequestSchema),
    validateInputOnBlur: true,
  });
  const values = form.values;
  const isCompany = values.clientType === 'company';
  const stepErrors = accessRequestStepErrors(values, step);
  const canContinue = Object.keys(stepErrors).length === 0;

  const reset = () => {
    form.reset();
    setFiles({});
    setFileErrors({});
    setStep(1);
  };
  const close = () => {
    reset();
    onClose();
  };

  const next = () => {
    if (!canContinue) {
      for (const [field, message] of Object.entries(stepErrors)) form.setFieldError(field, message);
      return;
    }
    setStep((s) => Math.min(ACCESS_REQUEST_STEPS, s + 1));
  };

  const pickFile = (field: AccessRequestUploadField, file: File | null) => {
    if (file && file.size > ACCESS_REQUEST_MAX_FILE_BYTES) {
      setFileErrors((e) => ({ ...e, [field]: 'El archivo supera el tamaño máximo de 5 MB' }));
      setFiles((f) => ({ ...f, [field]: null }));
      return;
    }
    setFileErrors((e) => ({ ...e, [field]: undefined }));
    setFiles((f) => ({ ...f, [field]: file }));
  };

  const submit = async () => {
    const result = form.validate();
    if (result.hasErrors) {
      // A field of an earlier step fails (e.g. its rules changed after leaving it): go there
      // so the visitor sees the message instead of a button that does nothing.
      const steps = Object.keys(result.errors)
        .map(accessRequestStepOf)
        .filter((s): s is number => s !== undefined);
      const target = Math.min(...steps, step);
      if (target !== step) {
        setStep(target);
        notifications.show({
          color: 'red',
          title: 'Revisa tus datos',
          message: `Hay un campo por corregir en el paso ${target}.`,
        });
      }
      return;
    }
    if (!canContinue) return;
    setSubmitting(true);
    try {
      await createAccessRequest(values, files);
      notifications.show({
        color: 'green',
        title: 'Solicitud enviada',
        message: 'Te contactaremos dentro de 24 horas para comenzar tu proyecto',
        autoClose: 5000,
      });
      close();
    } catch (error) {
      for (const fieldError of error instanceof AccessRequestError ? error.errors : [])
        form.setFieldError(fieldError.field, fieldError.message);
      notifications.show({
        color: 'red',
        title: 'Error',
        message: 'No se pudo enviar la solicitud. Intenta nuevamente.',
      });
    } finally {
      setSubmitting(false);
    }
  };

  const input = (field: keyof AccessFormValues) => form.getInputProps(field);
  // Mantine's Select treats '' as a value (its clear button shows); the form keeps '' for
  // "nothing chosen", so selects read '' as null and write null back as ''.
  const selectInput = (field: keyof AccessFormValues) => {
    const props = form.getInputProps(field);
    return {
      ...props,
      value: props.value || null,
      onChange: (value: string | null) => props.onChange(value ?? ''),
    };
  };
  const uploads = ACCESS_REQUEST_UPLOADS.filter((u) =>
    isCompany ? true : u.field === 'cedulaDocument' || u.field === 'profileImage',
  );

  return (
    <Modal
      opened={opened}
      onClose={close}
      size="xl"
      fullScreen={isMobile}
      radius={isMobile ? 0 : 'md'}
      title={
        <Text component="span" fw={700} size="lg">
          Solicitud de acceso al portal
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <Stack gap="md">
        <div ref={progressRef}>
          <Group justify="space-between" mb={6}>
            <Text size="sm" fw={600}>
              Paso {step} de {ACCESS_REQUEST_STEPS}: {STEP_TITLES[step - 1]}
            </Text>
            <Text size="sm" c="dimmed">
              {Math.round((step / ACCESS_REQUEST_STEPS) * 100)}%
            </Text>
          </Group>
          <Progress
            value={(step / ACCESS_REQUEST_STEPS) * 100}
            aria-label={`Progreso: paso ${step} de ${ACCESS_REQUEST_STEPS}`}
          />
        </div>

        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (step < ACCESS_REQUEST_STEPS) next();
            else void submit();
          }}
        >
          <Stack gap="sm">
            <Title order={2} size="h4" ref={stepTitleRef} tabIndex={-1} style={{ outline: 'none' }}>
              {STEP_TITLES[step - 1]}
            </Title>

            {step === 1 && (
              <>
                <SegmentedControl
                  fullWidth
                  data={options(ACCESS_CLIENT_TYPES)}
                  value={values.clientType}
                  onChange={(value) =>
                    form.setFieldValue('clientType', value as AccessFormValues['clientType'])
                  }
                  aria-label="Tipo de cliente"
                />
                {isCompany ? (
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <TextInput label="Nombre de la empresa" withAsterisk {...input('companyName')} />
                    <TextInput label="Nombre comercial" {...input('commercialName')} />
                    <TextInput
                      label="RNC"
                      withAsterisk
                      placeholder="XXXXXXXXX"
                      inputMode="numeric"
                      {...input('rnc')}
                    />
                    <Select
                      label="Tipo de sociedad"
                      data={options(COMPANY_TYPES)}
                      clearable
                      {...selectInput('companyType')}
                    />
                    <TextInput
                      label="Nombre"
                      description="Persona de contacto"
                      withAsterisk
                      {...input('firstName')}
                    />
                    <TextInput label="Apellido" {...input('lastName')} />
                    <TextInput
                      label="Nombre del representante legal"
                      withAsterisk
                      {...input('legalRepresentativeName')}
                    />
                    <TextInput
                      label="Cédula del representante legal"
                      withAsterisk
                      placeholder="XXX-XXXXXXX-X"
                      {...input('legalRepresentativeCedula')}
                    />
                  </SimpleGrid>
                ) : (
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <TextInput
                      label="Nombre"
                      withAsterisk
                      autoComplete="given-name"
                      {...input('firstName')}
                    />
                    <TextInput label="Segundo nombre" {...input('middleName')} />
                    <TextInput
                      label="Apellido"
                      withAsterisk
                      autoComplete="family-name"
                      {...input('lastName')}
                    />
                    <TextInput label="Segundo apellido" {...input('secondLastName')} />
                    <TextInput label="Cédula" withAsterisk placeholder="XXX-XXXXXXX-X" {...input('cedula')} />
                  </SimpleGrid>
                )}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label="Email principal"
                    type="email"
                    withAsterisk
                    autoComplete="email"
                    {...input('primaryEmail')}
                  />
                  <TextInput
                    label="Teléfono principal"
                    type="tel"
                    withAsterisk
                    autoComplete="tel"
                    {...input('primaryPhone')}
                  />
                </SimpleGrid>
              </>
            )}

            {step === 2 && (
              <>
                <Textarea
                  label="Descripción del proyecto"
                  description={`Mínimo ${PROJECT_DESCRIPTION_MIN} caracteres (${values.projectDescription.trim().length})`}
                  withAsterisk
                  minRows={4}
                  autosize
                  {...input('projectDescription')}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <Select
                    label="Tipo de proyecto"
                    data={SERVICE_OPTIONS}
                    clearable
                    {...selectInput('projectType')}
                  />
                  <Select
                    label="Presupuesto estimado"
                    withAsterisk
                    data={options(ACCESS_BUDGETS)}
                    {...selectInput('estimatedBudget')}
                  />
                  <TextInput label="Fecha límite deseada" type="date" {...input('projectDeadline')} />
                  <Select
                    label="Contacto preferido"
                    data={options(PREFERRED_CONTACTS)}
                    allowDeselect={false}
                    {...selectInput('preferredContact')}
                  />
                  <Select
                    label="Horario preferido para reuniones"
                    data={options(MEETING_TIMES)}
                    clearable
                    {...selectInput('preferredMeetingTime')}
                  />
                  <Select
                    label="Idioma de comunicación"
                    data={options(COMMUNICATION_LANGUAGES)}
                    allowDeselect={false}
                    {...selectInput('communicationLanguage')}
                  />
                </SimpleGrid>
                <Switch
                  label="Ya tengo un sitio web"
                  {...form.getInputProps('hasExistingWebsite', { type: 'checkbox' })}
                  onChange={(event) => {
                    const checked = event.currentTarget.checked;
                    form.setFieldValue('hasExistingWebsite', checked);
                    // A hidden address must not block the step nor travel with the request.
                    if (!checked) form.setFieldValue('currentWebsite', '');
                  }}
                />
                {values.hasExistingWebsite && (
                  <TextInput label="Sitio web actual" placeholder="https://" {...input('currentWebsite')} />
                )}
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label="Sitios de la competencia o de referencia"
                    {...input('competitorWebsites')}
                  />
                  <TextInput label="Colores preferidos" {...input('preferredColors')} />
                  <Select
                    label="Estilo preferido"
                    data={options(PREFERRED_STYLES)}
                    clearable
                    {...selectInput('preferredStyle')}
                  />
                </SimpleGrid>
              </>
            )}

            {step === 3 && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label="Dirección"
                  withAsterisk
                  autoComplete="street-address"
                  {...input('address')}
                />
                <TextInput label="Sector" {...input('sector')} />
                <TextInput label="Ciudad" withAsterisk autoComplete="address-level2" {...input('city')} />
                <Select
                  label="Provincia"
                  withAsterisk
                  searchable
                  data={[...DR_PROVINCES]}
                  {...selectInput('province')}
                />
                <TextInput label="Código postal" autoComplete="postal-code" {...input('postalCode')} />
                <TextInput label="País" withAsterisk autoComplete="country-name" {...input('country')} />
                <TextInput label="Teléfono residencial" type="tel" {...input('homePhone')} />
                <TextInput label="Teléfono del trabajo" type="tel" {...input('workPhone')} />
                <TextInput label="Celular" type="tel" {...input('mobilePhone')} />
                <TextInput label="WhatsApp" type="tel" {...input('whatsappNumber')} />
              </SimpleGrid>
            )}

            {step === 4 &&
              (isCompany ? (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput label="Fecha de constitución" type="date" {...input('foundationDate')} />
                  <TextInput label="Sector del negocio" {...input('businessSector')} />
                  <Select
                    label="Número de empleados"
                    data={options(EMPLOYEE_RANGES)}
                    clearable
                    {...selectInput('numberOfEmployees')}
                  />
                  <TextInput label="Facturación anual aproximada" {...input('annualRevenue')} />
                  <TextInput label="Años en el negocio" inputMode="numeric" {...input('yearsInBusiness')} />
                  <Textarea
                    label="Productos o servicios principales"
                    autosize
                    minRows={2}
                    {...input('mainProducts')}
                  />
                  <Textarea label="Mercado objetivo" autosize minRows={2} {...input('targetMarket')} />
                </SimpleGrid>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput label="Fecha de nacimiento" type="date" {...input('birthDate')} />
                  <Select label="Género" data={options(GENDERS)} clearable {...selectInput('gender')} />
                  <Select
                    label="Estado civil"
                    data={options(MARITAL_STATUSES)}
                    clearable
                    {...selectInput('maritalStatus')}
                  />
                  <TextInput label="Ocupación" {...input('occupation')} />
                  <TextInput label="Empleador actual" {...input('currentEmployer')} />
                  <TextInput label="Cargo" {...input('jobTitle')} />
                  <TextInput label="Dirección del trabajo" {...input('workAddress')} />
                  <TextInput label="Ingreso mensual aproximado" {...input('monthlyIncome')} />
                  <TextInput label="Contacto de emergencia" {...input('emergencyContactName')} />
                  <TextInput label="Teléfono de emergencia" type="tel" {...input('emergencyContactPhone')} />
                  <TextInput label="Parentesco" {...input('emergencyContactRelation')} />
                </SimpleGrid>
              ))}

            {step === 5 && (
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
            )}

            {step === 6 && (
              <>
                <Paper withBorder p="md" radius="md">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                    {[
                      ['Tipo de cliente', labelOf(ACCESS_CLIENT_TYPES, values.clientType)],
                      [
                        isCompany ? 'Empresa' : 'Nombre',
                        isCompany ? values.companyName : [values.firstName, values.lastName].join(' '),
                      ],
                      [isCompany ? 'RNC' : 'Cédula', isCompany ? values.rnc : values.cedula],
                      ['Email principal', values.primaryEmail],
                      ['Teléfono principal', values.primaryPhone],
                      ['Presupuesto estimado', labelOf(ACCESS_BUDGETS, values.estimatedBudget)],
                      ['Contacto preferido', labelOf(PREFERRED_CONTACTS, values.preferredContact)],
                      [
                        'Dirección',
                        [values.address, values.city, values.province, values.country]
                          .filter(Boolean)
                          .join(', '),
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
            )}

            <input
              type="text"
              name={HONEYPOT_FIELD}
              tabIndex={-1}
              autoComplete="off"
              aria-hidden="true"
              style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, opacity: 0 }}
              value={values[HONEYPOT_FIELD]}
              onChange={(event) => form.setFieldValue(HONEYPOT_FIELD, event.currentTarget.value)}
            />

            <Group justify="space-between" mt="md">
              <Button
                variant="default"
                leftSection={<IconArrowLeft size={18} />}
                onClick={() => setStep((s) => Math.max(1, s - 1))}
                disabled={step === 1}
              >
                Atrás
              </Button>
              {step < ACCESS_REQUEST_STEPS ? (
                <Button type="submit" rightSection={<IconArrowRight size={18} />} disabled={!canContinue}>
                  Continuar
                </Button>
              ) : (
                <Button
                  type="submit"
                  leftSection={<IconSend size={18} />}
                  disabled={!canContinue}
                  loading={submitting}
                >
                  Enviar Solicitud
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
