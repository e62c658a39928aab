import {
  ACECF_STATES,
  ARECF_STATES,
  COMMERCIAL_REJECTION_REASON_MAX,
  type EcfNotReceivedReason,
  formatDgiiDateTime,
} from '@agencia/shared';
import type { Document, Element } from '@xmldom/xmldom';

/*
 * The XML the receiver reads and writes (issue 26, "Receiving"): the supplier's e-CF (read), the
 * acknowledgement ARECF and the commercial approval ACECF (written, then signed with `signXml`),
 * and the authentication seed. Written documents carry no whitespace between elements (the DGII
 * verifies signatures after removing it), escape their text, and write dates as the DGII's
 * formats ask: `dd-MM-yyyy`, and `dd-MM-yyyy HH:mm:ss` (24-hour clock) in the Dominican Republic's
 * time (America/Santo_Domingo, UTC−4 all year).
 *
 * Sources (DGII, "Documentación sobre e-CF" on dgii.gov.do): "Descripción Técnica de Facturación
 * Electrónica" v1.6 (June 2023), sections "Autenticación" (seed and token) and "Estándar de
 * comunicación Emisor-Receptor" (receiver services, UTF-8, no empty tags, escaped characters);
 * "Formato Acuse de Recibo" v1.0 and "Formato Aprobación Comercial" v1.0 (fields, codes, date
 * formats); the XSDs ARECF.xsd, ACECF.xsd and Semilla.xsd.
 */

const DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

/** Escapes `&`, `<`, `>`, `"` and `'` for XML text ("Descripción Técnica", "Restricciones de contenido y/o caracteres"). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;',
  );
}

/** `<name>escaped text</name>`. */
function el(name: string, text: string | number): string {
  return `<${name}>${escapeXml(String(text))}</${name}>`;
}

/** A calendar day `YYYY-MM-DD` as the DGII writes it: `dd-MM-yyyy`. Throws for another shape. */
export function toDgiiDate(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) throw new Error(`not a calendar day: ${day}`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/**
 * A DGII date `dd-MM-yyyy` as a calendar day `YYYY-MM-DD`, or null when it is not one (wrong
 * shape or a day that does not exist, such as 31-02-2025).
 */
export function fromDgiiDate(text: string): string | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const day = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day ? null : day;
}

/** Cents as the DGII's amounts: a dot and two decimals, no thousands separator (`1234.50`). */
export function formatDgiiAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A DGII amount (`7080.00`, `7080.5`, `7080`) as whole cents, read from the text (no floating
 * point). Null for anything else: signs, separators, more than two decimals, more than 16 digits.
 */
