import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser, type Element } from '@xmldom/xmldom';
import type {
  XsdElement,
  XsdFacts,
  XsdSimpleType,
} from '../src/modules/certification/certification-xsd-facts.js';
import { dgiiXsdDir } from './dgii-xsd.js';

/*
 * Reads the element tree and the simple types of the DGII's official XSDs (`shared/dgii-xsd/`, see
 * SOURCE.md there), for tests only: `certification-xsd-facts.test.ts` checks that the facts module
 * the production code uses (`src/modules/certification/certification-xsd-facts.ts`) is exactly
 * what these files say, and rewrites it with `UPDATE_XSD_FACTS=1`. Production code never reads
 * `../shared`.
 *
 * The DGII's schemas are plain: one global element, anonymous complex types made of `xs:sequence`
 * (no choice, no group, no reference), a trailing `xs:any` for the signature, and named simple
 * types restricting `xs:string`, `xs:integer` or `xs:decimal` (or another named simple type).
 */

/** The schemas whose documents the certification test sets build. */
export const CERTIFICATION_SCHEMAS = [
  'ECF-31',
  'ECF-32',
  'ECF-33',
  'ECF-34',
  'ECF-41',
  'ECF-43',
  'ECF-44',
  'ECF-45',
  'ECF-46',
  'ECF-47',
  'RFCE-32',
  'ACECF',
] as const;

const XS = 'http://www.w3.org/2001/XMLSchema';

function childrenOf(el: Element, localName?: string): Element[] {
  const out: Element[] = [];
  for (let i = 0; i < el.childNodes.length; i++) {
    const c = el.childNodes[i]!;
    if (c.nodeType === 1 && (c as Element).namespaceURI === XS) {
      if (!localName || (c as Element).localName === localName) out.push(c as Element);
    }
  }
  return out;
}

function occurs(value: string | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  return value === 'unbounded' ? -1 : Number(value);
}

function simpleTypeOf(st: Element): XsdSimpleType {
  const restriction = childrenOf(st, 'restriction')[0];
  if (!restriction) throw new Error('simpleType without restriction');
  const t: XsdSimpleType = { base: restriction.getAttribute('base') ?? 'xs:string' };
  for (const f of childrenOf(restriction)) {
    const v = f.getAttribute('value') ?? '';
    switch (f.localName) {
      case 'enumeration':
        t.enumeration = [...(t.enumeration ?? []), v];
        break;
      case 'pattern':
        t.patterns = [...(t.patterns ?? []), v];
        break;
      case 'maxLength':
      case 'minLength':
      case 'totalDigits':
      case 'fractionDigits':
        t[f.localName] = Number(v);
        break;
      case 'minInclusive':
      case 'maxInclusive':
      case 'minExclusive':
        t[f.localName] = v;
        break;
      default:
        throw new Error(`unexpected facet ${f.localName}`);
    }
  }
  return t;
}

function elementOf(el: Element, types: Record<string, XsdSimpleType>): XsdElement {
  const name = el.getAttribute('name');
  if (!name) throw new Error('element without name');
  const node: XsdElement = {
    name,
    min: occurs(el.getAttribute('minOccurs'), 1),
    max: occurs(el.getAttribute('maxOccurs'), 1),
  };
  const type = el.getAttribute('type');
  const complex = childrenOf(el, 'complexType')[0];
  const inlineSimple = childrenOf(el, 'simpleType')[0];
  if (type) node.type = type;
  else if (inlineSimple) {
    node.type = `${name}@inline`;
    types[node.type] = simpleTypeOf(inlineSimple);
  } else if (complex) {
    const seq = childrenOf(complex, 'sequence')[0];
    if (!seq) throw new Error(`${name}: complexType without sequence`);
    node.children = childrenOf(seq, 'element').map((c) => elementOf(c, types));
  } else node.type = 'xs:string';
  return node;
}

/** The element tree and the simple types of one DGII schema, as the file says. */
export function readDgiiXsdTree(schema: (typeof CERTIFICATION_SCHEMAS)[number]): XsdFacts {
  const text = readFileSync(join(dgiiXsdDir(), `${schema}.xsd`), 'utf8').replace(/^\uFEFF/, '');
  const doc = new DOMParser().parseFromString(text, 'text/xml');
  const root = doc.documentElement!;
  const types: Record<string, XsdSimpleType> = {};
  for (const st of childrenOf(root, 'simpleType')) types[st.getAttribute('name')!.trim()] = simpleTypeOf(st);
  const top = childrenOf(root, 'element');
  if (top.length !== 1) throw new Error(`${schema}: expected one global element`);
  const tree = elementOf(top[0]!, types);
  // Keep only the simple types the tree uses (directly or as the base of another), by name.
  const used: Record<string, XsdSimpleType> = {};
  const use = (name: string | undefined) => {
    if (!name || name.startsWith('xs:') || used[name]) return;
    const t = types[name.trim()];
    if (!t) throw new Error(`${schema}: unknown type ${name}`);
    used[name] = t;
    use(t.base);
  };
  const walk = (n: XsdElement) => {
    use(n.type);
    n.children?.forEach(walk);
  };
  walk(tree);
  return { root: tree, types: used };
}
