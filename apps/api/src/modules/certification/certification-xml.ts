import { ACECF_STATES, CONSUMO_BUYER_ID_THRESHOLD_CENTS, type WorkbookProblem } from '@agencia/shared';
import { formatEcfDateTime } from '../ecf/ecf-xml.js';
import type { WorkbookRow } from './certification-workbook.js';
import {
  DGII_XSD_TYPES,
  type DgiiDocumentSchema,
  type XsdElement,
  xsdTree,
} from './certification-xsd-facts.js';

/*
 * The XML of a certification test case, built generically from its workbook row (issue 41): every
 * header names an XML element (`MontoTotal`) or an element of a repeated group with its index
 * (`NombreItem[2]`, `TipoCodigo[1][2]`); the elements are written in the order and nesting of the
 * type's XSD (`certification-xsd-facts.ts`, generated from the DGII's XSDs), empty cells left out,
 * each value exactly as the workbook gives it (escaped, never recomputed, rounded or reordered).
 * `FechaHoraFirma` is the signing time; the RFCE's `CodigoSeguridadeCF` is the signed E32's code.
 *
 * Before anything is stored each document is checked: structurally against the XSD facts (required
 * elements, cardinality, enumerations, patterns, lengths, digits, bounds) and against rules the DGII
 * applies beyond the XSD (see {@link checkEcfRules}). Problems are Spanish and name the column.
 */

/** The e-CF types of a test set, with the schema of each. */
export const CERTIFICATION_ECF_SCHEMAS = {
  E31: 'ECF-31',
  E32: 'ECF-32',
  E33: 'ECF-33',
  E34: 'ECF-34',
  E41: 'ECF-41',
  E43: 'ECF-43',
  E44: 'ECF-44',
  E45: 'ECF-45',
  E46: 'ECF-46',
  E47: 'ECF-47',
} as const satisfies Record<string, DgiiDocumentSchema>;
export type CertificationEcfType = keyof typeof CERTIFICATION_ECF_SCHEMAS;

/** One problem of one document: the column it concerns (null: the whole row) and a Spanish message. */
export interface CaseProblem {
  field: string | null;
  message: string;
}

/** Thrown when a document that passed the import checks cannot be built at send time. */
export class CaseBuildError extends Error {
  constructor(readonly problems: CaseProblem[]) {
    super(problems.map((p) => `${p.field ?? ''}: ${p.message}`).join('; '));
  }
}

const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

/**
 * Columns that are not elements written from the row: the case's name, and the values set when the
 * document is signed (`FechaHoraFirma`; the RFCE's `CodigoSeguridadeCF`).
 */
const NOT_ELEMENTS = new Set(['casoprueba', 'fechahorafirma', 'codigoseguridadecf']);

/**
 * Column names of the DGII's workbook that are not the element's own name: `NumeroLinea` exists both
 * in `Item` and in `DescuentoORecargo`; the workbook names the second `NumeroLineaDoR[n]`
 * (ithesk/l10n_do_e_cf_tests models/ecf_builder.py `build_descuentos_o_recargos`).
 */
const ALIASES: Record<string, string[]> = {
  numerolineador: ['DescuentosORecargos', 'DescuentoORecargo', 'NumeroLinea'],
};

/** A header split into element name and indices: `TipoCodigo[1][2]` → `tipocodigo`, [1, 2]. */
export function parseColumn(header: string): { base: string; indices: number[] } | null {
  const m = /^([A-Za-z][A-Za-z0-9_]*)((?:\s*\[\s*\d+\s*\])*)$/.exec(header.trim());
  if (!m) return null;
  const indices = [...m[2]!.matchAll(/\d+/g)].map((x) => Number(x[0]));
  return { base: m[1]!.toLowerCase(), indices };
}

/** A leaf of a schema: the path from the root, and how many repeated elements are on it (indices). */
interface Leaf {
  path: XsdElement[];
  node: XsdElement;
  levels: number;
  column: string;
}

const leafCache = new Map<DgiiDocumentSchema, Map<string, Leaf>>();

