import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/*
 * Validation of XML against the DGII's official XSDs (e-CF v1.0), for tests. The schemas are not in
 * this repository: they live in `shared/dgii-xsd/` beside it (see SOURCE.md there for where each file
 * comes from and the two patches libxml2 needs). Validation runs libxml2 compiled to WebAssembly
 * (`xmllint-wasm`), no native xmllint needed.
 */

/** The schemas in `shared/dgii-xsd/`, by file name without `.xsd`. */
export type DgiiSchema =
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
  | 'ARECF'
  | 'ACECF'
  | 'ANECF'
  | 'Semilla';

/** The repository root: this file is `<root>/apps/api/test/dgii-xsd.ts`. */
const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/**
 * Directory holding the XSDs: `$DGII_XSD_DIR` when set, else `<repo root>/../shared/dgii-xsd` (the
 * repository is cloned beside `shared/`, in a worktree and in CI alike). Throws when it is missing.
 */
export function dgiiXsdDir(): string {
  const dir = process.env.DGII_XSD_DIR || join(REPO_ROOT, '..', 'shared', 'dgii-xsd');
  if (!existsSync(join(dir, 'ECF-31.xsd'))) {
    throw new Error(
      `DGII XSDs not found in ${dir}: set DGII_XSD_DIR or put the schemas in ../shared/dgii-xsd beside the repository (see its SOURCE.md).`,
    );
  }
  return dir;
}

const schemaCache = new Map<DgiiSchema, Promise<string>>();

function loadSchema(schema: DgiiSchema): Promise<string> {
  let text = schemaCache.get(schema);
  if (!text) {
    text = readFile(join(dgiiXsdDir(), `${schema}.xsd`), 'utf8');
    schemaCache.set(schema, text);
  }
  return text;
}

/**
 * Validates `xml` against one DGII schema. Returns the validation errors as libxml2 words them
 * (`Element 'X': …`, without file name and line), an empty array when the document is valid. A
 * document that is not even well-formed yields its parser errors the same way.
 */
export async function validateAgainstDgiiXsd(xml: string, schema: DgiiSchema): Promise<string[]> {
  const xsd = await loadSchema(schema);
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [{ fileName: `${schema}.xsd`, contents: xsd }],
  });
  if (result.valid) return [];
  const errors = result.errors.map((e) => e.message.trim()).filter((m) => m !== '');
  return errors.length > 0 ? errors : [result.rawOutput.trim() || 'invalid'];
}
