import type { IncomingMessage } from 'node:http';
import { parseXmlStrict, verifyXmlSignature } from '../src/modules/ecf/ecf-signature.js';
import { type FakeDgiiCore, firstText, HttpAnswer, json, parseEncf, readXmlFile } from './fake-dgii-core.js';

/* The fake DGII's anulación de e-NCF (ANECF) and aprobación comercial (ACECF) services. */

/**
 * DT "Anulación de e-NCF". Answers `{rnc, codigo, nombre, mensajes: [string]}`; the DT lists the
 * messages, not the codes (assumption: "1" voided, "2" refused, refusals with HTTP 400).
 */
export async function voidRanges(
  core: FakeDgiiCore,
  req: IncomingMessage,
  body: Buffer,
): Promise<HttpAnswer> {
  const file = await readXmlFile(req, body);
  if (file instanceof HttpAnswer) return file;
  const doc = parseXmlStrict(file.xml);
  const rnc = firstText(doc, 'RncEmisor');
  const refuse = (mensaje: string) =>
    json(400, { rnc, codigo: '2', nombre: 'Anulación rechazada', mensajes: [mensaje] });
  if (doc.documentElement?.localName !== 'ANECF' || !rnc)
    return refuse('Tipo de archivo no valido, favor proveer un XML');
  if (!verifyXmlSignature(file.xml).valid) return refuse('La firma del documento no es válida');
  const errors = await core.schemaErrors(file.xml, 'ANECF');
  if (errors.length > 0) return refuse(`La estructura del archivo XML no es válida. ${errors.join(' ')}`);
  const encfs: string[] = [];
  const lines = doc.getElementsByTagName('Anulacion');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const tipo = line.getElementsByTagName('TipoeCF')[0]?.textContent?.trim() ?? '';
    const ranges = line.getElementsByTagName('Secuencias');
    for (let j = 0; j < ranges.length; j++) {
      const from = parseEncf(
        ranges[j]!.getElementsByTagName('SecuenciaeNCFDesde')[0]?.textContent?.trim() ?? '',
      );
      const to = parseEncf(
        ranges[j]!.getElementsByTagName('SecuenciaeNCFHasta')[0]?.textContent?.trim() ?? '',
      );
      if (!from || !to || from.type !== tipo || to.type !== tipo)
        return refuse('El tipo de comprobante no es válido');
      if (from.seq > to.seq)
        return refuse('El valor del campo SecuenciaeNCFDesde es mayor al del campo SecuenciaeNCFHasta');
      if (to.seq - from.seq >= 100_000) return refuse('No fue posible anular las siguientes secuencias');
      for (let s = from.seq; s <= to.seq; s++) encfs.push(`E${tipo}${String(s).padStart(10, '0')}`);
    }
  }
  if (encfs.some((e) => core.encfSpent(rnc, e)))
    return refuse('Las secuencias que está intentando anular han sido utilizadas');
  for (const e of encfs) core.voidedEncfs.add(`${rnc}/${e}`);
  core.state.voids.push({ rnc, xml: file.xml, encfs, at: new Date() });
  return json(200, {
    rnc,
    codigo: '1',
    nombre: 'Anulación aceptada',
    mensajes: ['Las secuencias fueron anuladas correctamente.'],
  });
}

/**
 * DT "Recepción de aprobación comercial": `{mensaje: [string], estado, codigo}`. Assumption for the
 * values (as the dgii-ecf package types them): "01" / "Aprobación Comercial Aprobada." for an ACECF
 * approving, "02" / "Aprobacion Comercial Rechazada." for one rejecting; refusals with HTTP 400.
 */
export async function approval(core: FakeDgiiCore, req: IncomingMessage, body: Buffer): Promise<HttpAnswer> {
  const file = await readXmlFile(req, body);
  if (file instanceof HttpAnswer) return file;
  const doc = parseXmlStrict(file.xml);
  const refuse = (mensaje: string) => json(400, { mensaje: [mensaje], estado: 'Error', codigo: '00' });
  const encf = firstText(doc, 'eNCF');
  const rnc = firstText(doc, 'RNCComprador');
  const estado = firstText(doc, 'Estado');
  if (doc.documentElement?.localName !== 'ACECF' || !encf || !rnc || !estado)
    return refuse('Tipo de archivo no válido, favor proveer un XML');
  if (!verifyXmlSignature(file.xml).valid) return refuse('La firma del XML no es válida');
  const errors = await core.schemaErrors(file.xml, 'ACECF');
  if (errors.length > 0)
    return refuse(
      `La estructura del archivo XML no es válido, favor proveer un XML con una estructura válida, verificar el XSD correspondiente. ${errors.join(' ')}`,
    );
  if (['32', '41', '43', '46', '47'].includes(parseEncf(encf)?.type ?? ''))
    return refuse('Aprobación Comercial no es requerida para este tipo de e-CF');
  core.state.approvals.push({ rnc, encf, estado, xml: file.xml, at: new Date() });
  return estado === '1'
    ? json(200, { mensaje: [], estado: 'Aprobación Comercial Aprobada.', codigo: '01' })
    : json(200, { mensaje: [], estado: 'Aprobacion Comercial Rechazada.', codigo: '02' });
}