/** The leaves of `schema` by `lowercase name#number of indices` (aliases included). */
function leavesOf(schema: DgiiDocumentSchema): Map<string, Leaf> {
  const cached = leafCache.get(schema);
  if (cached) return cached;
  const map = new Map<string, Leaf>();
  const walk = (node: XsdElement, path: XsdElement[], levels: number) => {
    const here = [...path, node];
    const l = levels + (node.max !== 1 ? 1 : 0);
    if (node.children) {
      for (const c of node.children) walk(c, here, l);
      return;
    }
    const key = `${node.name.toLowerCase()}#${l}`;
    // The first in document order keeps the plain name (Item's NumeroLinea); others need an alias.
    if (!map.has(key)) map.set(key, { path: here, node, levels: l, column: node.name });
  };
  walk(xsdTree(schema), [], 0);
  for (const [alias, names] of Object.entries(ALIASES)) {
    const found = findPath(schema, names);
    if (found) map.set(`${alias}#${found.levels}`, { ...found, column: 'NumeroLineaDoR' });
  }
  leafCache.set(schema, map);
  return map;
}

/** The leaf at the end of `names` (a path suffix) in `schema`, found by walking the tree. */
function findPath(schema: DgiiDocumentSchema, names: string[]): Leaf | null {
  let found: Leaf | null = null;
  const walk = (node: XsdElement, path: XsdElement[], levels: number) => {
    const here = [...path, node];
    const l = levels + (node.max !== 1 ? 1 : 0);
    if (node.children) {
      for (const c of node.children) walk(c, here, l);
    } else if (
      !found &&
      here.length >= names.length &&
      names.every((n, i) => here[here.length - names.length + i]!.name === n)
    ) {
      found = { path: here, node, levels: l, column: node.name };
    }
  };
  walk(xsdTree(schema), [], 0);
  return found;
}

/** Every element name (lower case) of every e-CF schema: a column with one of these is an element. */
const ALL_ECF_ELEMENT_NAMES = (() => {
  const names = new Set<string>(Object.keys(ALIASES));
  for (const schema of Object.values(CERTIFICATION_ECF_SCHEMAS)) {
    for (const key of leavesOf(schema).keys()) names.add(key.split('#')[0]!);
  }
  return names;
})();

// ---------------------------------------------------------------------------------------------
// Values against the XSD's simple types
// ---------------------------------------------------------------------------------------------

/**
 * XSD's `\w`: every character but punctuation, separators and "other" (XML Schema Part 2, F.1.1),
 * i.e. letters, marks, digits and symbols — as `XSD_WORD` in ecf/ecf-xml-check.ts.
 */
const XSD_WORD = '\\p{L}\\p{M}\\p{N}\\p{S}';

const patternCache = new Map<string, RegExp | null>();

/** An XSD pattern as an anchored JS regular expression (null when JS cannot express it). */
function xsdPattern(pattern: string): RegExp | null {
  if (patternCache.has(pattern)) return patternCache.get(pattern)!;
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\' && i + 1 < pattern.length) {
      const next = pattern[i + 1]!;
      i++;
      if (next === 'w') out += inClass ? XSD_WORD : `[${XSD_WORD}]`;
      else if (next === 'W') out += inClass ? '' : `[^${XSD_WORD}]`;
      else if (next === 'i' || next === 'c') out += inClass ? '\\p{L}_:' : '[\\p{L}_:]';
      else out += `\\${next}`;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    out += ch;
  }
  let re: RegExp | null;
  try {
    re = new RegExp(`^(?:${out})$`, 'u');
  } catch {
    try {
      re = new RegExp(`^(?:${out})$`);
    } catch {
      re = null;
    }
  }
  patternCache.set(pattern, re);
  return re;
}

/** The number of digits of a decimal text, and of its fraction, trailing zeros not counted (XSD value space). */
function digitsOf(value: string): { total: number; fraction: number } {
  const [int = '', frac = ''] = value.replace(/^[+-]/, '').split('.');
  const f = frac.replace(/0+$/, '');
  const i = int.replace(/^0+/, '');
  return { total: Math.max(1, i.length + f.length), fraction: f.length };
}

/**
 * Why `value` does not fit the simple type `typeName` (and the types it derives from), in Spanish;
 * null when it fits. Patterns of one type are alternatives; types along the derivation all apply.
 */
