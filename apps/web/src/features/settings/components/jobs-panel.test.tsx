import { ListJobsResponseSchema, ReminderSettingsResponseSchema } from '@agencia/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { JobsPanel } from './jobs-panel';

const job = {
  name: 'recurring-invoices',
  label: 'Igualas',
  description: 'Genera las facturas de las igualas',
  schedule: 'Cada día a las 6:00\u00a0a.\u00a0m.',
  lastRunAt: null,
  lastFinishedAt: null,
  lastStatus: null,
  lastError: null,
  lastSummary: null,
  failures: 0,
  nextRunAt: '2026-03-16T10:00:00.000Z',
  running: false,
};

describe('Tareas programadas (issue 32 point 12)', () => {
  beforeEach(() => {
    server.use(
      http.get(apiUrl('/jobs'), () => ok(ListJobsResponseSchema, { jobs: [job] })),
      http.get(apiUrl('/reminders/settings'), () =>
        ok(ReminderSettingsResponseSchema, { reminders: { offsets: [] } }),
      ),
    );
  });

  it('says a job that never ran in a sentence and writes its times one way', async () => {
    renderWithProviders(<JobsPanel />);
    const row = (await screen.findByText('Igualas')).closest('tr')!;
    expect(within(row).getByText('Aún no se ha ejecutado')).toBeTruthy();
    expect(within(row).queryByText('Nunca')).toBeNull();
    // The schedule and the next run use the same clock: "6:00 a. m.", never "06:00".
    const text = row.textContent ?? '';
    expect(text).toMatch(/Cada día a las 6:00\sa\.\sm\./);
    expect(text).toMatch(/16 mar(?: de)? 2026, 6:00\sa\.\sm\./);
    expect(text).not.toContain('06:00');
  });
});
