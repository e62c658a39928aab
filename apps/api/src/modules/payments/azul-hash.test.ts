import { describe, expect, it } from 'vitest';
import { azulRequestHash, azulResponseHash, verifyAzulResponseHash } from './azul-hash.js';

/*
 * Test vectors. The request vector is Azul's own worked example ("Ejemplo Calculo Hash SALE.TXT",
 * the sample file Azul hands out with the Payment Page documentation): its fields, its AuthKey
 * and the hash it prints. Azul publishes no response hash with its value, so the response vectors
 * were computed independently with Python's `hmac` over the UTF-16LE string, the recipe of Azul's
 * PHP example (`mb_convert_encoding(…, 'UTF-16LE', 'ASCII')` + `hash_hmac('sha512', …)`).
 */
const AUTH_KEY =
  'asdhakjshdkjasdasmndajksdkjaskldga8odya9d8yoasyd98asdyaisdhoaisyd0a8sydoashd8oasydoiahdpiashd09ayusidhaos8dy0a8dya08syd0a8ssdsax';

const SALE_EXAMPLE = {
  MerchantId: '39038540035',
  MerchantName: 'Prueba AZUL',
  MerchantType: 'ECommerce',
  CurrencyCode: '$',
  OrderNumber: '001',
  Amount: '10000',
  ITBIS: '000',
  ApprovedUrl: 'https://google.com',
  DeclinedUrl: 'https://google.com',
  CancelUrl: 'https://google.com',
  UseCustomField1: '0',
  CustomField1Label: '',
  CustomField1Value: '',
  UseCustomField2: '0',
  CustomField2Label: '',
  CustomField2Value: '',
};

const APPROVED = {
  OrderNumber: '001',
  Amount: '10000',
  AuthorizationCode: 'OK0123',
  DateTime: '20260115103000',
  ResponseCode: 'ISO8583',
  IsoCode: '00',
  ResponseMessage: 'APROBADA',
  ErrorDescription: '',
  RRN: '012345678901',
};
const APPROVED_HASH =
  'c118595329f14d74c4cfbe7669785d8aa978e8a185e61ef326a59eedbaa1083abece9da02eab24226ba292d7c2b3a228f8c415edb1c1d07c382c3f646ef4f889';
const DECLINED = {
  OrderNumber: '002',
  Amount: '10000',
  AuthorizationCode: '',
  DateTime: '20260115103500',
  ResponseCode: 'ISO8583',
  IsoCode: '51',
  ResponseMessage: 'DECLINADA',
  ErrorDescription: 'Fondos insuficientes',
  RRN: '012345678902',
};
const DECLINED_HASH =
  'b9e1bb41a7579e8571a24ec9fc8ea25b05b5392cf203bb00747cd52555a0aa45737d3d0ca26cfda883d721e3e89817fed544ea3fe82e4b1bf9aafe095f58c59c';

describe('Azul Payment Page hashes', () => {
  it("computes the request AuthHash of Azul's worked SALE example", () => {
    expect(azulRequestHash(SALE_EXAMPLE, AUTH_KEY)).toBe(
      '6662f1e52260cf845a848845e6769ece7ef173c2809ea215f1fc8907442a21f395bdfbb8422eb4d6ce8673eb6961beb730d97842e8030668516beba717ffff5b',
    );
  });

  it('any field or the key changes the request hash', () => {
    const base = azulRequestHash(SALE_EXAMPLE, AUTH_KEY);
    expect(azulRequestHash({ ...SALE_EXAMPLE, Amount: '10001' }, AUTH_KEY)).not.toBe(base);
    expect(azulRequestHash({ ...SALE_EXAMPLE, CancelUrl: 'https://google.com/x' }, AUTH_KEY)).not.toBe(base);
    expect(azulRequestHash(SALE_EXAMPLE, `${AUTH_KEY}x`)).not.toBe(base);
  });

  it('computes the response hash over the UTF-16LE string (approved and declined vectors)', () => {
    expect(azulResponseHash(APPROVED, AUTH_KEY)).toBe(APPROVED_HASH);
    expect(azulResponseHash(DECLINED, AUTH_KEY)).toBe(DECLINED_HASH);
  });

  it('verifies a response hash in any case and refuses a tampered, missing or malformed one', () => {
    expect(verifyAzulResponseHash(APPROVED, APPROVED_HASH, AUTH_KEY)).toBe(true);
    expect(verifyAzulResponseHash(APPROVED, APPROVED_HASH.toUpperCase(), AUTH_KEY)).toBe(true);
    expect(verifyAzulResponseHash({ ...APPROVED, Amount: '100000' }, APPROVED_HASH, AUTH_KEY)).toBe(false);
    expect(verifyAzulResponseHash(APPROVED, undefined, AUTH_KEY)).toBe(false);
    expect(verifyAzulResponseHash(APPROVED, 'abc', AUTH_KEY)).toBe(false);
    expect(verifyAzulResponseHash(APPROVED, APPROVED_HASH, 'otra-llave')).toBe(false);
  });

  it('does not hash the ITBIS of the answer (Azul leaves it out)', () => {
    expect(azulResponseHash({ ...APPROVED, ...{ ITBIS: '1800' } } as typeof APPROVED, AUTH_KEY)).toBe(
      APPROVED_HASH,
    );
  });
});