export function valueProblem(typeName: string | undefined, value: string): string | null {
  let name = typeName;
  const seen = new Set<string>();
  while (name && !seen.has(name)) {
    seen.add(name);
    if (name === 'xs:integer' && !/^[+-]?\d+$/.test(value)) return 'debe ser un número entero';
    if (name === 'xs:decimal' && !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value))
      return 'debe ser un número (con punto decimal, sin separador de miles)';
    if (name.startsWith('xs:')) return null;
    const t = DGII_XSD_TYPES[name];
    if (!t) return null;
    const numeric = (() => {
      let b: string | undefined = t.base;
      const s = new Set<string>();
      while (b && !b.startsWith('xs:') && !s.has(b)) {
        s.add(b);
        b = DGII_XSD_TYPES[b]?.base;
      }
      return b === 'xs:integer' || b === 'xs:decimal';
    })();
    if (t.enumeration) {
      const ok = numeric
        ? /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value) && t.enumeration.some((e) => Number(e) === Number(value))
        : t.enumeration.includes(value);
      if (!ok)
        return t.enumeration.length <= 12
          ? `debe ser uno de estos valores: ${t.enumeration.join(', ')}`
          : 'no es un código de la tabla que admite la DGII';
    }
    const length = [...value].length;
    if (t.maxLength !== undefined && length > t.maxLength)
      return `admite como máximo ${t.maxLength} caracteres (tiene ${length})`;
    if (t.minLength !== undefined && length < t.minLength)
      return `debe tener al menos ${t.minLength} caracteres`;
    if (numeric && /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(value)) {
      const d = digitsOf(value);
      if (t.totalDigits !== undefined && d.total > t.totalDigits)
        return `admite como máximo ${t.totalDigits} dígitos`;
      if (t.fractionDigits !== undefined && d.fraction > t.fractionDigits)
        return `admite como máximo ${t.fractionDigits} decimales`;
      const n = Number(value);
      if (t.minInclusive !== undefined && n < Number(t.minInclusive))
        return `debe ser ${t.minInclusive} o más`;
      if (t.maxInclusive !== undefined && n > Number(t.maxInclusive))
        return `debe ser ${t.maxInclusive} o menos`;
      if (t.minExclusive !== undefined && n <= Number(t.minExclusive))
        return `debe ser mayor que ${t.minExclusive}`;
    }
    if (t.patterns && t.patterns.length > 0) {
      const res = t.patterns.map(xsdPattern);
      if (res.every((r) => r !== null) && !res.some((r) => r!.test(value)))
        return 'no tiene el formato que exige la DGII';
    }
    name = t.base;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Generic builder
// ---------------------------------------------------------------------------------------------

