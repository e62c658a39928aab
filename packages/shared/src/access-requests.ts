import { z } from 'zod';
import { HONEYPOT_FIELD, ServiceIdSchema } from './quote-requests.js';
import { optionalText, optionValues, requiredOption, requiredText } from './request-fields.js';
import { isEmail, isValidCedula, isValidRnc, PHONE_RE } from './validators.js';

/*
 * The six-step access request on `/login` (spec doc 1 §2 "Access-request modal", §3, §5, §9):
 * options, messages, the schema and its per-step gates, and the optional uploads.
 */

// ---------------------------------------------------------------------------------------------
// Access request (six-step modal)
// ---------------------------------------------------------------------------------------------

/** Client type toggle of step 1 (spec doc 1 §2). */
export const ACCESS_CLIENT_TYPES = [
  { value: 'individual', label: 'Persona Física' },
  { value: 'company', label: 'Empresa' },
] as const;
export type AccessClientType = (typeof ACCESS_CLIENT_TYPES)[number]['value'];

/** Estimated budget ranges of the access request (spec doc 1 §3). */
export const ACCESS_BUDGETS = [
  { value: 'under-1000', label: 'Menos de $1,000' },
  { value: '1000-3000', label: '$1,000 - $3,000' },
  { value: '3000-5000', label: '$3,000 - $5,000' },
  { value: '5000-10000', label: '$5,000 - $10,000' },
  { value: 'over-10000', label: 'Más de $10,000' },
  { value: 'flexible', label: 'Flexible' },
] as const;

/** Preferred contact (spec doc 1 §2 step 2): email, phone call, WhatsApp; default email. */
export const PREFERRED_CONTACTS = [
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Llamada telefónica' },
  { value: 'whatsapp', label: 'WhatsApp' },
] as const;

/** The 31 provinces of the Dominican Republic plus the Distrito Nacional (32, ONE). */
export const DR_PROVINCES = [
  'Azua',
  'Bahoruco',
  'Barahona',
  'Dajabón',
  'Distrito Nacional',
  'Duarte',
  'El Seibo',
  'Elías Piña',
  'Espaillat',
  'Hato Mayor',
  'Hermanas Mirabal',
  'Independencia',
  'La Altagracia',
  'La Romana',
  'La Vega',
  'María Trinidad Sánchez',
  'Monseñor Nouel',
  'Monte Cristi',
  'Monte Plata',
  'Pedernales',
  'Peravia',
  'Puerto Plata',
  'Samaná',
  'San Cristóbal',
  'San José de Ocoa',
  'San Juan',
  'San Pedro de Macorís',
  'Sánchez Ramírez',
  'Santiago',
  'Santiago Rodríguez',
  'Santo Domingo',
  'Valverde',
] as const;

/** Default country of the address step (spec doc 1 §9). */
export const ACCESS_DEFAULT_COUNTRY = 'República Dominicana';

