import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CERTIFICATION_SCHEMAS } from '../../../test/dgii-xsd-tree.js';
import { collectXsdFacts, xsdFactsModule } from '../../../test/xsd-facts-source.js';
import { DGII_XSD_TYPES, xsdTree } from './certification-xsd-facts.js';

// The facts module agrees with the DGII's XSDs (shared/dgii-xsd); UPDATE_XSD_FACTS=1 rewrites it.

const moduleUrl = new URL('./certification-xsd-facts.ts', import.meta.url);

describe('certification-xsd-facts.ts', () => {
  if (process.env.UPDATE_XSD_FACTS === '1') {
    it('is rewritten from the XSDs', () => {
      writeFileSync(moduleUrl, xsdFactsModule());
      expect(readFileSync(moduleUrl, 'utf8')).toContain('GENERATED');
    });
    return;
  }
  const facts = collectXsdFacts();
  it.each(CERTIFICATION_SCHEMAS)('%s: the element tree is the XSD’s, in its order', (schema) => {
    expect(xsdTree(schema)).toEqual(facts.trees[schema]);
  });
  it('the simple types are the XSDs’', () => {
    expect(DGII_XSD_TYPES).toEqual(facts.types);
  });
});