interface Entry {
  leaf: Leaf;
  indices: number[];
  value: string;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const columnName = (name: string, indices: number[]) => `${name}${indices.map((i) => `[${i}]`).join('')}`;

/** The first required leaf under `node` (to name a missing required group by a column). */
function firstRequiredLeaf(node: XsdElement): XsdElement {
  if (!node.children) return node;
  const required = node.children.find((c) => c.min > 0) ?? node.children[0]!;
  return firstRequiredLeaf(required);
}

/** What to build: the schema, the row's cells, values set by the product, and how to treat columns. */
export interface BuildInput {
  schema: DgiiDocumentSchema;
  /** Header as written → cell text. */
  values: Record<string, string>;
  /** Root-level leaves set by the product, by element name (`FechaHoraFirma`, `CodigoSeguridadeCF`). */
  injected?: Record<string, string>;
  /**
   * `strict`: a non-empty cell of an element of another e-CF type is a problem (the DGII's sheet
   * has every type's columns; a case fills only its own). `lenient`: such cells are ignored (an RFCE
   * built from its E32's row, which also has the items).
   */
  columns: 'strict' | 'lenient';
  /** The type's label for messages (`e-CF 31`). */
  label: string;
}

/**
 * Builds the document of one row in its schema's element order and checks it against the schema's
 * facts. Answers the XML (with the XML declaration, unsigned: the signer appends `Signature`) and
 * the problems (empty when the document is valid as far as the facts can tell).
 */
export function buildDocument(input: BuildInput): { xml: string; problems: CaseProblem[] } {
  const problems: CaseProblem[] = [];
  const leaves = leavesOf(input.schema);
  const root = xsdTree(input.schema);
  const entries: Entry[] = [];
  const seen = new Map<string, string>();
  for (const [header, raw] of Object.entries(input.values)) {
    const value = raw.trim();
    if (value === '') continue;
    const col = parseColumn(header);
    if (!col || NOT_ELEMENTS.has(col.base)) continue;
    const leaf = leaves.get(`${col.base}#${col.indices.length}`);
    if (!leaf) {
      if (input.columns === 'strict' && ALL_ECF_ELEMENT_NAMES.has(col.base)) {
        const elsewhere = [...leaves.keys()].some((k) => k.startsWith(`${col.base}#`));
        problems.push({
          field: header,
          message: elsewhere
            ? `La columna ${header} no lleva ${col.indices.length === 0 ? 'índice' : 'esa cantidad de índices'} en el ${input.label}.`
            : `El ${input.label} no tiene el elemento ${header.replace(/\[.*$/, '')} (XSD de la DGII): la celda debe quedar vacía.`,
        });
      }
      continue;
    }
    const key = `${leaf.path.map((n) => n.name).join('/')}|${col.indices.join(',')}`;
    if (seen.has(key)) {
      problems.push({
        field: header,
        message: `La columna ${header} está repetida (también ${seen.get(key)}).`,
      });
      continue;
    }
    seen.set(key, header);
    // Each index within the maxOccurs of the repeated element it numbers.
    const repeated = leaf.path.filter((n) => n.max !== 1);
    const bad = col.indices.findIndex((n, i) => n < 1 || (repeated[i]!.max !== -1 && n > repeated[i]!.max));
    if (bad >= 0) {
      const r = repeated[bad]!;
      problems.push({
        field: header,
        message: `El índice ${col.indices[bad]} de ${header} no es válido: ${r.name} admite de 1 a ${r.max === -1 ? 'muchos' : r.max}.`,
      });
      continue;
    }
    entries.push({ leaf, indices: col.indices, value });
  }
  // Values set by the product replace the row's; `Version` is 1.0 when the row has none (the only
  // value the XSDs' versionType admits; ithesk ecf_builder.py `build_ecf_json` does the same).
  const injected: Record<string, string> = { Version: '1.0', ...input.injected };
  for (const [name, value] of Object.entries(injected)) {
    const leaf = leaves.get(`${name.toLowerCase()}#0`);
    if (!leaf) continue;
    const existing = entries.findIndex((e) => e.leaf === leaf);
    if (existing >= 0 && name === 'Version') continue;
    if (existing >= 0) entries.splice(existing, 1);
    entries.push({ leaf, indices: [], value });
  }

  const prefixOf = (a: number[], p: number[]) => p.every((v, i) => a[i] === v);
  /** The indices present at level `idx.length` below `node` within `idx`. */
  const indicesUnder = (node: XsdElement, idx: number[]) =>
    [
      ...new Set(
        entries
          .filter(
            (e) => e.leaf.path.includes(node) && e.indices.length > idx.length && prefixOf(e.indices, idx),
          )
          .map((e) => e.indices[idx.length]!),
      ),
    ].sort((a, b) => a - b);
  const valueAt = (node: XsdElement, idx: number[]) =>
    entries.find((e) => e.leaf.node === node && e.indices.length === idx.length && prefixOf(e.indices, idx));

  const leafXml = (node: XsdElement, idx: number[]): string => {
    const entry = valueAt(node, idx);
    if (!entry) return '';
    const problem = valueProblem(node.type, entry.value);
    if (problem) {
      const col = columnName(entry.leaf.column, idx);
      problems.push({ field: col, message: `El valor «${entry.value}» de ${col} ${problem}.` });
    }
    return `<${node.name}>${escapeXml(entry.value)}</${node.name}>`;
  };

  /** The occurrences of `node` within `idx`, each rendered. */
  const occurrences = (node: XsdElement, idx: number[]): string[] => {
    const render = (at: number[]) => (node.children ? groupXml(node, at) : leafXml(node, at));
    if (node.max === 1) {
      const one = render(idx);
      return one === '' ? [] : [one];
    }
    return indicesUnder(node, idx)
      .map((n) => render([...idx, n]))
      .filter((x) => x !== '');
  };

  const groupXml = (node: XsdElement, idx: number[], always = false): string => {
    const parts: string[] = [];
    const missing: XsdElement[] = [];
    for (const child of node.children!) {
      const got = occurrences(child, idx);
      if (got.length < child.min) missing.push(child);
      parts.push(...got);
    }
    if (parts.length === 0 && !always) return '';
    for (const child of missing) {
      const leaf = firstRequiredLeaf(child);
      const col = columnName(leaf.name, idx);
      problems.push({
        field: col,
        message:
          leaf === child
            ? `Falta ${col}: es obligatorio en el ${input.label}.`
            : `Falta la sección ${child.name} del ${input.label} (por ejemplo, ${col}).`,
      });
    }
    return `<${node.name}>${parts.join('')}</${node.name}>`;
  };

  const xml = XML_DECLARATION + groupXml(root, [], true);
  return { xml, problems };
}

// ---------------------------------------------------------------------------------------------
// Reading a row
// ---------------------------------------------------------------------------------------------

/** A case-insensitive reader of a row's cells (by header, indices included: `MontoItem[1]`). */
export function rowReader(values: Record<string, string>) {
  const lower = new Map<string, string>();
  for (const [h, v] of Object.entries(values)) {
    const col = parseColumn(h);
    const key = col ? columnName(col.base, col.indices) : h.trim().toLowerCase();
    if (v.trim() !== '') lower.set(key, v.trim());
  }
  return (name: string): string | undefined => lower.get(name.toLowerCase());
}

/** An amount cell in cents (null when absent or not a plain decimal number). */
export function centsOf(text: string | undefined): number | null {
  if (text === undefined || !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/** `E31` from a TipoeCF cell (`31`, `E31`); null when it is not a type a test set holds. */
export function documentTypeOf(tipo: string | undefined): CertificationEcfType | null {
  const m = /^E?(\d{2})$/i.exec(tipo?.trim() ?? '');
  const type = m ? `E${m[1]}` : '';
  return type in CERTIFICATION_ECF_SCHEMAS ? (type as CertificationEcfType) : null;
}

/** Whether an E32 row is of RD$250,000 or more (sent whole; else as an RFCE). */
export function isFullConsumo(values: Record<string, string>): boolean {
  const total = centsOf(rowReader(values)('MontoTotal'));
  return total !== null && total >= CONSUMO_BUYER_ID_THRESHOLD_CENTS;
}

// ---------------------------------------------------------------------------------------------
// The DGII's rules beyond the XSD
// ---------------------------------------------------------------------------------------------

/** Cuadratura tolerance of a total (Informe Técnico e-CF v1.0 §12): ±1.00. */
const TOLERANCE_CENTS = 100;

/**
 * Rules the DGII applies to an e-CF beyond its XSD, on the row (Formato e-CF v1.0; the same rules
 * as ecf/ecf-xml-check.ts `checkEcf`, which checks the product's own model, applied to the
 * workbook's cells):
 * - `eNCF`: E + the TipoeCF + 10 digits (Formato, IdDoc <eNCF>);
 * - E32 of RD$250,000 or more: `RNCComprador` or `IdentificadorExtranjero` (Formato <RNCComprador> b, d);
 * - `IndicadorMontoGravado` where the type has it and an amount is taxed (Formato, IdDoc:
 *   "Condicional a que el bien o servicio sea gravado");
 * - `FechaLimitePago` when `TipoPago` is 2, where the type has it (Formato <FechaLimitePago>);
 * - per-rate totals (Formato, Totales): MontoGravadoTotal = MontoGravadoI1 + I2 + I3; TotalITBIS =
 *   TotalITBIS1 + 2 + 3; TotalITBISn = MontoGravadoIn × ITBISn %; MontoTotal = MontoGravadoTotal +
 *   MontoExento + TotalITBIS + MontoImpuestoAdicional; each line's MontoItem = CantidadItem ×
 *   PrecioUnitarioItem − DescuentoMonto + RecargoMonto — all within ±1.00 (Informe §12).
 */
export function checkEcfRules(type: CertificationEcfType, values: Record<string, string>): CaseProblem[] {
  const problems: CaseProblem[] = [];
  const get = rowReader(values);
  const schema = CERTIFICATION_ECF_SCHEMAS[type];
  const has = (name: string) => leavesOf(schema).has(`${name.toLowerCase()}#0`);
  const add = (field: string | null, message: string) => problems.push({ field, message });
  const code = type.slice(1);

  const encf = get('eNCF');
  if (encf && !new RegExp(`^E${code}\\d{10}$`).test(encf))
    add('eNCF', `El e-NCF ${encf} no corresponde al TipoeCF ${code}: debe ser E${code} y 10 dígitos.`);

  const total = centsOf(get('MontoTotal'));
  if (type === 'E32' && total !== null && total >= CONSUMO_BUYER_ID_THRESHOLD_CENTS) {
    if (!get('RNCComprador') && !get('IdentificadorExtranjero'))
      add(
        'RNCComprador',
        'Una factura de consumo (E32) de RD$250,000.00 o más requiere RNCComprador (o IdentificadorExtranjero).',
      );
  }

  const taxed = centsOf(get('MontoGravadoTotal'));
  if (has('IndicadorMontoGravado') && taxed !== null && taxed > 0 && !get('IndicadorMontoGravado'))
    add('IndicadorMontoGravado', 'Falta IndicadorMontoGravado: el comprobante tiene montos gravados.');

  if (has('FechaLimitePago') && get('TipoPago') === '2' && !get('FechaLimitePago'))
    add('FechaLimitePago', 'Una venta a crédito (TipoPago 2) necesita FechaLimitePago.');

  const money = (c: number) => (c / 100).toFixed(2);
  const sumCheck = (field: string, parts: string[], extra = '') => {
    const target = centsOf(get(field));
    const present = parts.filter((p) => get(p) !== undefined);
    if (target === null || present.length === 0) return;
    const sum = present.reduce((s, p) => s + (centsOf(get(p)) ?? 0), 0);
    if (Math.abs(sum - target) > TOLERANCE_CENTS)
      add(field, `${field} (${get(field)}) no es ${present.join(' + ')}${extra} (${money(sum)}).`);
  };
  sumCheck('MontoGravadoTotal', ['MontoGravadoI1', 'MontoGravadoI2', 'MontoGravadoI3']);
  sumCheck('TotalITBIS', ['TotalITBIS1', 'TotalITBIS2', 'TotalITBIS3']);
  for (const n of [1, 2, 3]) {
    const base = centsOf(get(`MontoGravadoI${n}`));
    const rate = get(`ITBIS${n}`);
    const tax = centsOf(get(`TotalITBIS${n}`));
    if (base === null || rate === undefined || tax === null || !/^\d+(\.\d+)?$/.test(rate)) continue;
    const expected = Math.round((base * Number(rate)) / 100);
    if (Math.abs(expected - tax) > TOLERANCE_CENTS)
      add(
        `TotalITBIS${n}`,
        `TotalITBIS${n} (${get(`TotalITBIS${n}`)}) no es el ${rate} % de MontoGravadoI${n} (${money(expected)}).`,
      );
  }
  sumCheck('MontoTotal', ['MontoGravadoTotal', 'MontoExento', 'TotalITBIS', 'MontoImpuestoAdicional']);

  for (let i = 1; i <= 1000; i++) {
    const amount = centsOf(get(`MontoItem[${i}]`));
    if (amount === null) {
      if (get(`NumeroLinea[${i}]`) === undefined && i > 1) break;
      continue;
    }
    const qty = get(`CantidadItem[${i}]`);
    const price = get(`PrecioUnitarioItem[${i}]`);
    if (!qty || !price || !/^\d+(\.\d+)?$/.test(qty) || !/^\d+(\.\d+)?$/.test(price)) continue;
    const expected = Math.round(
      Number(qty) * Number(price) * 100 -
        (centsOf(get(`DescuentoMonto[${i}]`)) ?? 0) +
        (centsOf(get(`RecargoMonto[${i}]`)) ?? 0),
    );
    if (Math.abs(expected - amount) > TOLERANCE_CENTS)
      add(
        `MontoItem[${i}]`,
        `MontoItem[${i}] (${get(`MontoItem[${i}]`)}) no es CantidadItem × PrecioUnitarioItem − descuento + recargo (${money(expected)}).`,
      );
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The documents of a test set
// ---------------------------------------------------------------------------------------------

/** The security code written in the RFCE checked at import (the real one comes from the signature). */
const PLACEHOLDER_SECURITY_CODE = 'AAAAAA';

/** The prefix under which an RFCE case keeps its row of the RFCE sheet in `values`. */
export const RFCE_VALUES_PREFIX = 'RFCE:';

/** The e-CF of a row, signed at `signedAt` (FechaHoraFirma). */
export function buildCaseEcf(type: CertificationEcfType, values: Record<string, string>, signedAt: Date) {
  return buildDocument({
    schema: CERTIFICATION_ECF_SCHEMAS[type],
    values,
    injected: { FechaHoraFirma: formatEcfDateTime(signedAt) },
    columns: 'strict',
    label: `e-CF ${type.slice(1)}`,
  });
}

/**
 * The RFCE of an E32 under RD$250,000: from the E32's row, with the cells of its row of the RFCE
 * sheet (kept in `values` under {@link RFCE_VALUES_PREFIX}) taking precedence when the workbook has one; `securityCode` is the
 * signed E32's CodigoSeguridadeCF (the first 6 characters of its SignatureValue).
 */
export function buildCaseRfce(values: Record<string, string>, securityCode: string) {
  // The RFCE sheet's cells win over the E32 row's (same header, case-insensitively).
  const source: Record<string, string> = {};
  const keyOf = new Map<string, string>();
  for (const [k, v] of Object.entries(values)) {
    if (k.startsWith(RFCE_VALUES_PREFIX)) continue;
    source[k] = v;
    keyOf.set(k.trim().toLowerCase(), k);
  }
  for (const [k, v] of Object.entries(values)) {
    if (!k.startsWith(RFCE_VALUES_PREFIX)) continue;
    const header = k.slice(RFCE_VALUES_PREFIX.length);
    const same = keyOf.get(header.trim().toLowerCase());
    if (same) delete source[same];
    source[header] = v;
  }
  return buildDocument({
    schema: 'RFCE-32',
    values: source,
    injected: { CodigoSeguridadeCF: securityCode },
    columns: 'lenient',
    label: 'RFCE (resumen de factura de consumo)',
  });
}

/** The ACECF of an approvals row; `FechaHoraAprobacionComercial` is the row's, else `at`. */
export function buildCaseAcecf(values: Record<string, string>, at: Date) {
  const get = rowReader(values);
  const injected: Record<string, string> = {};
  if (!get('FechaHoraAprobacionComercial')) injected.FechaHoraAprobacionComercial = formatEcfDateTime(at);
  // Estado may be written as words; the ACECF takes 1 (aprobado) or 2 (rechazado) (ACECF.xsd EstadoType).
  const estado = get('Estado');
  const normalized = { ...values };
  if (estado && !/^\d+$/.test(estado)) {
    const word = estado.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const state = /^(aprobad|aceptad|approved)/.test(word)
      ? ACECF_STATES.approved
      : /^(rechazad|rejected)/.test(word)
        ? ACECF_STATES.rejected
        : null;
    const key = Object.keys(values).find((k) => k.trim().toLowerCase() === 'estado')!;
    if (state !== null) normalized[key] = String(state);
  }
  return buildDocument({
    schema: 'ACECF',
    values: normalized,
    injected,
    columns: 'lenient',
    label: 'ACECF (aprobación comercial)',
  });
}

/**
 * The DGII's sending order (DGII, "Proceso de Certificación para ser Emisor Electrónico", Pruebas de
 * Datos e-CF; ithesk run_test_set_wizard.py `_get_tipo_ecf_priority`): first 31, 32 of RD$250,000
 * or more, 41, 43, 44, 45, 46, 47; then 33 and 34; then the consumo summaries (RFCE) of the E32
 * under RD$250,000. Lower ranks go first; within a rank, workbook order.
 */
export function sendingRank(type: CertificationEcfType, channel: 'ecf' | 'rfce'): number {
  if (channel === 'rfce') return 30;
  const order: CertificationEcfType[] = ['E31', 'E32', 'E41', 'E43', 'E44', 'E45', 'E46', 'E47'];
  const first = order.indexOf(type);
  if (first >= 0) return first;
  return type === 'E33' ? 20 : 21;
}

/** One case ready to store: what the import checked and built. */
export interface PreparedCase {
  row: number;
  caseNumber: string;
  documentType: string;
  encf: string;
  channel: 'ecf' | 'rfce' | 'acecf';
  values: Record<string, string>;
  unsignedXml: string;
  total: string | null;
  rank: number;
}

const problemsOf = (row: WorkbookRow, caseNumber: string, list: CaseProblem[]): WorkbookProblem[] =>
  list.map((p) => ({ caseNumber, row: row.row, field: p.field, message: p.message }));

/**
 * Builds and checks one e-CF case of the workbook (and its RFCE when it is an E32 under
 * RD$250,000; `rfceRow` is the RFCE sheet's row with the same e-NCF, if any). Answers the case, or
 * the problems naming the case, the row and the column.
 */
export function prepareEcfCase(
  row: WorkbookRow,
  rfceRow: WorkbookRow | null,
  at: Date,
): { prepared: PreparedCase | null; problems: WorkbookProblem[] } {
  const get = rowReader(row.values);
  const caseNumber = get('CasoPrueba') ?? `Fila ${row.row}`;
  const type = documentTypeOf(get('TipoeCF'));
  if (!type)
    return {
      prepared: null,
      problems: problemsOf(row, caseNumber, [
        {
          field: 'TipoeCF',
          message: `TipoeCF «${get('TipoeCF') ?? ''}» no es un tipo de e-CF del set de pruebas (31–34, 41, 43–47).`,
        },
      ]),
    };
  const ecf = buildCaseEcf(type, row.values, at);
  const problems = [...ecf.problems, ...checkEcfRules(type, row.values)];
  const channel = type === 'E32' && !isFullConsumo(row.values) ? 'rfce' : 'ecf';
  const values = { ...row.values };
  if (channel === 'rfce') {
    if (rfceRow) for (const [k, v] of Object.entries(rfceRow.values)) values[`${RFCE_VALUES_PREFIX}${k}`] = v;
    const rfce = buildCaseRfce(values, PLACEHOLDER_SECURITY_CODE);
    problems.push(...rfce.problems.map((p) => ({ ...p, message: `Resumen (RFCE): ${p.message}` })));
  }
  if (problems.length > 0) return { prepared: null, problems: problemsOf(row, caseNumber, problems) };
  return {
    prepared: {
      row: row.row,
      caseNumber,
      documentType: type,
      encf: get('eNCF')!,
      channel,
      values,
      unsignedXml: ecf.xml,
      total: get('MontoTotal') ?? null,
      rank: sendingRank(type, channel),
    },
    problems: [],
  };
}

/** Builds and checks one row of the approvals workbook (an ACECF). */
export function prepareApprovalCase(
  row: WorkbookRow,
  at: Date,
): { prepared: PreparedCase | null; problems: WorkbookProblem[] } {
  const get = rowReader(row.values);
  // The DGII's approvals sheet has no CasoPrueba: the e-NCF answered names the case.
  const caseNumber = get('CasoPrueba') ?? get('eNCF') ?? `Fila ${row.row}`;
  const built = buildCaseAcecf(row.values, at);
  if (built.problems.length > 0)
    return { prepared: null, problems: problemsOf(row, caseNumber, built.problems) };
  return {
    prepared: {
      row: row.row,
      caseNumber,
      documentType: 'ACECF',
      encf: get('eNCF')!,
      channel: 'acecf',
      values: row.values,
      unsignedXml: built.xml,
      total: get('MontoTotal') ?? null,
      rank: 0,
    },
    problems: [],
  };
}