export const COMPANY_TYPES = [
  { value: 'srl', label: 'S.R.L. (Sociedad de Responsabilidad Limitada)' },
  { value: 'sa', label: 'S.A. (Sociedad Anónima)' },
  { value: 'sas', label: 'S.A.S. (Sociedad Anónima Simplificada)' },
  { value: 'eirl', label: 'E.I.R.L. (Empresa Individual de Responsabilidad Limitada)' },
  { value: 'other', label: 'Otra' },
] as const;
export const GENDERS = [
  { value: 'female', label: 'Femenino' },
  { value: 'male', label: 'Masculino' },
  { value: 'other', label: 'Otro' },
  { value: 'unspecified', label: 'Prefiero no decirlo' },
] as const;
export const MARITAL_STATUSES = [
  { value: 'single', label: 'Soltero/a' },
  { value: 'married', label: 'Casado/a' },
  { value: 'free-union', label: 'Unión libre' },
  { value: 'divorced', label: 'Divorciado/a' },
  { value: 'widowed', label: 'Viudo/a' },
] as const;
export const EMPLOYEE_RANGES = [
  { value: '1-5', label: '1 a 5' },
  { value: '6-20', label: '6 a 20' },
  { value: '21-50', label: '21 a 50' },
  { value: '51-200', label: '51 a 200' },
  { value: '200+', label: 'Más de 200' },
] as const;
export const MEETING_TIMES = [
  { value: 'morning', label: 'Mañana (8:00 a 12:00)' },
  { value: 'afternoon', label: 'Tarde (12:00 a 17:00)' },
  { value: 'evening', label: 'Noche (17:00 a 20:00)' },
] as const;
export const COMMUNICATION_LANGUAGES = [
  { value: 'spanish', label: 'Español' },
  { value: 'english', label: 'Inglés' },
] as const;
export const HEAR_ABOUT_US = [
  { value: 'google', label: 'Búsqueda en Google' },
  { value: 'social', label: 'Redes sociales' },
  { value: 'referral', label: 'Recomendación de un conocido' },
  { value: 'whatsapp', label: 'WhatsApp' },
  { value: 'event', label: 'Evento o feria' },
  { value: 'other', label: 'Otro' },
] as const;
export const PREFERRED_STYLES = [
  { value: 'modern', label: 'Moderno' },
  { value: 'minimal', label: 'Minimalista' },
  { value: 'corporate', label: 'Corporativo' },
  { value: 'colorful', label: 'Colorido' },
  { value: 'elegant', label: 'Elegante' },
] as const;

/** Messages of spec doc 1 §5 "Access request", plus the check-digit messages this product adds. */
export const ACCESS_MESSAGES = {
  primaryEmailRequired: 'Email principal es requerido',
  emailInvalid: 'Email inválido',
  primaryPhoneRequired: 'Teléfono principal es requerido',
  phoneInvalid: 'Formato de teléfono inválido',
  firstNameRequired: 'Nombre es requerido',
  lastNameRequired: 'Apellido es requerido para personas físicas',
  cedulaRequired: 'Cédula es requerida',
  cedulaFormat: 'Formato de cédula inválido (XXX-XXXXXXX-X)',
  cedulaCheckDigit: 'Cédula inválida: el dígito verificador no coincide',
  companyNameRequired: 'Nombre de empresa es requerido',
  rncRequired: 'RNC es requerido',
  rncFormat: 'RNC debe tener 9 dígitos',
  rncCheckDigit: 'RNC inválido: el dígito verificador no coincide',
  legalRepNameRequired: 'Nombre del representante legal es requerido',
  legalRepCedulaRequired: 'Cédula del representante legal es requerida',
  addressRequired: 'Dirección es requerida',
  cityRequired: 'Ciudad es requerida',
  provinceRequired: 'Provincia es requerida',
  countryRequired: 'País es requerido',
  projectDescriptionRequired: 'Descripción del proyecto es requerida',
  projectDescriptionShort: 'Describe tu proyecto con más detalle (mínimo 30 caracteres)',
  estimatedBudgetRequired: 'Presupuesto estimado es requerido',
  acceptTerms: 'Debe aceptar los términos y condiciones',
  urlInvalid: 'URL inválida (ejemplo: https://minegocio.do)',
} as const;

/** Minimum project description length (spec doc 1 §9). */
export const PROJECT_DESCRIPTION_MIN = 30;

const CEDULA_SHAPE_RE = /^\d{3}-?\d{7}-?\d$/;
/** Nine digits, dashes optional between digits (1-30-12345-4 or 130123454), none at either end. */
const RNC_SHAPE_RE = /^\d(-?\d){8}$/;

const urlText = optionalText(300).refine(
  (v) => v === undefined || /^(https?:\/\/)?[\w-]+(\.[\w-]+)+(\/\S*)?$/i.test(v),
  ACCESS_MESSAGES.urlInvalid,
);
const phoneText = optionalText(30).refine(
  (v) => v === undefined || PHONE_RE.test(v),
  ACCESS_MESSAGES.phoneInvalid,
);
const dateText = optionalText(10).refine(
  (v) => v === undefined || /^\d{4}-\d{2}-\d{2}$/.test(v),
  'Fecha inválida (AAAA-MM-DD)',
);
const optionalEnum = <T extends readonly { value: string }[]>(options: T) =>
  z
    .union([z.enum(optionValues(options)), z.literal('')])
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * Every field of the access request (spec doc 1 §3), with the always-required ones checked here
 * and the per-client-type ones in the refinement below. Strings are trimmed; empty optional
 * strings become `undefined`. Uploads travel as multipart parts next to this JSON (see
 * ACCESS_REQUEST_UPLOADS), never inside it.
 */
