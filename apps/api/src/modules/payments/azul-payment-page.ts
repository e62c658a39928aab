import type { AzulEnvironment, Currency } from '@agencia/shared';
import { z } from 'zod';
import { type AzulResponseHashFields, azulRequestHash, verifyAzulResponseHash } from './azul-hash.js';

/*
 * The adapter of Azul's Payment Page (decision 147): the form the browser posts (the card never
 * reaches our server) and the answer Azul sends back in the query string of the approved or
 * declined URL. Field names, formats and URLs from AZUL's developer documentation, "Página de
 * Pagos" → "Invocar la Página de Pago" and "Manejo de la Autenticación (AuthHash)"
 * (https://dev.azul.com.do/Pages/developer/pages/lib/index.aspx). Callers never see HTTP details.
 */

/** Azul's Payment Page per environment ("Invocar la Página de Pago"); `AZUL_PAYMENT_PAGE_URL` overrides it. */
export const AZUL_PAYMENT_PAGE_URLS: Record<AzulEnvironment, string> = {
  pruebas: 'https://pruebas.azul.com.do/PaymentPage/',
  produccion: 'https://pagos.azul.com.do/PaymentPage/Default.aspx',
};

/**
 * The origins the portal's pages may post a form to besides their own (CSP `form-action`): Azul's
 * Payment Page in both environments, its contingency site ("Site Alterno",
 * `https://contpagos.azul.com.do`), and the origin of `AZUL_PAYMENT_PAGE_URL` when set.
 */
export function azulFormOrigins(override: string | null): string[] {
  const urls = [
    ...Object.values(AZUL_PAYMENT_PAGE_URLS),
    'https://contpagos.azul.com.do/PaymentPage/Default.aspx',
  ];
  if (override) urls.push(override);
  return [...new Set(urls.map((u) => new URL(u).origin))];
}

/** The merchant data Azul assigned (MerchantId = the "MID") and the secret AuthKey. */
export interface AzulMerchant {
  merchantId: string;
  merchantName: string;
  merchantType: string;
  authKey: string;
}

/**
 * Azul's `CurrencyCode`: Azul gives the value with each merchant id; its examples use `$` for
 * pesos. Other currencies send their ISO code (confirm it with Azul when enabling one).
 */
export function azulCurrencyCode(currency: Currency): string {
  return currency === 'DOP' ? '$' : currency;
}

/**
 * An amount in Azul's format: centavos without comma or point ("Ej. 1000 equivale a 10.00");
 * an ITBIS of zero is written `000` as in Azul's example.
 */
export function azulAmount(cents: number): string {
  return cents === 0 ? '000' : String(cents);
}

/**
 * The hidden fields of the Payment Page form for one sale: merchant, `CurrencyCode`,
 * `OrderNumber`, `Amount` and `ITBIS` in centavos, the three return URLs, the custom field shown
 * to the payer (the invoice number), `ShowTransactionResult=0` (the portal shows the result),
 * `Locale=ES` and the request `AuthHash` ({@link azulRequestHash}).
 */
export function paymentPageFields(input: {
  merchant: AzulMerchant;
  currency: Currency;
  orderNumber: string;
  amountCents: number;
  itbisCents: number;
  approvedUrl: string;
  declinedUrl: string;
  cancelUrl: string;
  /** Shown on Azul's page ("Factura", "FAC-2026-0001"). */
  detail: { label: string; value: string };
}): Record<string, string> {
  const hashed = {
    MerchantId: input.merchant.merchantId,
    MerchantName: input.merchant.merchantName,
    MerchantType: input.merchant.merchantType,
    CurrencyCode: azulCurrencyCode(input.currency),
    OrderNumber: input.orderNumber,
    Amount: azulAmount(input.amountCents),
    ITBIS: azulAmount(input.itbisCents),
    ApprovedUrl: input.approvedUrl,
    DeclinedUrl: input.declinedUrl,
    CancelUrl: input.cancelUrl,
    UseCustomField1: '1',
    CustomField1Label: input.detail.label,
    CustomField1Value: input.detail.value,
    UseCustomField2: '0',
    CustomField2Label: '',
    CustomField2Value: '',
  };
  return {
    ...hashed,
    ShowTransactionResult: '0',
    Locale: 'ES',
    AuthHash: azulRequestHash(hashed, input.merchant.authKey),
  };
}

const field = z.string().max(500).optional();

/**
 * Azul's answer in the query string of the approved/declined URL ("Valores de Retorno"): the
 * hashed fields, `ITBIS`, `AzulOrderId`, the masked `CardNumber` and `AuthHash`. Unknown
 * parameters are ignored.
 */
export const AzulAnswerSchema = z.object({
  OrderNumber: field,
  Amount: field,
  ITBIS: field,
  AuthorizationCode: field,
  DateTime: field,
  ResponseCode: field,
  IsoCode: field,
  ResponseMessage: field,
  ErrorDescription: field,
  RRN: field,
  AzulOrderId: field,
  CardNumber: field,
  AuthHash: field,
});
export type AzulAnswer = z.infer<typeof AzulAnswerSchema>;

/** True when `answer` carries Azul's response hash under `authKey` ({@link verifyAzulResponseHash}). */
export function verifyAnswer(answer: AzulAnswer, authKey: string): boolean {
  const fields: AzulResponseHashFields = {
    OrderNumber: answer.OrderNumber,
    Amount: answer.Amount,
    AuthorizationCode: answer.AuthorizationCode,
    DateTime: answer.DateTime,
    ResponseCode: answer.ResponseCode,
    IsoCode: answer.IsoCode,
    ResponseMessage: answer.ResponseMessage,
    ErrorDescription: answer.ErrorDescription,
    RRN: answer.RRN,
  };
  return verifyAzulResponseHash(fields, answer.AuthHash, authKey);
}

/** An approval: `IsoCode` 00 ("Si es satisfactorio, se recibe 00"). */
export function isApproved(answer: AzulAnswer): boolean {
  return answer.IsoCode === '00';
}

/** Azul's `DateTime` (YYYYMMDDHHMMSS) as a day (YYYY-MM-DD), or null when it is not one. */
export function answerDay(dateTime: string | undefined): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})\d{6}$/.exec(dateTime ?? '');
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}
