import {
  ACCESS_DEFAULT_COUNTRY,
  ACCESS_REQUEST_ALLOWED_TYPES,
  CreateAccessRequestSchema,
  SERVICE_IDS,
  SERVICE_TITLES,
} from '@agencia/shared';
import type { UseFormReturnType } from '@mantine/form';

/** Title of each of the six steps, in order. */
export const STEP_TITLES = [
  'Identificación y contacto',
  'Tu proyecto',
  'Dirección',
  'Datos profesionales o del negocio',
  'Documentos y presencia en línea',
  'Revisión y envío',
] as const;

/** The label each field shows, to name what is missing next to a disabled 'Continuar'. */
export const FIELD_LABELS: Record<string, string> = {
  clientType: 'Tipo de cliente',
  primaryEmail: 'Email principal',
  primaryPhone: 'Teléfono principal',
  firstName: 'Nombre',
  middleName: 'Segundo nombre',
  lastName: 'Apellido',
  secondLastName: 'Segundo apellido',
  cedula: 'Cédula',
  companyName: 'Nombre de la empresa',
  commercialName: 'Nombre comercial',
  rnc: 'RNC',
  companyType: 'Tipo de sociedad',
  legalRepresentativeName: 'Nombre del representante legal',
  legalRepresentativeCedula: 'Cédula del representante legal',
  projectDescription: 'Descripción del proyecto',
  projectType: 'Tipo de proyecto',
  estimatedBudget: 'Presupuesto estimado',
  projectDeadline: 'Fecha límite deseada',
  preferredContact: 'Contacto preferido',
  preferredMeetingTime: 'Horario preferido para reuniones',
  communicationLanguage: 'Idioma de comunicación',
  currentWebsite: 'Sitio web actual',
  competitorWebsites: 'Sitios de la competencia o de referencia',
  preferredColors: 'Colores preferidos',
  preferredStyle: 'Estilo preferido',
  address: 'Dirección',
  sector: 'Sector',
  city: 'Ciudad',
  province: 'Provincia',
  postalCode: 'Código postal',
  country: 'País',
  homePhone: 'Teléfono residencial',
  workPhone: 'Teléfono del trabajo',
  mobilePhone: 'Celular',
  whatsappNumber: 'WhatsApp',
  birthDate: 'Fecha de nacimiento',
  gender: 'Género',
  maritalStatus: 'Estado civil',
  occupation: 'Ocupación',
  emergencyContactName: 'Contacto de emergencia',
  emergencyContactPhone: 'Teléfono de emergencia',
  emergencyContactRelation: 'Parentesco',
  currentEmployer: 'Empleador actual',
  jobTitle: 'Cargo',
  workAddress: 'Dirección del trabajo',
  monthlyIncome: 'Ingreso mensual aproximado',
  foundationDate: 'Fecha de constitución',
  businessSector: 'Sector del negocio',
  numberOfEmployees: 'Número de empleados',
  annualRevenue: 'Facturación anual aproximada',
  yearsInBusiness: 'Años en el negocio',
  mainProducts: 'Productos o servicios principales',
  targetMarket: 'Mercado objetivo',
  website: 'Sitio web',
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  acceptTerms: 'Aceptar los términos y condiciones',
  acceptMarketing: 'Novedades y promociones',
  hearAboutUs: '¿Cómo nos conociste?',
};

/** "Nombre, Cédula y Email principal": the fields of `errors` by their labels. */
export function missingFieldsText(errors: Record<string, string>): string {
  const labels = Object.keys(errors).map((field) => FIELD_LABELS[field] ?? errors[field] ?? field);
  return labels.length > 1 ? `${labels.slice(0, -1).join(', ')} y ${labels.at(-1)}` : (labels[0] ?? '');
}

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

/** The access-request form as the steps receive it. */
export type AccessForm = UseFormReturnType<AccessFormValues>;

/** Mantine Select/SegmentedControl data from a shared `{ value, label }` list. */
export const options = (list: readonly { value: string; label: string }[]) =>
  list.map((o) => ({ value: o.value, label: o.label }));
export const SERVICE_OPTIONS = SERVICE_IDS.map((id) => ({ value: id, label: SERVICE_TITLES[id] }));
export const ACCEPT = ACCESS_REQUEST_ALLOWED_TYPES.join(',');
/** The label of `value` in a shared list, the raw value when unknown, '—' when empty. */
export const labelOf = (list: readonly { value: string; label: string }[], value: string) =>
  list.find((o) => o.value === value)?.label ?? (value || '—');

/**
 * Input props of a form field: `input` for text inputs; `selectInput` for selects, which read ''
 * as null and write null back as ''.
 */
export function accessInputs(form: AccessForm) {
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
  return { input, selectInput };
}