const AccessRequestFieldsSchema = z.object({
  clientType: z.enum(['individual', 'company']).default('individual'),
  primaryEmail: z
    .string({ error: ACCESS_MESSAGES.primaryEmailRequired })
    .trim()
    .superRefine((v, ctx) => {
      if (!v) ctx.addIssue({ code: 'custom', message: ACCESS_MESSAGES.primaryEmailRequired });
      else if (v.length > 254 || !isEmail(v))
        ctx.addIssue({ code: 'custom', message: ACCESS_MESSAGES.emailInvalid });
    })
    .transform((v) => v.toLowerCase()),
  primaryPhone: z
    .string({ error: ACCESS_MESSAGES.primaryPhoneRequired })
    .trim()
    .superRefine((v, ctx) => {
      if (!v) ctx.addIssue({ code: 'custom', message: ACCESS_MESSAGES.primaryPhoneRequired });
      else if (v.length > 30 || !PHONE_RE.test(v))
        ctx.addIssue({ code: 'custom', message: ACCESS_MESSAGES.phoneInvalid });
    }),
  firstName: requiredText(ACCESS_MESSAGES.firstNameRequired, 80),
  middleName: optionalText(80),
  lastName: optionalText(80),
  secondLastName: optionalText(80),
  cedula: optionalText(40),
  birthDate: dateText,
  gender: optionalEnum(GENDERS),
  maritalStatus: optionalEnum(MARITAL_STATUSES),
  occupation: optionalText(120),
  companyName: optionalText(160),
  commercialName: optionalText(160),
  rnc: optionalText(40),
  companyType: optionalEnum(COMPANY_TYPES),
  legalRepresentativeName: optionalText(160),
  legalRepresentativeCedula: optionalText(40),
  foundationDate: dateText,
  address: requiredText(ACCESS_MESSAGES.addressRequired, 300),
  sector: optionalText(120),
  city: requiredText(ACCESS_MESSAGES.cityRequired, 120),
  province: requiredOption(DR_PROVINCES, ACCESS_MESSAGES.provinceRequired),
  postalCode: optionalText(10),
  country: requiredText(ACCESS_MESSAGES.countryRequired, 80),
  homePhone: phoneText,
  workPhone: phoneText,
  mobilePhone: phoneText,
  whatsappNumber: phoneText,
  website: urlText,
  facebook: optionalText(300),
  instagram: optionalText(300),
  linkedin: optionalText(300),
  emergencyContactName: optionalText(160),
  emergencyContactPhone: phoneText,
  emergencyContactRelation: optionalText(80),
  currentEmployer: optionalText(160),
  jobTitle: optionalText(120),
  workAddress: optionalText(300),
  monthlyIncome: optionalText(60),
  businessSector: optionalText(120),
  numberOfEmployees: optionalEnum(EMPLOYEE_RANGES),
  annualRevenue: optionalText(60),
  yearsInBusiness: optionalText(10),
  mainProducts: optionalText(1000),
  targetMarket: optionalText(1000),
  projectDescription: z
    .string({ error: ACCESS_MESSAGES.projectDescriptionRequired })
    .trim()
    .superRefine((v, ctx) => {
      if (!v) ctx.addIssue({ code: 'custom', message: ACCESS_MESSAGES.projectDescriptionRequired });
      else if (v.length < PROJECT_DESCRIPTION_MIN)
        ctx.addIssue({ code: 'custom', message: ACCESS_MESSAGES.projectDescriptionShort });
      else if (v.length > 5000) ctx.addIssue({ code: 'custom', message: 'Máximo 5000 caracteres' });
    }),
  projectType: z
    .union([ServiceIdSchema, z.literal('')])
    .optional()
    .transform((v) => (v ? v : undefined)),
  estimatedBudget: requiredOption(optionValues(ACCESS_BUDGETS), ACCESS_MESSAGES.estimatedBudgetRequired),
  projectDeadline: dateText,
  hasExistingWebsite: z.boolean().default(false),
  currentWebsite: urlText,
  competitorWebsites: optionalText(1000),
  preferredColors: optionalText(200),
  preferredStyle: optionalEnum(PREFERRED_STYLES),
  preferredContact: z.enum(optionValues(PREFERRED_CONTACTS)).default('email'),
  preferredMeetingTime: optionalEnum(MEETING_TIMES),
  communicationLanguage: z.enum(optionValues(COMMUNICATION_LANGUAGES)).default('spanish'),
  acceptTerms: z.boolean().refine((v) => v === true, ACCESS_MESSAGES.acceptTerms),
  acceptMarketing: z.boolean().default(false),
  hearAboutUs: optionalEnum(HEAR_ABOUT_US),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});

