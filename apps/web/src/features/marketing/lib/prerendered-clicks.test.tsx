import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { buildTheme, cssVariablesResolver } from '../../../app/theme';
import { LandingPage } from '../pages/landing-page';
import { PortfolioPage } from '../pages/portfolio-page';
import {
  APP_MOUNTED_ATTRIBUTE,
  PENDING_CLICK_ATTRIBUTE,
  prerenderedClicksScript,
  takePrerenderedClick,
} from './prerendered-clicks';
import { PICKED_CATEGORY_ATTRIBUTE, PrerenderContext } from './prerendered-filter';

/** A page as the build draws it (decision 027), in a container of the document. */
function mountPrerendered(Page: ComponentType, path: string): HTMLElement {
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider theme={buildTheme('default')} cssVariablesResolver={cssVariablesResolver}>
        <StaticRouter location={path}>
          <PrerenderContext value={true}>
            <Page />
          </PrerenderContext>
        </StaticRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

/** Runs the inline script exactly as the pre-rendered pages carry it; returns its listener's removal. */
function runInlineScript(): () => void {
  const source = prerenderedClicksScript()
    .replace(/^<script>/, '')
    .replace(/<\/script>$/, '');
  return new Function(`return ${source}`)() as () => void;
}

describe('a click on a pre-rendered button before the app takes over (decision 153)', () => {
  let removeListener = () => {};
  afterEach(() => {
    removeListener();
    document.body.replaceChildren();
    const html = document.documentElement;
    html.removeAttribute(PENDING_CLICK_ATTRIBUTE);
    html.removeAttribute(APP_MOUNTED_ATTRIBUTE);
    html.style.removeProperty('cursor');
    html.removeAttribute(PICKED_CATEGORY_ATTRIBUTE);
  });

  it("is kept, and the app opens the dialog of the project whose 'Ver Detalles' was clicked", async () => {
    const prerendered = mountPrerendered(PortfolioPage, '/portfolio');
    removeListener = runInlineScript();
    const card = prerendered.querySelector<HTMLElement>('[data-project-id="operaciones-aeropuerto"]');
    if (!card) throw new Error('no card');
    // Two clicks: the last one counts.
    fireEvent.click(within(prerendered).getAllByRole('button', { name: 'Ver Detalles' })[0]!);
    const details = within(card).getByRole('button', { name: 'Ver Detalles' });
    fireEvent.click(details);
    expect(details.getAttribute('aria-busy')).toBe('true');
    expect(prerendered.querySelectorAll('[aria-busy]')).toHaveLength(1);
    expect(document.documentElement.style.cursor).toBe('progress');

    // The app replaces the markup (main.tsx) and replays the click in its own DOM.
    prerendered.remove();
    const { container } = renderWithProviders(<PortfolioPage />, '/portfolio');
    await screen.findByRole('heading', { level: 1, name: 'Nuestro Portafolio' });
    const replay = takePrerenderedClick(container);
    expect(document.documentElement.hasAttribute(PENDING_CLICK_ATTRIBUTE)).toBe(false);
    expect(document.documentElement.style.cursor).toBe('');
    replay?.();
    const dialog = await screen.findByRole('dialog', { name: 'Centro de Operaciones Aeroportuarias' });
    expect(within(dialog).getByRole('heading', { name: 'Métricas del Proyecto' })).toBeTruthy();
  });

  it('finds the card again when a category picked before the swap leaves the app drawing fewer cards', async () => {
    const prerendered = mountPrerendered(PortfolioPage, '/portfolio');
    removeListener = runInlineScript();
    const card = prerendered.querySelector<HTMLElement>('[data-project-id="ayuntamiento-digital"]');
    if (!card) throw new Error('no card');
    fireEvent.click(within(card).getByRole('button', { name: 'Ver Detalles' }));
    // What the filter's own script records when 'Government' is picked (decision 134).
    document.documentElement.setAttribute(PICKED_CATEGORY_ATTRIBUTE, 'Government');

    prerendered.remove();
    const { container } = renderWithProviders(<PortfolioPage />, '/portfolio');
    await screen.findByRole('heading', { level: 1, name: 'Nuestro Portafolio' });
    expect(container.querySelectorAll('[data-project-id]')).toHaveLength(1);
    takePrerenderedClick(container)?.();
    const dialog = await screen.findByRole('dialog', { name: 'Ayuntamiento Digital' });
    expect(dialog.textContent).toContain('Ayuntamiento Digital');
  });

  it('opens the service card clicked on the pre-rendered landing', async () => {
    const prerendered = mountPrerendered(LandingPage, '/');
    removeListener = runInlineScript();
    // A click inside the card (on its title) counts as a click on the card's button.
    fireEvent.click(within(prerendered).getByRole('heading', { name: 'Tiendas en Línea (E-commerce)' }));

    prerendered.remove();
    const { container } = renderWithProviders(<LandingPage />, '/');
    await screen.findByRole('heading', { level: 1 });
    takePrerenderedClick(container)?.();
    const dialog = await screen.findByRole('dialog', { name: 'Tiendas en Línea (E-commerce)' });
    expect(dialog.textContent).toContain('Tiendas en Línea (E-commerce)');
  });

  it('leaves links alone, and keeps nothing once the app has taken over', async () => {
    const prerendered = mountPrerendered(LandingPage, '/');
    removeListener = runInlineScript();
    const link = within(prerendered).getByRole('link', { name: 'Ver Portafolio' });
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(document.documentElement.hasAttribute(PENDING_CLICK_ATTRIBUTE)).toBe(false);

    prerendered.remove();
    const { container } = renderWithProviders(<LandingPage />, '/');
    await screen.findByRole('heading', { level: 1 });
    expect(takePrerenderedClick(container)).toBeNull();
    fireEvent.click(within(container).getByRole('button', { name: 'Ver testimonios' }));
    expect(document.documentElement.hasAttribute(PENDING_CLICK_ATTRIBUTE)).toBe(false);
  });
});
