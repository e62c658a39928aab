import type { XsdElement, XsdSimpleType } from '../src/modules/certification/certification-xsd-facts.js';
import { CERTIFICATION_SCHEMAS, readDgiiXsdTree } from './dgii-xsd-tree.js';

/*
 * The text of `src/modules/certification/certification-xsd-facts.ts`, generated from the DGII's XSDs
 * (`readDgiiXsdTree`). `certification-xsd-facts.test.ts` compares the module with the XSDs and, with
 * `UPDATE_XSD_FACTS=1`, writes this text to it (then run `npx biome check --write` on the file).
 */

/** The facts of every certification schema with one global table of simple types. */
export function collectXsdFacts(): {
  types: Record<string, XsdSimpleType>;
  trees: Record<(typeof CERTIFICATION_SCHEMAS)[number], XsdElement>;
} {
  const types: Record<string, XsdSimpleType> = {};
  const trees = {} as Record<(typeof CERTIFICATION_SCHEMAS)[number], XsdElement>;
  for (const schema of CERTIFICATION_SCHEMAS) {
    const facts = readDgiiXsdTree(schema);
    // A type name the schemas define differently is kept once per schema (`Name@ECF-33`).
    const rename = new Map<string, string>();
    for (const [name, t] of Object.entries(facts.types)) {
      const existing = types[name];
      const key = existing && JSON.stringify(existing) !== JSON.stringify(t) ? `${name}@${schema}` : name;
      rename.set(name, key);
      types[key] = t;
    }
    const fix = (t: XsdSimpleType): XsdSimpleType =>
      rename.has(t.base) ? { ...t, base: rename.get(t.base)! } : t;
    for (const [name, key] of rename) types[key] = fix(facts.types[name]!);
    const remap = (n: XsdElement): XsdElement => ({
      ...n,
      ...(n.type ? { type: rename.get(n.type) ?? n.type } : {}),
      ...(n.children ? { children: n.children.map(remap) } : {}),
    });
    trees[schema] = remap(facts.root);
  }
  return { types, trees };
}

/** One node per line, indented one space per level: `Name`, `Name?`, `Name{0,*}`, then ` Type`. */
export function treeText(node: XsdElement, depth = 0): string {
  let occurs = '';
  if (node.min === 0 && node.max === 1) occurs = '?';
  else if (!(node.min === 1 && node.max === 1)) occurs = `{${node.min},${node.max === -1 ? '*' : node.max}}`;
  const line = `${' '.repeat(depth)}${node.name}${occurs}${node.type ? ` ${node.type}` : ''}`;
  return [line, ...(node.children ?? []).map((c) => treeText(c, depth + 1))].join('\n');
}

/** The whole module text. */
export function xsdFactsModule(): string {
  const { types, trees } = collectXsdFacts();
  const sortedTypes = Object.fromEntries(Object.entries(types).sort(([a], [b]) => a.localeCompare(b)));
  const treeEntries = CERTIFICATION_SCHEMAS.map((s) => `  '${s}': \`\n${treeText(trees[s])}\n\`,`).join('\n');
  return `${HEADER}
/** The named simple types of the schemas (facets as written in the XSDs). */
export const DGII_XSD_TYPES: Record<string, XsdSimpleType> = ${JSON.stringify(sortedTypes, null, 2)};

/**
 * The element tree of each schema, one element per line in XSD order, indented one space per level:
 * \`Name\` (exactly once), \`Name?\` (optional), \`Name{min,max}\` (\`*\` unbounded), then its simple
 * type; a line without a type is a sequence of the lines below it.
 */
const TREES: Record<DgiiDocumentSchema, string> = {
${treeEntries}
};
${FOOTER}`;
}

