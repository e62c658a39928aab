import { MERGE_FIELD_RE, MERGE_FIELDS, type MergeField } from '@agencia/shared';

/** The merge fields as the picker lists them: `{ key, label }` in the shared order. */
export const MERGE_FIELD_OPTIONS = (Object.keys(MERGE_FIELDS) as MergeField[]).map((key) => ({
  key,
  label: MERGE_FIELDS[key],
}));

/** Sample values the template editor's live preview fills in (a Dominican client, RD$). */
export const SAMPLE_MERGE_VALUES: Partial<Record<MergeField, string>> = {
  'cliente.nombre': 'Comercial Pérez SRL',
  'cliente.rnc': '131-24680-2',
  'cliente.email': 'compras@comercialperez.do',
  'cliente.telefono': '809-555-0142',
  'cliente.direccion': 'Av. 27 de Febrero 345, Santo Domingo',
  'cliente.empresa': 'Comercial Pérez SRL',
  'proyecto.nombre': 'Tienda en línea',
  total: 'RD$45,000.00',
  moneda: 'DOP',
  fecha: '24 de noviembre de 2026',
  'documento.numero': 'PRO-0007',
  'documento.version': '1',
  'empresa.nombre': 'Agencia Digital RD',
};

/**
 * A preview of `body` with the merge fields replaced by `values` (the server's merge is the
 * exact one, escaped: this only helps while typing). A field without a value stays `{{field}}`.
 */
export function previewMerge(body: string, values: Partial<Record<string, string>>): string {
  return body.replace(MERGE_FIELD_RE, (whole, name: string) => values[name] ?? whole);
}
