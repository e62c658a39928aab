import { APP_VERSION_LABEL, GetPublicSettingsResponseSchema } from '@agencia/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiUrl, http, ok, server } from '../../../test/msw';
import { renderWithProviders } from '../../../test/render';
import { initials, ShellBrand } from './shell-brand';
import classes from './shell-brand.module.css';

const LONG_NAME = 'Agencia Digital Dominicana de Servicios Creativos';

function settings(logo: string | null, name = LONG_NAME) {
  server.use(
    http.get(apiUrl('/settings/public'), () =>
      ok(GetPublicSettingsResponseSchema, {
        settings: {
          name,
          logo,
          currency: 'DOP',
          primaryColor: '#1e3a8a',
          secondaryColor: '#f59e0b',
          whatsappNumber: null,
          email: null,
          phone: null,
          timezone: 'America/Santo_Domingo',
          timeFormat: '12h',
        },
      }),
    ),
  );
}

/** The brand's link, once the public settings have arrived (named by the company). */
const brandLink = (name = LONG_NAME) => screen.findByRole('link', { name: `${name}, ir al Dashboard` });

describe('ShellBrand (issue 32: the phone header at 390 px)', () => {
  it('keeps the name to two lines at most, whole in the link name and tooltip', async () => {
    settings(null);
    renderWithProviders(<ShellBrand />, '/dashboard');
    const link = await brandLink();
    expect(link.getAttribute('href')).toBe('/dashboard');
    expect(link.getAttribute('title')).toBe(LONG_NAME);
    const name = screen.getByTestId('shell-brand-name');
    expect(name.textContent).toBe(LONG_NAME);
    // Mantine's lineClamp: two lines, never three (the phone header had three).
    expect(name.hasAttribute('data-line-clamp')).toBe(true);
    expect(name.style.getPropertyValue('--text-line-clamp')).toBe('2');
    // Without a logo the name shows at every width.
    expect(name.className).not.toContain('mantine-visible-from');
    expect(link.querySelector('img')).toBeNull();
  });

  it('shows the logo alone on phones and the name beside it from 768 px', async () => {
    settings('/api/files/0d5c88bf-32e2-402a-ae6b-06611081df5e');
    renderWithProviders(<ShellBrand />, '/dashboard');
    const link = await brandLink();
    await waitFor(() => expect(link.querySelector('img')).not.toBeNull());
    expect(link.querySelector('img')?.getAttribute('src')).toBe(
      '/api/files/0d5c88bf-32e2-402a-ae6b-06611081df5e',
    );
    // Hidden below Mantine's `sm` (48em = 768 px): 390 px shows the logo alone.
    expect(screen.getByTestId('shell-brand-name').className).toContain('mantine-visible-from-sm');
  });

  it('keeps the version badge on phones (hidden only below 360 px)', async () => {
    settings(null, 'Agencia Digital RD');
    renderWithProviders(<ShellBrand />, '/dashboard');
    await brandLink('Agencia Digital RD');
    const badge = screen.getByText(APP_VERSION_LABEL).closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.className).toContain(classes.version);
    // Not Mantine's `visibleFrom="xs"` (576 px), which hid it at 390 px.
    expect(badge.className).not.toContain('mantine-visible-from');
  });

  it('with a timer running, phones show the initials and no version badge; 768 px and up the whole name', async () => {
    settings(null, 'Agencia Digital RD');
    renderWithProviders(<ShellBrand compact />, '/dashboard');
    const link = await brandLink('Agencia Digital RD');
    const mark = screen.getByTestId('shell-brand-initials');
    expect(mark.textContent).toBe('AD');
    // The initials only below 768 px, the name only from 768 px; the link keeps the whole name.
    expect(mark.className).toContain('mantine-hidden-from-sm');
    expect(screen.getByTestId('shell-brand-name').className).toContain('mantine-visible-from-sm');
    expect(link.getAttribute('title')).toBe('Agencia Digital RD');
    const badge = screen.getByText(APP_VERSION_LABEL).closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.className).toContain('mantine-visible-from-sm');
  });

  it('initials skip words that are not names', () => {
    expect(initials('Agencia Digital RD')).toBe('AD');
    expect(initials('  Estudio   & Co ')).toBe('EC');
    expect(initials('Ñandú')).toBe('Ñ');
  });
});