const HEADER = `/*
 * GENERATED from the DGII's official XSDs by apps/api/test/xsd-facts-source.ts — do not edit by hand;
 * \`UPDATE_XSD_FACTS=1 npx vitest run --project api src/modules/certification/certification-xsd-facts.test.ts\`
 * rewrites it, and that test fails whenever this file and the XSDs disagree.
 *
 * Sources (DGII, e-CF version 1.0; kept in shared/dgii-xsd/, see SOURCE.md there): \`e-CF 31 v.1.0.xsd\`,
 * \`e-CF 32 v.1.0.xsd\`, \`e-CF 33 v.1.0.xsd\`, \`e-CF 34 v.1.0.xsd\`, \`e-CF 41 v.1.0.xsd\`,
 * \`e-CF 43 v.1.0.xsd\`, \`e-CF 44 v.1.0.xsd\`, \`e-CF 45 v.1.0.xsd\`, \`e-CF 46 v.1.0.xsd\`,
 * \`e-CF 47 v.1.0.xsd\`, \`RFCE 32 v.1.0.xsd\` and \`ACECF v.1.0.xsd\`. Facts only: for each document
 * type, its elements in XSD order with their cardinality and simple type, and each simple type's
 * facets (enumeration, pattern, lengths, digits, bounds). The certification test sets build their
 * XML from these (certification-xml.ts); production code never reads the XSD files.
 */

/** A named simple type: its base (\`xs:string\`, \`xs:integer\`, \`xs:decimal\` or another type) and facets. */
export interface XsdSimpleType {
  base: string;
  enumeration?: string[];
  patterns?: string[];
  maxLength?: number;
  minLength?: number;
  totalDigits?: number;
  fractionDigits?: number;
  minInclusive?: string;
  maxInclusive?: string;
  minExclusive?: string;
}

/** One element: \`max\` -1 is unbounded; a leaf has \`type\`, a sequence has \`children\`. */
export interface XsdElement {
  name: string;
  min: number;
  max: number;
  type?: string;
  children?: XsdElement[];
}

/** One schema's facts: the tree and the simple types it uses. */
export interface XsdFacts {
  root: XsdElement;
  types: Record<string, XsdSimpleType>;
}

/** The schemas a certification test set builds documents of (file names in shared/dgii-xsd/). */
export type DgiiDocumentSchema =
  | 'ECF-31'
  | 'ECF-32'
  | 'ECF-33'
  | 'ECF-34'
  | 'ECF-41'
  | 'ECF-43'
  | 'ECF-44'
  | 'ECF-45'
  | 'ECF-46'
  | 'ECF-47'
  | 'RFCE-32'
  | 'ACECF';
`;

const FOOTER = `
function parseTree(text: string): XsdElement {
  const stack: Array<{ depth: number; node: XsdElement }> = [];
  let root: XsdElement | null = null;
  for (const line of text.split('\\n')) {
    if (line.trim() === '') continue;
    const depth = line.length - line.trimStart().length;
    const m = /^([A-Za-z0-9_]+)(\\?|\\{(\\d+),(\\d+|\\*)\\})?(?: (\\S+))?$/.exec(line.trim());
    if (!m) throw new Error(\`bad XSD facts line: \${line}\`);
    const [, name, occurs, min, max, type] = m;
    const node: XsdElement = {
      name: name!,
      min: occurs === '?' ? 0 : min !== undefined ? Number(min) : 1,
      max: occurs === '?' ? 1 : max === '*' ? -1 : max !== undefined ? Number(max) : 1,
    };
    if (type) node.type = type;
    while (stack.length > 0 && stack[stack.length - 1]!.depth >= depth) stack.pop();
    const parent = stack[stack.length - 1]?.node;
    if (!parent) root = node;
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
    stack.push({ depth, node });
  }
  if (!root) throw new Error('empty XSD facts tree');
  return root;
}

const parsed = new Map<DgiiDocumentSchema, XsdElement>();

/** The element tree of \`schema\` (parsed once). */
export function xsdTree(schema: DgiiDocumentSchema): XsdElement {
  let tree = parsed.get(schema);
  if (!tree) {
    tree = parseTree(TREES[schema]);
    parsed.set(schema, tree);
  }
  return tree;
}
`;
