import { type LeadStage, LeadStageResponseSchema, ListLeadStagesResponseSchema } from '@agencia/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUrl, fail, http, ok, okMessage, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { StageEditorModal } from './stage-editor-modal';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
let stages: LeadStage[] = [];
let writes: Array<{ method: string; id?: string; body?: unknown }> = [];

/** The API as far as the editor needs it: stages kept in order, the 409 rules of lead-stages.service. */
beforeEach(() => {
  writes = [];
  stages = [
    { _id: id(1), name: 'Nuevo', kind: 'open', position: 0, leadCount: 2 },
    { _id: id(2), name: 'Contactado', kind: 'open', position: 1, leadCount: 0 },
    { _id: id(3), name: 'Ganado', kind: 'won', position: 2, leadCount: 0 },
    { _id: id(4), name: 'Perdido', kind: 'lost', position: 3, leadCount: 0 },
  ];
  const renumber = () => {
    stages = stages.map((s, i) => ({ ...s, position: i }));
  };
  server.use(
    http.get(apiUrl('/lead-stages'), () => ok(ListLeadStagesResponseSchema, { stages })),
    http.post(apiUrl('/lead-stages'), async ({ request }) => {
      const body = (await request.json()) as { name: string; kind: LeadStage['kind'] };
      writes.push({ method: 'POST', body });
      const stage = { _id: id(9), name: body.name, kind: body.kind, position: stages.length, leadCount: 0 };
      stages = [...stages, stage];
      return ok(LeadStageResponseSchema, { stage }, { status: 201 });
    }),
    http.put(apiUrl('/lead-stages/:id'), async ({ request, params }) => {
      const body = (await request.json()) as Partial<LeadStage>;
      writes.push({ method: 'PUT', id: String(params.id), body });
      const current = stages.find((s) => s._id === params.id)!;
      const next = {
        ...current,
        ...(body.name ? { name: body.name } : {}),
        ...(body.kind ? { kind: body.kind } : {}),
      };
      stages = stages.map((s) => (s._id === current._id ? next : s));
      if (body.position !== undefined) {
        const rest = stages.filter((s) => s._id !== current._id);
        rest.splice(body.position, 0, next);
        stages = rest;
      }
      renumber();
      return ok(LeadStageResponseSchema, { stage: stages.find((s) => s._id === current._id)! });
    }),
    http.delete(apiUrl('/lead-stages/:id'), ({ params }) => {
      writes.push({ method: 'DELETE', id: String(params.id) });
      const stage = stages.find((s) => s._id === params.id)!;
      if (stages.filter((s) => s.kind === stage.kind).length === 1)
        return fail(409, { code: 'CONFLICT', message: 'El tablero necesita al menos una etapa de ganado' });
      stages = stages.filter((s) => s._id !== params.id);
      renumber();
      return okMessage('Etapa eliminada');
    }),
  );
});

const renderEditor = () => renderWithProviders(<StageEditorModal opened onClose={() => {}} />);
const names = () =>
  within(screen.getByRole('list', { name: 'Etapas' }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

describe('stage editor (decision 174)', () => {
  it('lists the stages in board order with their kind and leads', async () => {
    renderEditor();
    await screen.findByRole('listitem', { name: 'Etapa 1: Nuevo' });
    expect(names()).toEqual(['Etapa 1: Nuevo', 'Etapa 2: Contactado', 'Etapa 3: Ganado', 'Etapa 4: Perdido']);
    const first = screen.getByRole('listitem', { name: 'Etapa 1: Nuevo' });
    expect(within(first).getByText('2 prospectos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subir «Nuevo»' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Bajar «Perdido»' })).toHaveProperty('disabled', true);
  });

  it('renames and changes the kind with "Guardar", sending only what changed', async () => {
    renderEditor();
    const row = await screen.findByRole('listitem', { name: 'Etapa 2: Contactado' });
    const save = within(row).getByRole('button', { name: 'Guardar' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(within(row).getByRole('textbox', { name: 'Nombre de la etapa 2' }), {
      target: { value: '  ' },
    });
    fireEvent.click(save);
    expect(await within(row).findByText('El nombre es requerido')).toBeTruthy();
    expect(writes).toEqual([]);
    fireEvent.change(within(row).getByRole('textbox', { name: 'Nombre de la etapa 2' }), {
      target: { value: 'Llamado' },
    });
    fireEvent.click(save);
    await screen.findByRole('listitem', { name: 'Etapa 2: Llamado' });
    expect(writes).toEqual([{ method: 'PUT', id: id(2), body: { name: 'Llamado' } }]);

    const renamed = screen.getByRole('listitem', { name: 'Etapa 2: Llamado' });
    fireEvent.click(within(renamed).getByRole('combobox', { name: 'Tipo' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Perdido' }));
    fireEvent.click(within(renamed).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toEqual({ method: 'PUT', id: id(2), body: { kind: 'lost' } });
    expect(await within(renamed).findByText('Perdido', { selector: '.mantine-Badge-label' })).toBeTruthy();
  });

  it('moves a stage down and up with buttons, keeping the focus on the moved stage', async () => {
    renderEditor();
    const down = await screen.findByRole('button', { name: 'Bajar «Nuevo»' });
    down.focus();
    fireEvent.click(down);
    await waitFor(() => expect(names()[1]).toBe('Etapa 2: Nuevo'));
    expect(writes).toEqual([{ method: 'PUT', id: id(1), body: { position: 1 } }]);
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Bajar «Nuevo»'));
    fireEvent.click(screen.getByRole('button', { name: 'Subir «Nuevo»' }));
    await waitFor(() => expect(names()[0]).toBe('Etapa 1: Nuevo'));
    // At the top "Subir" is disabled: the focus goes to "Bajar" of the same stage.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Bajar «Nuevo»'));
  });

  it('adds a stage at the end after checking the name with the shared schema', async () => {
    renderEditor();
    await screen.findByRole('listitem', { name: 'Etapa 1: Nuevo' });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar etapa' }));
    expect(await screen.findByText('El nombre es requerido')).toBeTruthy();
    expect(writes).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nombre' }), { target: { value: 'Negociación' } });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar etapa' }));
    await screen.findByRole('listitem', { name: 'Etapa 5: Negociación' });
    expect(writes).toEqual([{ method: 'POST', body: { name: 'Negociación', kind: 'open' } }]);
  });

  it('says a stage with leads cannot be deleted (and deletes nothing); an empty one after confirming', async () => {
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar «Nuevo»' }));
    const refusal = await screen.findByRole('dialog', { name: 'No se puede eliminar «Nuevo»' });
    expect(refusal.textContent).toContain('La etapa tiene 2 prospectos');
    expect(refusal.textContent).toContain('muévelos a otra etapa');
    fireEvent.click(within(refusal).getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /No se puede eliminar/ })).toBeNull());
    expect(writes).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar «Contactado»' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar la etapa «Contactado»' });
    expect(confirm.textContent).toContain('no tiene prospectos, así que ninguno cambia');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar etapa' }));
    await waitFor(() => expect(names()).toEqual(['Etapa 1: Nuevo', 'Etapa 2: Ganado', 'Etapa 3: Perdido']));
    expect(writes).toEqual([{ method: 'DELETE', id: id(2) }]);
  });

  it("shows the API's refusal when the board would lose its only won stage", async () => {
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar «Ganado»' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar la etapa «Ganado»' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar etapa' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'El tablero necesita al menos una etapa de ganado',
    );
    expect(names()).toHaveLength(4);
  });
});
