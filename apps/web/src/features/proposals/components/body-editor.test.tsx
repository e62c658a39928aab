import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { BodyEditor } from './body-editor';
import { insertMergeField } from './merge-field-picker';
import { SAMPLE_MERGE_VALUES } from './merge-preview';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <BodyEditor value={value} onChange={setValue} values={SAMPLE_MERGE_VALUES} />;
}

describe('merge-field picker (decision 173)', () => {
  it('inserts the field at the caret, replacing a selection', () => {
    expect(insertMergeField('Hola , gracias', 'cliente.nombre', 5, 5)).toEqual({
      text: 'Hola {{cliente.nombre}}, gracias',
      caret: 23,
    });
    expect(insertMergeField('Total: XXX.', 'total', 7, 10)).toEqual({ text: 'Total: {{total}}.', caret: 16 });
    // A caret past the end (a stale selection) writes at the end.
    expect(insertMergeField('Fin', 'fecha', 99, 99).text).toBe('Fin{{fecha}}');
  });

  it('writes the chosen field where the caret was and the live preview fills it in', async () => {
    renderWithProviders(<Harness initial={'Hola , gracias por elegirnos.'} />);
    const body = screen.getByLabelText('Contenido (Markdown)') as HTMLTextAreaElement;
    body.focus();
    body.setSelectionRange(5, 5);
    fireEvent.click(screen.getByRole('button', { name: 'Insertar campo' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /\{\{cliente\.nombre\}\}/ }));
    expect(body.value).toBe('Hola {{cliente.nombre}}, gracias por elegirnos.');
    const preview = screen.getByRole('region', { name: 'Vista previa' });
    expect(preview.textContent).toContain('Hola Comercial Pérez SRL, gracias por elegirnos.');
    // The caret goes right after the inserted field.
    await waitFor(() => expect(body.selectionStart).toBe(23));
  });

  it('names the fields it does not know', () => {
    renderWithProviders(<Harness initial={'Estimado {{cliente.apodo}}'} />);
    expect(screen.getByText('Campos desconocidos (se dejarán tal cual): {{cliente.apodo}}')).toBeTruthy();
  });
});