function checkCedula(
  value: string | undefined,
  path: string,
  requiredMessage: string,
  ctx: z.RefinementCtx,
): void {
  if (!value) ctx.addIssue({ code: 'custom', path: [path], message: requiredMessage });
  else if (!CEDULA_SHAPE_RE.test(value))
    ctx.addIssue({ code: 'custom', path: [path], message: ACCESS_MESSAGES.cedulaFormat });
  else if (!isValidCedula(value))
    ctx.addIssue({ code: 'custom', path: [path], message: ACCESS_MESSAGES.cedulaCheckDigit });
}

/**
 * `POST /public/access-requests` (JSON part `data`): all fields of spec doc 1 §3 with the rules
 * and messages of §5. Individuals need lastName and a cédula; companies need companyName, RNC,
 * legalRepresentativeName and legalRepresentativeCedula. Cédulas must pass the JCE Luhn check
 * digit and RNCs the DGII mod-11 one (validators.ts), dashes optional.
 */
export const CreateAccessRequestSchema = AccessRequestFieldsSchema.superRefine((v, ctx) => {
  if (v.clientType === 'individual') {
    if (!v.lastName)
      ctx.addIssue({ code: 'custom', path: ['lastName'], message: ACCESS_MESSAGES.lastNameRequired });
    checkCedula(v.cedula, 'cedula', ACCESS_MESSAGES.cedulaRequired, ctx);
  } else {
    if (!v.companyName)
      ctx.addIssue({ code: 'custom', path: ['companyName'], message: ACCESS_MESSAGES.companyNameRequired });
    if (!v.rnc) ctx.addIssue({ code: 'custom', path: ['rnc'], message: ACCESS_MESSAGES.rncRequired });
    else if (!RNC_SHAPE_RE.test(v.rnc))
      ctx.addIssue({ code: 'custom', path: ['rnc'], message: ACCESS_MESSAGES.rncFormat });
    else if (!isValidRnc(v.rnc))
      ctx.addIssue({ code: 'custom', path: ['rnc'], message: ACCESS_MESSAGES.rncCheckDigit });
    if (!v.legalRepresentativeName)
      ctx.addIssue({
        code: 'custom',
        path: ['legalRepresentativeName'],
        message: ACCESS_MESSAGES.legalRepNameRequired,
      });
    checkCedula(
      v.legalRepresentativeCedula,
      'legalRepresentativeCedula',
      ACCESS_MESSAGES.legalRepCedulaRequired,
      ctx,
    );
  }
});
export type CreateAccessRequest = z.input<typeof CreateAccessRequestSchema>;
export type AccessRequestData = z.output<typeof CreateAccessRequestSchema>;

/**
 * The reference a requester quotes for an access request: "SA-" and the first 8 hex digits of its
 * id, upper case (issue 32). Shown on the confirmation screen and in the confirmation email.
 */
