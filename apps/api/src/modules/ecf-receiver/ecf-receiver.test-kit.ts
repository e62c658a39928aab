import type { FastifyInstance } from 'fastify';
import type { SigningKey } from '../ecf/ecf-signature.js';
import { signXml } from '../ecf/ecf-signature.js';
import { escapeXml } from './ecf-receiver-xml.js';

/*
 * Test helpers of the e-CF receiver: a supplier's e-CF written by hand (an E31 "valid enough" for
 * the receiver's parser, after the DGII's sample), multipart bodies with the `xml` part, and the
 * seed → token handshake over HTTP.
 */

/** A supplier's RNC (9 digits) used by the fixtures. */
export const SUPPLIER_RNC = '131880738';

/** Options of {@link supplierEcfXml}. */
export interface SupplierEcfOptions {
  buyerRnc: string;
  encf?: string;
  type?: string;
  issuerRnc?: string;
  issuerName?: string;
  /** `FechaEmision`, dd-MM-yyyy. */
  issueDate?: string;
  /** `MontoTotal`, as written. */
  total?: string;
}

/** An unsigned E31 from {@link SUPPLIER_RNC} to `buyerRnc` (RD$6,000 + 18% ITBIS = 7,080.00). */
export function supplierEcfXml(opts: SupplierEcfOptions): string {
  const type = opts.type ?? '31';
  const encf = opts.encf ?? `E${type}0000000123`;
  return (
    '<?xml version="1.0" encoding="utf-8"?><ECF><Encabezado><Version>1.0</Version><IdDoc>' +
    `<TipoeCF>${type}</TipoeCF><eNCF>${encf}</eNCF><FechaVencimientoSecuencia>31-12-2027</FechaVencimientoSecuencia>` +
    '<IndicadorMontoGravado>0</IndicadorMontoGravado><TipoIngresos>01</TipoIngresos><TipoPago>1</TipoPago></IdDoc>' +
    `<Emisor><RNCEmisor>${opts.issuerRnc ?? SUPPLIER_RNC}</RNCEmisor>` +
    `<RazonSocialEmisor>${escapeXml(opts.issuerName ?? 'SUMINISTROS & OFICINA SRL')}</RazonSocialEmisor>` +
    '<DireccionEmisor>Av. 27 de Febrero 100, Santo Domingo</DireccionEmisor>' +
    `<FechaEmision>${opts.issueDate ?? '15-01-2026'}</FechaEmision></Emisor>` +
    `<Comprador><RNCComprador>${opts.buyerRnc}</RNCComprador><RazonSocialComprador>AGENCIA DIGITAL RD SRL</RazonSocialComprador></Comprador>` +
    '<Totales><MontoGravadoTotal>6000.00</MontoGravadoTotal><MontoGravadoI1>6000.00</MontoGravadoI1><ITBIS1>18</ITBIS1>' +
    `<TotalITBIS>1080.00</TotalITBIS><TotalITBIS1>1080.00</TotalITBIS1><MontoTotal>${opts.total ?? '7080.00'}</MontoTotal></Totales>` +
    '</Encabezado><DetallesItems><Item><NumeroLinea>1</NumeroLinea><IndicadorFacturacion>1</IndicadorFacturacion>' +
    '<NombreItem>Resmas de papel</NombreItem><IndicadorBienoServicio>1</IndicadorBienoServicio><CantidadItem>15.00</CantidadItem>' +
    '<PrecioUnitarioItem>400.00</PrecioUnitarioItem><MontoItem>6000.00</MontoItem></Item></DetallesItems>' +
    '<FechaHoraFirma>15-01-2026 09:19:57</FechaHoraFirma></ECF>'
  );
}

/** {@link supplierEcfXml} signed with `key`. */
export function signedSupplierEcf(key: SigningKey, opts: SupplierEcfOptions): string {
  return signXml(supplierEcfXml(opts), key);
}

/** A multipart/form-data body with one file part (default field `xml`), as the DGII's clients send it. */
export function multipartXml(xml: string | Buffer, field = 'xml', filename = 'documento.xml') {
  const boundary = '----dgiiReceiverBoundary7d1f';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: text/xml\r\n\r\n`,
    ),
    typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Seed → signed with `key` → token, through the public routes; throws when a step fails. */
export async function receiverToken(app: FastifyInstance, key: SigningKey): Promise<string> {
  const seed = await app.inject({ method: 'GET', url: '/fe/autenticacion/api/semilla' });
  if (seed.statusCode !== 200) throw new Error(`semilla: ${seed.statusCode} ${seed.body}`);
  const res = await app.inject({
    method: 'POST',
    url: '/fe/autenticacion/api/validacioncertificado',
    ...multipartXml(signXml(seed.body, key)),
  });
  if (res.statusCode !== 200) throw new Error(`validacioncertificado: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** Posts `xml` to a receiver path with the bearer `token` (none when null). */
export function postXml(app: FastifyInstance, url: string, xml: string | Buffer, token: string | null) {
  const body = multipartXml(xml);
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}
