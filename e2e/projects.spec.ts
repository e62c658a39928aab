import { expect, signInAs, test } from './fixtures.js';

test.describe('projects: admin journey', () => {
  test('creates a project from /projects/new, filters the list, logs time and completes a milestone', async ({
    page,
  }) => {
    const title = `Portal de clientes ${Date.now().toString(36)}`;
    await signInAs(page, 'admin');
    await page.goto('/projects');
    await page.getByRole('link', { name: 'Nuevo Proyecto' }).click();
    await expect(page).toHaveURL(/\/projects\/new$/);
    await expect(page.getByRole('heading', { name: 'Nuevo Proyecto', level: 1 })).toBeVisible();

    // Validation with the shared schema: empty submit shows Spanish messages.
    await page.getByRole('button', { name: 'Crear proyecto' }).click();
    await expect(page.getByText('El título es requerido')).toBeVisible();
    await expect(page.getByText('Selecciona un cliente')).toBeVisible();

    await page.getByRole('combobox', { name: 'Cliente' }).click();
    await page.getByRole('option', { name: 'Ferretería El Progreso' }).click();
    await page.getByRole('textbox', { name: 'Título' }).fill(title);
    await page
      .getByRole('textbox', { name: 'Descripción' })
      .fill('Portal de autoservicio para clientes mayoristas.');
    await page.getByLabel('Presupuesto aprobado (DOP)').fill('150000');
    await page.getByRole('combobox', { name: 'Miembros del equipo' }).click();
    await page.getByRole('option', { name: 'Carlos Méndez' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Crear proyecto' }).click();

    await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByText('RD$150,000')).toBeVisible();

    // The list filters by search (in the URL) and status.
    await page.goto('/projects');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(title);
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByTestId('project-card')).toHaveCount(1);
    await page.getByRole('combobox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Completado' }).click();
    await expect(page).toHaveURL(/status=completed/);
    await expect(page.getByText('No se encontraron proyectos')).toBeVisible();
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await expect(page.getByTestId('project-card').first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(title);
    await expect(page.getByTestId('project-card')).toHaveCount(1);

    // A link reproduces the view.
    const url = page.url();
    await page.goto(url);
    await expect(page.getByTestId('project-card')).toHaveCount(1);

    // Open the detail and log time for the team member.
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await page.getByRole('tab', { name: 'Tiempo' }).click();
    await page.getByRole('button', { name: 'Registrar tiempo' }).click();
    const modal = page.getByRole('dialog', { name: 'Registrar tiempo' });
    await modal.getByLabel('Horas').fill('1.5');
    await modal.getByLabel('Descripción').fill('Análisis de requisitos');
    await modal.getByRole('button', { name: 'Registrar' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByTestId('time-entry')).toHaveCount(1);
    await expect(page.getByTestId('time-entry')).toContainText('Análisis de requisitos');
    await expect(page.getByTestId('time-entry')).toContainText('Carlos Méndez');

    // Add and complete a milestone.
    await page.getByRole('tab', { name: 'Hitos' }).click();
    await page.getByRole('textbox', { name: 'Título' }).fill('Prototipo aprobado');
    await page.getByRole('button', { name: 'Agregar hito' }).click();
    const milestone = page.getByTestId('milestone').filter({ hasText: 'Prototipo aprobado' });
    await expect(milestone).toContainText('Pendiente');
    // Controlled by the server's answer: click, then wait for the refetched state.
    await milestone.getByRole('checkbox', { name: 'Completar Prototipo aprobado' }).click();
    await expect(milestone).toContainText('Completado');
    await expect(page.getByText('1 de 1 hitos completados')).toBeVisible();

    // The dashboard's activity feed shows it.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Panel de Administración' })).toBeVisible();
    await expect(page.getByText(`Hito completado en ${title}: Prototipo aprobado`)).toBeVisible();
  });

  test('deleting from the card menu asks for confirmation', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/projects?search=Soporte%20para%20la%20tienda');
    const card = page.getByTestId('project-card');
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: /Acciones de/ }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminar proyecto' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(card).toHaveCount(1);
  });
});

test.describe('projects: correcting a comment', () => {
  test('an admin edits a comment (sees "(editado)") and deletes it after confirming', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/projects?search=Tienda%20en%20l%C3%ADnea%20Caf%C3%A9%20Cibao');
    await page.getByRole('link', { name: 'Tienda en línea Café Cibao' }).click();
    await expect(page.getByRole('heading', { name: 'Tienda en línea Café Cibao', level: 1 })).toBeVisible();
    await page.getByRole('tab', { name: 'Comentarios' }).click();

    const suffix = Date.now().toString(36);
    const original = `Revisamos el catálogo el jueves ${suffix}`;
    const corrected = `Revisamos el catálogo el viernes ${suffix}`;
    await page.getByRole('textbox', { name: 'Nuevo comentario' }).fill(original);
    await page.getByRole('button', { name: 'Agregar comentario' }).click();
    const note = page.getByTestId('project-note').filter({ hasText: suffix });
    await expect(note).toContainText(original);
    await expect(note).not.toContainText('(editado)');

    // Edit inline: the note keeps its place and shows "(editado)" with the time.
    await note.getByRole('button', { name: 'Editar comentario' }).click();
    const editor = note.getByRole('textbox', { name: 'Editar comentario' });
    await expect(editor).toHaveValue(original);
    await editor.fill(corrected);
    await note.getByRole('button', { name: 'Guardar' }).click();
    await expect(note).toContainText(corrected);
    await expect(note.getByTestId('note-edited')).toContainText('(editado)');
    await expect(note).not.toContainText(original);

    // The edit is stored: a reload shows it.
    await page.reload();
    await expect(note).toContainText(corrected);
    await expect(note.getByTestId('note-edited')).toBeVisible();

    // Delete asks first; cancelling keeps the note.
    await note.getByRole('button', { name: 'Eliminar comentario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminar comentario' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await expect(note).toHaveCount(1);
    await note.getByRole('button', { name: 'Eliminar comentario' }).click();
    await dialog.getByRole('button', { name: 'Eliminar' }).click();
    await expect(dialog).toBeHidden();
    await expect(note).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('project-note').first()).toBeVisible();
    await expect(page.getByTestId('project-note').filter({ hasText: suffix })).toHaveCount(0);
  });
});

test.describe('projects: client', () => {
  test('sees only its projects, no internal notes, and can comment', async ({ page }) => {
    await signInAs(page, 'cliente');
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Mis Proyectos', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nuevo Proyecto' })).toHaveCount(0);
    const cards = page.getByTestId('project-card');
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) await expect(cards.nth(i)).toContainText('Café Cibao SRL');
    await expect(page.getByText('Constructora Quisqueya SAS')).toHaveCount(0);

    await page.getByRole('link', { name: 'Tienda en línea Café Cibao' }).click();
    await page.getByRole('tab', { name: 'Comentarios' }).click();
    await expect(page.getByText('Nota interna')).toHaveCount(0);
    await expect(page.getByText('Interna', { exact: true })).toHaveCount(0);
    const add = page.getByRole('button', { name: 'Agregar comentario' });
    await expect(add).toBeDisabled();
    const text = `¿Cuándo estará lista la integración? ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'Nuevo comentario' }).fill(text);
    await add.click();
    await expect(page.getByTestId('project-note').filter({ hasText: text })).toBeVisible();

    // Another client's project is a 404 for this client.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Mi Dashboard' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Presupuesto' })).toHaveCount(0);
  });
});
