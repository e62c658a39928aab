import { type BackupFile, CreateBackupResponseSchema, ListBackupsResponseSchema } from '@agencia/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiUrl, http, ok, server } from '../../../../test/msw';
import { renderWithProviders } from '../../../../test/render';
import { BackupsPanel } from './backups-panel';

const older: BackupFile = {
  name: 'agencia-backup-20261127T070000Z-scheduled.tar.gz',
  bytes: 5 * 1024 * 1024 + 300 * 1024,
  createdAt: '2026-11-27T07:00:00.000Z',
  reason: 'scheduled',
  encrypted: false,
};
const created: BackupFile = {
  name: 'agencia-backup-20261128T150000Z-manual.tar.gz.age',
  bytes: 700 * 1024,
  createdAt: '2026-11-28T15:00:00.000Z',
  reason: 'manual',
  encrypted: true,
};

describe('Copias de seguridad (decision 143)', () => {
  it('lists the archives with size and date, creates one now, and tells how to restore', async () => {
    let backups: BackupFile[] = [older];
    let posts = 0;
    server.use(
      http.get(apiUrl('/backups'), () =>
        ok(ListBackupsResponseSchema, {
          backups,
          schedule: 'Cada día a las 3:00\u00a0a.\u00a0m.',
          encrypted: true,
          copyTo: 'bucket S3 agencia-copias',
          retention: { daily: 7, weekly: 4, monthly: 12 },
          engine: 'pglite',
        }),
      ),
      http.post(apiUrl('/backups'), () => {
        posts++;
        backups = [created, older];
        return ok(CreateBackupResponseSchema, { backup: created }, { status: 201 });
      }),
    );
    renderWithProviders(<BackupsPanel />);
    const row = (await screen.findByText(older.name)).closest('tr')!;
    expect(within(row).getByText('5,3 MB')).toBeTruthy();
    expect(within(row).getByText('Diaria')).toBeTruthy();
    expect(row.textContent).toMatch(/27 nov(?: de)? 2026/);
    expect(within(row).getByRole('button', { name: `Descargar ${older.name}` })).toBeTruthy();
    const summary = screen.getByText(/Segunda copia en bucket S3 agencia-copias/);
    // The schedule's own "a. m." ends the sentence: no second full stop.
    expect(summary.textContent).toContain('3:00\u00a0a.\u00a0m. Las copias están cifradas.');
    expect(screen.getByText('Una copia es tan sensible como la base de datos')).toBeTruthy();
    expect(screen.getByText(/npm run restore --/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Crear copia ahora' }));
    const newRow = (await screen.findByText(created.name)).closest('tr')!;
    expect(posts).toBe(1);
    expect(within(newRow).getByText('700 KB')).toBeTruthy();
    expect(within(newRow).getByText('Cifrada')).toBeTruthy();
  });
});
