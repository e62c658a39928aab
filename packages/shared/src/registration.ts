import { z } from 'zod';
import { CEDULA_INVALID, ClientTypeSchema, RNC_INVALID } from './clients.js';
import {
  emailSchema,
  isValidCedula,
  isValidRnc,
  onlyDigits,
  PHONE_RE,
  passwordSchema,
} from './validators.js';

/** Registration links expire 7 days after they are generated (issue 6). */
export const REGISTRATION_LINK_TTL_DAYS = 7;

/**
 * `POST /auth/generate-registration-link` body (admin, spec doc 1 §7). `clientId` makes the
 * invitee join an existing client record instead of creating one.
 */
export const GenerateRegistrationLinkRequestSchema = z.object({
  email: emailSchema,
  clientType: ClientTypeSchema,
  clientId: z.uuid().optional(),
});
export type GenerateRegistrationLinkRequest = z.input<typeof GenerateRegistrationLinkRequestSchema>;

/** Its answer: the absolute link, the raw token (shown once, never stored) and the expiry (ISO). */
export const GenerateRegistrationLinkResponseSchema = z.object({
  link: z.string(),
  token: z.string(),
  expiresAt: z.string(),
});

/** Values the registration form starts with (from the access request or the client record). */
export const RegistrationPrefillSchema = z.object({
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  phone: z.string().optional(),
  companyName: z.string().optional(),
  rnc: z.string().optional(),
  cedula: z.string().optional(),
});
export type RegistrationPrefill = z.infer<typeof RegistrationPrefillSchema>;

/** `GET /auth/register/{token}` answer: what the public page needs to show the form. */
export const RegistrationInfoSchema = z.object({
  email: z.string(),
  clientType: ClientTypeSchema,
  companyName: z.string().nullable().describe('Set when joining an existing client'),
  joinsExistingClient: z.boolean(),
  prefill: RegistrationPrefillSchema,
  expiresAt: z.string(),
});
export type RegistrationInfo = z.infer<typeof RegistrationInfoSchema>;

/** Token path param: 43 base64url characters (256 bits). Anything else is 404 like an unknown token. */
export const RegistrationTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

const personFields = {
  firstName: z.string().trim().min(1, 'Nombre es requerido').max(100),
  lastName: z.string().trim().min(1, 'Apellido es requerido').max(100),
  password: passwordSchema,
  phone: z
    .string({ error: 'Teléfono es requerido' })
    .trim()
    .min(7, 'Teléfono inválido')
    .max(30)
    .regex(PHONE_RE, 'Teléfono inválido'),
};

/**
 * `POST /auth/register/{token}` body. Companies give `companyName` + `rnc` (DGII check digit);
 * individuals give their `cedula` (JCE check digit). `clientType` must match the link's; when
 * the link joins an existing client, the company fields are ignored.
 */
export const RegisterRequestSchema = z.discriminatedUnion('clientType', [
  z.object({
    clientType: z.literal('company'),
    ...personFields,
    companyName: z.string().trim().min(1, 'Nombre de la empresa es requerido').max(200),
    rnc: z.string().trim().refine(isValidRnc, RNC_INVALID).transform(onlyDigits),
  }),
  z.object({
    clientType: z.literal('individual'),
    ...personFields,
    cedula: z.string().trim().refine(isValidCedula, CEDULA_INVALID).transform(onlyDigits),
  }),
]);
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;