export function parseDgiiAmount(text: string): number | null {
  const m = /^(\d{1,16})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** What an acknowledgement says: received, or not received for one of the DGII's reasons. */
export interface ArecfInput {
  /** The e-CF's `RNCEmisor` (the supplier). */
  issuerRnc: string;
  /** Our RNC: the taxpayer that acknowledges. */
  buyerRnc: string;
  encf: string;
  /** Null: `Estado` 0 "e-CF Recibido"; else `Estado` 1 with this `CodigoMotivoNoRecibido`. */
  reason: EcfNotReceivedReason | null;
  /** When the acknowledgement is generated (`FechaHoraAcuseRecibo`). */
  at: Date;
}

/**
 * The unsigned ARECF ("Formato Acuse de Recibo" v1.0; ARECF.xsd): `DetalleAcusedeRecibo` with
 * `Version` 1.0, `RNCEmisor`, `RNCComprador`, `eNCF`, `Estado`, `CodigoMotivoNoRecibido` only
 * when not received, and `FechaHoraAcuseRecibo`. Sign it with `signXml` before answering.
 */
export function buildArecfXml(input: ArecfInput): string {
  const state = input.reason === null ? ARECF_STATES.received : ARECF_STATES.notReceived;
  return (
    DECLARATION +
    '<ARECF><DetalleAcusedeRecibo>' +
    el('Version', '1.0') +
    el('RNCEmisor', input.issuerRnc) +
    el('RNCComprador', input.buyerRnc) +
    el('eNCF', input.encf) +
    el('Estado', state) +
    (input.reason === null ? '' : el('CodigoMotivoNoRecibido', input.reason)) +
    el('FechaHoraAcuseRecibo', formatDgiiDateTime(input.at)) +
    '</DetalleAcusedeRecibo></ARECF>'
  );
}

/** What a commercial approval says about one received e-CF. */
export interface AcecfInput {
  /** The e-CF's `RNCEmisor` (the supplier). */
  issuerRnc: string;
  encf: string;
  /** The e-CF's `FechaEmision` as a calendar day `YYYY-MM-DD`. */
  issueDate: string;
  /** The e-CF's `MontoTotal`, in cents. */
  totalCents: number;
  /** Our RNC: the buyer that answers. */
  buyerRnc: string;
  approved: boolean;
  /** `DetalleMotivoRechazo` (rejections only; cut to 250 characters). */
  reason: string | null;
  /** When the answer is generated (`FechaHoraAprobacionComercial`). */
  at: Date;
}

/**
 * The unsigned ACECF ("Formato Aprobación Comercial" v1.0; ACECF.xsd): `DetalleAprobacionComercial`
 * with `Version` 1.0, `RNCEmisor`, `eNCF`, `FechaEmision` (dd-MM-yyyy), `MontoTotal` (two
 * decimals), `RNCComprador`, `Estado` (1 accepted, 2 rejected), `DetalleMotivoRechazo` only when
 * rejected (the format's condition), and `FechaHoraAprobacionComercial`. Sign it with `signXml`.
 */
export function buildAcecfXml(input: AcecfInput): string {
  const reason = input.approved
    ? null
    : (input.reason ?? '').trim().slice(0, COMMERCIAL_REJECTION_REASON_MAX);
  return (
    DECLARATION +
    '<ACECF><DetalleAprobacionComercial>' +
    el('Version', '1.0') +
    el('RNCEmisor', input.issuerRnc) +
    el('eNCF', input.encf) +
    el('FechaEmision', toDgiiDate(input.issueDate)) +
    el('MontoTotal', formatDgiiAmount(input.totalCents)) +
    el('RNCComprador', input.buyerRnc) +
    el('Estado', input.approved ? ACECF_STATES.approved : ACECF_STATES.rejected) +
    (reason ? el('DetalleMotivoRechazo', reason) : '') +
    el('FechaHoraAprobacionComercial', formatDgiiDateTime(input.at)) +
    '</DetalleAprobacionComercial></ACECF>'
  );
}

/**
 * An instant as the seed's `fecha` (xs:dateTime) in Dominican time with its offset:
 * `2025-01-25T13:33:57.395-04:00`, the shape of the DGII's own seed.
 */
export function seedDateTime(at: Date): string {
  return new Date(at.getTime() - 4 * 3600_000).toISOString().replace('Z', '-04:00');
}

/**
 * The authentication seed ("Descripción Técnica", Autenticación → "Obtener archivo semilla"):
 * `SemillaModel` with `valor` and `fecha`, the namespaces the DGII's seed declares. The sender
 * signs it whole and posts it back (Semilla.xsd: the signature is the element after `fecha`).
 */
export function buildSeedXml(valor: string, at: Date): string {
  return (
    DECLARATION +
    '<SemillaModel xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
    el('valor', valor) +
    el('fecha', seedDateTime(at)) +
    '</SemillaModel>'
  );
}

/** The first child element of `parent` named `name` (local name, any namespace), or null. */
function child(parent: Element | null, name: string): Element | null {
  if (!parent) return null;
  for (let i = 0; i < parent.childNodes.length; i++) {
    const node = parent.childNodes[i]!;
    if (node.nodeType === 1 && (node as Element).localName === name) return node as Element;
  }
  return null;
}

/** The trimmed text at `path` under `root` (child by child), or null when absent or empty. */
export function textAt(root: Element | null, ...path: string[]): string | null {
  let node = root;
  for (const name of path) node = child(node, name);
  const text = node?.textContent?.trim();
  return text ? text : null;
}

/** 9 digits (RNC) or 11 (cédula): the DGII's `RNCType`. */
export const RNC_RE = /^(\d{9}|\d{11})$/;
/** An e-NCF: `E`, the two-digit type, ten digits (13 characters). */
export const ENCF_RE = /^E\d{12}$/;

/**
 * The fields the receiver needs from a supplier's e-CF ("Formato Comprobante Fiscal Electrónico"
 * v1.0: `ECF/Encabezado/IdDoc`, `Emisor`, `Comprador`, `Totales`), as found: values are null
 * when absent or malformed, and the caller decides what is an error of specification.
 */
export interface EcfFields {
  documentType: string | null;
  encf: string | null;
  issuerRnc: string | null;
  issuerName: string | null;
  buyerRnc: string | null;
  /** `FechaEmision` as `YYYY-MM-DD`. */
  issueDate: string | null;
  /** `MontoTotal` in cents. */
  totalCents: number | null;
  /** `TotalITBIS` in cents (0 when absent; null when present and malformed). */
  taxCents: number | null;
}

/** Reads {@link EcfFields} from a parsed document; all null when the root is not `ECF`. */
export function readEcfFields(doc: Document): EcfFields {
  const root = doc.documentElement;
  const ecf = root && root.localName === 'ECF' ? root : null;
  const header = child(ecf, 'Encabezado');
  const encf = textAt(header, 'IdDoc', 'eNCF');
  const issuerRnc = textAt(header, 'Emisor', 'RNCEmisor');
  const buyerRnc = textAt(header, 'Comprador', 'RNCComprador');
  const issueDate = textAt(header, 'Emisor', 'FechaEmision');
  const total = textAt(header, 'Totales', 'MontoTotal');
  const tax = textAt(header, 'Totales', 'TotalITBIS');
  return {
    documentType: textAt(header, 'IdDoc', 'TipoeCF'),
    encf: encf && ENCF_RE.test(encf) ? encf : null,
    issuerRnc: issuerRnc && RNC_RE.test(issuerRnc) ? issuerRnc : null,
    issuerName: textAt(header, 'Emisor', 'RazonSocialEmisor'),
    buyerRnc,
    issueDate: issueDate ? fromDgiiDate(issueDate) : null,
    totalCents: total ? parseDgiiAmount(total) : null,
    taxCents: tax ? parseDgiiAmount(tax) : 0,
  };
}

/** The fields of a buyer's ACECF (`ACECF/DetalleAprobacionComercial`), null when absent or malformed. */
export interface AcecfFields {
  issuerRnc: string | null;
  encf: string | null;
  buyerRnc: string | null;
  /** 1 accepted, 2 rejected. */
  state: 1 | 2 | null;
  reason: string | null;
  /** The e-CF's `FechaEmision` as `YYYY-MM-DD`. */
  issueDate: string | null;
  /** The e-CF's `MontoTotal` in cents. */
  totalCents: number | null;
}

/** Reads {@link AcecfFields}; all null when the root is not `ACECF`. */
export function readAcecfFields(doc: Document): AcecfFields {
  const root = doc.documentElement;
  const detail = child(root && root.localName === 'ACECF' ? root : null, 'DetalleAprobacionComercial');
  const issuerRnc = textAt(detail, 'RNCEmisor');
  const encf = textAt(detail, 'eNCF');
  const buyerRnc = textAt(detail, 'RNCComprador');
  const state = textAt(detail, 'Estado');
  const issueDate = textAt(detail, 'FechaEmision');
  const total = textAt(detail, 'MontoTotal');
  return {
    issuerRnc: issuerRnc && RNC_RE.test(issuerRnc) ? issuerRnc : null,
    encf: encf && ENCF_RE.test(encf) ? encf : null,
    buyerRnc: buyerRnc && RNC_RE.test(buyerRnc) ? buyerRnc : null,
    state: state === '1' ? 1 : state === '2' ? 2 : null,
    reason: textAt(detail, 'DetalleMotivoRechazo')?.slice(0, COMMERCIAL_REJECTION_REASON_MAX) ?? null,
    issueDate: issueDate ? fromDgiiDate(issueDate) : null,
    totalCents: total ? parseDgiiAmount(total) : null,
  };
}
