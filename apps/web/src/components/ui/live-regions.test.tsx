import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { announce } from '../../lib/live-region';
import { toastError, toastSuccess } from '../../lib/toast';
import { LiveRegions } from './live-regions';
import { ToastAnnouncements } from './toast-announcements';

/**
 * The app root's two regions and the toast announcements (the test helper leaves them out; in the
 * app the toast container mounts the announcements, the helper mounts a plain container).
 */
function Regions() {
  return (
    <>
      <LiveRegions />
      <ToastAnnouncements />
    </>
  );
}

/** The two regions as the page shows them. */
function regions() {
  return { polite: screen.getByRole('status'), assertive: screen.getByRole('alert') };
}

describe('LiveRegions and ToastAnnouncements (decision 112)', () => {
  afterEach(() => {
    act(() => notifications.clean());
  });

  it('are in the DOM and empty from the first render, polite and assertive', () => {
    renderWithProviders(<Regions />);
    const { polite, assertive } = regions();
    expect(polite.getAttribute('aria-live')).toBe('polite');
    expect(assertive.getAttribute('aria-live')).toBe('assertive');
    expect(polite.textContent).toBe('');
    expect(assertive.textContent).toBe('');
  });

  it('reads a success toast politely: its title and message go into the status region', async () => {
    renderWithProviders(<Regions />);
    act(() => toastSuccess('Perfil actualizado', 'Tus datos se guardaron correctamente'));
    // The toast itself shows (Mantine's container from the test helper)…
    expect(
      await screen.findByText('Tus datos se guardaron correctamente', { selector: 'div, p' }),
    ).toBeTruthy();
    const { polite, assertive } = regions();
    // …and its text is announced through the persistent region, not the assertive one.
    await waitFor(() =>
      expect(polite.textContent).toBe('Perfil actualizado. Tus datos se guardaron correctamente'),
    );
    expect(assertive.textContent).toBe('');
  });

  it('reads an error toast assertively, also when a screen calls Mantine directly with red', async () => {
    renderWithProviders(<Regions />);
    act(() => toastError('Error', 'No se pudo guardar el perfil'));
    const { polite, assertive } = regions();
    await waitFor(() => expect(assertive.textContent).toBe('Error. No se pudo guardar el perfil'));
    act(() => {
      notifications.show({ color: 'red', title: 'Error de acceso', message: 'Credenciales inválidas' });
    });
    await waitFor(() =>
      expect(within(assertive).getByText('Error de acceso. Credenciales inválidas')).toBeTruthy(),
    );
    expect(polite.textContent).toBe('');
  });

  it('announces the same message again: the region is emptied, then written anew', async () => {
    renderWithProviders(<Regions />);
    const { polite } = regions();
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(polite.textContent ?? ''));
    observer.observe(polite, { childList: true, subtree: true, characterData: true });
    act(() => toastSuccess('Tiempo registrado', '2 h'));
    await waitFor(() => expect(polite.textContent).toBe('Tiempo registrado. 2 h'));
    act(() => toastSuccess('Tiempo registrado', '2 h'));
    await waitFor(() => expect(seen.filter((text) => text === 'Tiempo registrado. 2 h')).toHaveLength(2));
    observer.disconnect();
    // Between the two writes the region was empty: screen readers see a new message.
    expect(seen.slice(seen.indexOf('Tiempo registrado. 2 h'))).toContain('');
  });

  it('reads an updated toast (loading → done) once more, and realtime announcements politely', async () => {
    renderWithProviders(<Regions />);
    const { polite } = regions();
    act(() => {
      notifications.show({ id: 'upload', loading: true, title: 'Subiendo archivo', message: 'logo.png' });
    });
    await waitFor(() => expect(polite.textContent).toBe('Subiendo archivo. logo.png'));
    act(() => {
      notifications.update({
        id: 'upload',
        loading: false,
        color: 'green',
        title: 'Archivo subido',
        message: 'logo.png',
      });
    });
    await waitFor(() => expect(polite.textContent).toBe('Archivo subido. logo.png'));
    act(() => announce('3 notificaciones sin leer'));
    await waitFor(() => expect(polite.textContent).toBe('3 notificaciones sin leer'));
  });
});