export function accessRequestReference(id: string): string {
  return `SA-${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

/** `POST /public/access-requests` answer: received, with the reference the requester quotes. */
export const AccessRequestSubmittedSchema = z.object({ received: z.literal(true), reference: z.string() });
export type AccessRequestSubmitted = z.infer<typeof AccessRequestSubmittedSchema>;

/** Number of steps of the access-request modal (spec doc 1 §9). */
export const ACCESS_REQUEST_STEPS = 6;

/**
 * The fields each step of the modal shows (1-based index → field names); their errors block
 * 'Continuar' on that step. Every field of the schema belongs to exactly one step, so a value
 * that fails validation is always on the step that reports it (requests.test.ts checks this).
 * Reading chosen (docs/decisions/021): description and budget gate step 2, where the form shows
 * them, not step 4 as the spec's gating list says; steps 4 and 5 have no required field, only
 * format rules (dates, phones, URLs, lengths).
 */
export const ACCESS_REQUEST_STEP_GATES: Record<number, readonly string[]> = {
  1: [
    'clientType',
    'primaryEmail',
    'primaryPhone',
    'firstName',
    'middleName',
    'lastName',
    'secondLastName',
    'cedula',
    'companyName',
    'commercialName',
    'rnc',
    'companyType',
    'legalRepresentativeName',
    'legalRepresentativeCedula',
  ],
  2: [
    'projectDescription',
    'projectType',
    'estimatedBudget',
    'projectDeadline',
    'preferredContact',
    'preferredMeetingTime',
    'communicationLanguage',
    'hasExistingWebsite',
    'currentWebsite',
    'competitorWebsites',
    'preferredColors',
    'preferredStyle',
  ],
  3: [
    'address',
    'sector',
    'city',
    'province',
    'postalCode',
    'country',
    'homePhone',
    'workPhone',
    'mobilePhone',
    'whatsappNumber',
  ],
  4: [
    'birthDate',
    'gender',
    'maritalStatus',
    'occupation',
    'emergencyContactName',
    'emergencyContactPhone',
    'emergencyContactRelation',
    'currentEmployer',
    'jobTitle',
    'workAddress',
    'monthlyIncome',
    'foundationDate',
    'businessSector',
    'numberOfEmployees',
    'annualRevenue',
    'yearsInBusiness',
    'mainProducts',
    'targetMarket',
  ],
  5: ['website', 'facebook', 'instagram', 'linkedin'],
  6: ['acceptTerms', 'acceptMarketing', 'hearAboutUs'],
};

/** The step (1–6) that shows `field`, or undefined for a field no step shows (the honeypot). */
export function accessRequestStepOf(field: string): number | undefined {
  for (const [step, fields] of Object.entries(ACCESS_REQUEST_STEP_GATES))
    if (fields.includes(field)) return Number(step);
  return undefined;
}

/** Field errors of `values` that belong to `step` ({field → first message}); empty when it may continue. */
export function accessRequestStepErrors(values: unknown, step: number): Record<string, string> {
  const gates = ACCESS_REQUEST_STEP_GATES[step] ?? [];
  const result = CreateAccessRequestSchema.safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (gates.includes(field) && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** Optional uploads of step 5 (multipart part names) with their Spanish labels. */
export const ACCESS_REQUEST_UPLOADS = [
  { field: 'cedulaDocument', label: 'Copia de la cédula' },
  { field: 'rncDocument', label: 'Certificado de RNC' },
  { field: 'businessLicense', label: 'Registro mercantil o licencia comercial' },
  { field: 'powerOfAttorney', label: 'Poder de representación' },
  { field: 'profileImage', label: 'Foto o logo' },
] as const;
export type AccessRequestUploadField = (typeof ACCESS_REQUEST_UPLOADS)[number]['field'];
/** Per-file limit of the uploads, in bytes (5 MB). */
export const ACCESS_REQUEST_MAX_FILE_BYTES = 5 * 1024 * 1024;
/** MIME types accepted for the uploads (checked against the sniffed bytes, not the header). */
export const ACCESS_REQUEST_ALLOWED_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
] as const;
