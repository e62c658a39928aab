/*
 * What each public receiver route accepts before any XML parser sees it (issue 43, item 1: one
 * anonymous 1.9 MB document of 280,000 nested elements froze the app for seconds, because the DOM
 * was built before any cheap check). Two checks run first, on the raw bytes:
 *  - a size limit per route (the Content-Length header is refused at once when it says more; the
 *    multipart reader stops at the limit otherwise);
 *  - a streaming shape check ({@link xmlShapeProblem}): one pass over the bytes counting elements,
 *    attributes and nesting depth, refusing a document type declaration, and stopping at the first
 *    limit passed. It allocates nothing and never builds a tree.
 *
 * The limits come from what the DGII's documents hold: a signed seed or ACECF is a few KB (about
 * 25 elements plus the signature's 15, depth 5); an e-CF has at most 1,000 lines (10,000 for notes
 * E33/E34; XSDs `Item maxOccurs`), depth 6 in its body and 5 in the signature.
 */

/** Limits of one route's document. */
export interface XmlShapeLimits {
  /** Bytes of the XML part (and, with multipart overhead, of the request). */
  maxBytes: number;
  /** Elements open at once. */
  maxDepth: number;
  /** Elements in the whole document. */
  maxElements: number;
  /** Attributes in the whole document. */
  maxAttributes: number;
}

/** The limits of each receiver route. */
export const RECEIVER_LIMITS = {
  /** `validacioncertificado`: a signed `SemillaModel` (~4 KB; room for a certificate chain). */
  seed: { maxBytes: 32 * 1024, maxDepth: 12, maxElements: 200, maxAttributes: 100 },
  /** `aprobacioncomercial`: a signed ACECF (~5 KB). */
  approval: { maxBytes: 64 * 1024, maxDepth: 12, maxElements: 400, maxAttributes: 200 },
  /**
   * `recepcion`: a signed e-CF. 2 MB holds about 7,000 lines as the DGII's sample writes them;
   * 100,000 elements about 6,000 lines of 15 fields.
   */
  ecf: { maxBytes: 2 * 1024 * 1024, maxDepth: 24, maxElements: 100_000, maxAttributes: 20_000 },
} as const satisfies Record<string, XmlShapeLimits>;

/** Why a document was refused by {@link xmlShapeProblem}. */
export type XmlShapeProblem = 'depth' | 'elements' | 'attributes' | 'declaration';

const LT = 0x3c; // <
const GT = 0x3e; // >
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQUALS = 0x3d;
const DQUOTE = 0x22;
const SQUOTE = 0x27;
const COMMENT_OPEN = Buffer.from('<!--');
const COMMENT_CLOSE = Buffer.from('-->');
const CDATA_OPEN = Buffer.from('<![CDATA[');
const CDATA_CLOSE = Buffer.from(']]>');
const PI_CLOSE = Buffer.from('?>');

function startsWith(buf: Buffer, at: number, prefix: Buffer): boolean {
  return (
    buf.length - at >= prefix.length && buf.compare(prefix, 0, prefix.length, at, at + prefix.length) === 0
  );
}

/**
 * One pass over the bytes of an XML document: the first limit it passes, or null. Counts start
 * tags (elements), `=` inside tags outside quoted values (attributes, namespace declarations
 * included) and the depth of open elements; skips comments, CDATA sections and processing
 * instructions; refuses any other `<!` declaration (DOCTYPE, ENTITY) as the receiver never
 * accepts one. It does not judge well-formedness (an unclosed tag ends the scan): the strict
 * parser that runs after it does. Linear in the size, without allocation.
 */
export function xmlShapeProblem(buf: Buffer, limits: XmlShapeLimits): XmlShapeProblem | null {
  const n = buf.length;
  let depth = 0;
  let elements = 0;
  let attributes = 0;
  let i = buf.indexOf(LT);
  while (i >= 0 && i < n) {
    const next = buf[i + 1];
    let end: number;
    if (next === QUESTION) {
      end = buf.indexOf(PI_CLOSE, i + 2);
      if (end < 0) return null;
      i = buf.indexOf(LT, end + 2);
      continue;
    }
    if (next === BANG) {
      if (startsWith(buf, i, COMMENT_OPEN)) {
        end = buf.indexOf(COMMENT_CLOSE, i + 4);
        if (end < 0) return null;
        i = buf.indexOf(LT, end + 3);
        continue;
      }
      if (startsWith(buf, i, CDATA_OPEN)) {
        end = buf.indexOf(CDATA_CLOSE, i + 9);
        if (end < 0) return null;
        i = buf.indexOf(LT, end + 3);
        continue;
      }
      return 'declaration';
    }
    if (next === SLASH) {
      depth--;
      end = buf.indexOf(GT, i + 2);
      if (end < 0) return null;
      i = buf.indexOf(LT, end + 1);
      continue;
    }
    // A start tag: to its closing `>`, outside quoted attribute values.
    let j = i + 1;
    let quote = 0;
    for (; j < n; j++) {
      const b = buf[j]!;
      if (quote !== 0) {
        if (b === quote) quote = 0;
      } else if (b === DQUOTE || b === SQUOTE) quote = b;
      else if (b === EQUALS) {
        if (++attributes > limits.maxAttributes) return 'attributes';
      } else if (b === GT || b === LT) break;
    }
    if (j >= n || buf[j] === LT) return null;
    if (++elements > limits.maxElements) return 'elements';
    if (depth + 1 > limits.maxDepth) return 'depth';
    if (buf[j - 1] !== SLASH) depth++;
    i = buf.indexOf(LT, j + 1);
  }
  return null;
}

/** The Spanish message of each {@link XmlShapeProblem}. */
export const XML_SHAPE_MESSAGES: Record<XmlShapeProblem, string> = {
  depth: 'El XML tiene demasiados niveles de elementos anidados.',
  elements: 'El XML tiene demasiados elementos.',
  attributes: 'El XML tiene demasiados atributos.',
  declaration: 'El XML no puede incluir una declaración DOCTYPE ni ENTITY.',
};
