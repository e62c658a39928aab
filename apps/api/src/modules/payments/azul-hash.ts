import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The two hash recipes of Azul's Payment Page ("Página de Pagos"), in one place (decision 147).
 *
 * Source: AZUL, "Manejo de la Autenticación (AuthHash)" in the developer documentation
 * (https://dev.azul.com.do/Pages/developer/pages/lib/index.aspx#Manejo%20de%20la%20Autenticaci%C3%B3n%20(AuthHash);
 * a transcription is in indexa-git/pyazul docs/development/azul_documentation.md): the values are
 * concatenated in the documented order with no separator, the AuthKey appended, and the result is
 * an HMAC-SHA512 keyed with the same AuthKey, written as hexadecimal.
 *
 * - Request (`AuthHash` posted with the form): MerchantId, MerchantName, MerchantType,
 *   CurrencyCode, OrderNumber, Amount, ITBIS, ApprovedUrl, DeclinedUrl, CancelUrl,
 *   UseCustomField1, CustomField1Label, CustomField1Value, UseCustomField2, CustomField2Label,
 *   CustomField2Value, AuthKey. The documentation accepts the string as UTF-8 or "UNICODE"
 *   (UTF-16LE); we send UTF-8, the encoding of Azul's worked example "Ejemplo Calculo Hash
 *   SALE.TXT" whose value is our test vector (azul-hash.test.ts).
 * - Response (`AuthHash` in the query string Azul returns to the approved/declined URL):
 *   OrderNumber, Amount, AuthorizationCode, DateTime, ResponseCode, IsoCode, ResponseMessage,
 *   ErrorDescription, RRN, AuthKey — ITBIS travels in the answer but is not hashed. The official
 *   page says this string is hashed "a partir de una cadena Unicode" and its PHP example converts
 *   it with `mb_convert_encoding($s, 'UTF-16LE', 'ASCII')` before `hash_hmac('sha512', …)`; some
 *   third-party write-ups hash UTF-8 instead. We follow the official page (UTF-16LE).
 */

/** Request fields in the order Azul hashes them (the AuthKey follows them). */
export const AZUL_REQUEST_HASH_FIELDS = [
  'MerchantId',
  'MerchantName',
  'MerchantType',
  'CurrencyCode',
  'OrderNumber',
  'Amount',
  'ITBIS',
  'ApprovedUrl',
  'DeclinedUrl',
  'CancelUrl',
  'UseCustomField1',
  'CustomField1Label',
  'CustomField1Value',
  'UseCustomField2',
  'CustomField2Label',
  'CustomField2Value',
] as const;

/** Response fields in the order Azul hashes them (the AuthKey follows them). */
export const AZUL_RESPONSE_HASH_FIELDS = [
  'OrderNumber',
  'Amount',
  'AuthorizationCode',
  'DateTime',
  'ResponseCode',
  'IsoCode',
  'ResponseMessage',
  'ErrorDescription',
  'RRN',
] as const;

export type AzulRequestHashFields = Record<(typeof AZUL_REQUEST_HASH_FIELDS)[number], string>;
/** Missing response values count as empty strings (Azul sends empty ones, e.g. ErrorDescription). */
export type AzulResponseHashFields = Partial<Record<(typeof AZUL_RESPONSE_HASH_FIELDS)[number], string>>;

/** The request `AuthHash` (lowercase hex, 128 characters) of `fields` under `authKey`. */
export function azulRequestHash(fields: AzulRequestHashFields, authKey: string): string {
  const text = AZUL_REQUEST_HASH_FIELDS.map((f) => fields[f]).join('') + authKey;
  return createHmac('sha512', Buffer.from(authKey, 'utf8')).update(Buffer.from(text, 'utf8')).digest('hex');
}

/** The response `AuthHash` (lowercase hex) Azul computes on its answer, under `authKey`. */
export function azulResponseHash(fields: AzulResponseHashFields, authKey: string): string {
  const text = AZUL_RESPONSE_HASH_FIELDS.map((f) => fields[f] ?? '').join('') + authKey;
  return createHmac('sha512', Buffer.from(authKey, 'utf8'))
    .update(Buffer.from(text, 'utf16le'))
    .digest('hex');
}

/**
 * True when `received` (hex, any case) is the response hash of `fields` under `authKey`;
 * compared in constant time. A missing or malformed hash is false.
 */
export function verifyAzulResponseHash(
  fields: AzulResponseHashFields,
  received: string | undefined,
  authKey: string,
): boolean {
  if (!received || !/^[0-9a-fA-F]{128}$/.test(received)) return false;
  const expected = Buffer.from(azulResponseHash(fields, authKey), 'hex');
  return timingSafeEqual(expected, Buffer.from(received, 'hex'));
}
