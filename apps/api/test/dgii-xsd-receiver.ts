import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

/*
 * XSD validation against the DGII's published schemas, for the receiver's tests (issue 26). A
 * minimal stand-in for the shared `test/dgii-xsd.ts` helper being written on another branch:
 * merge the two when both land. The schemas are read from `$DGII_XSD_DIR`, else
 * `<repo root>/../shared/dgii-xsd` (the DGII's XSDs are kept outside the repository).
 */

/** The DGII schemas these tests use (file `<name>.xsd`). */
export type DgiiSchemaName = 'ARECF' | 'ACECF' | 'Semilla';

/** Where the DGII's XSDs are: `$DGII_XSD_DIR`, else `<repo root>/../shared/dgii-xsd`. */
export function dgiiXsdDir(): string {
  return (
    process.env.DGII_XSD_DIR ??
    path.resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'dgii-xsd')
  );
}

/** True when the schema file is present (tests skip XSD checks, loudly, when it is not). */
export function hasDgiiXsd(name: DgiiSchemaName): boolean {
  return existsSync(path.join(dgiiXsdDir(), `${name}.xsd`));
}

/**
 * Validates `xml` against the DGII schema `name` with libxml2 (xmllint-wasm). Answers whether it
 * is valid and libxml2's messages.
 */
export async function validateAgainstDgiiXsd(
  xml: string,
  name: DgiiSchemaName,
): Promise<{ valid: boolean; errors: string[] }> {
  const schema = readFileSync(path.join(dgiiXsdDir(), `${name}.xsd`), 'utf8');
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [{ fileName: `${name}.xsd`, contents: schema }],
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
}
