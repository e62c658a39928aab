import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { buildTheme, cssVariablesResolver } from '../../../app/theme';
import { PortfolioPage } from '../pages/portfolio-page';
import { PICKED_CATEGORY_ATTRIBUTE, PrerenderContext, prerenderedFilterScript } from './prerendered-filter';

/** `/portfolio` as the build draws it (decision 027), in a container of the document. */
function mountPrerendered(): HTMLElement {
  const html = renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider theme={buildTheme('default')} cssVariablesResolver={cssVariablesResolver}>
        <StaticRouter location="/portfolio">
          <PrerenderContext value={true}>
            <PortfolioPage />
          </PrerenderContext>
        </StaticRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

/** Runs the inline script exactly as the pre-rendered page carries it; returns its listener's removal. */
function runInlineScript(): () => void {
  const source = prerenderedFilterScript()
    .replace(/^<script>/, '')
    .replace(/<\/script>$/, '');
  return new Function(`return ${source}`)() as () => void;
}

/** The label of one chip of the category filter. */
function chip(root: HTMLElement, text: string): HTMLElement {
  return within(within(root).getByRole('group', { name: 'Filtrar por categoría' })).getByText(text);
}

/** What the filter and the grid show: each chip's state and the cards on screen. */
function drawn(root: HTMLElement) {
  const group = within(root).getByRole('group', { name: 'Filtrar por categoría' });
  const chips = [...group.querySelectorAll('label')].map((label) => ({
    text: label.textContent,
    checked: label.getAttribute('data-checked') === 'true',
    radio: (document.getElementById(label.htmlFor) as HTMLInputElement).checked,
    icon: label.querySelector('svg') !== null,
  }));
  const cards = [...root.querySelectorAll<HTMLElement>('[data-project-id]')]
    .filter((card) => card.style.display !== 'none')
    .map((card) => card.dataset.projectId);
  return { chips, cards };
}

describe('the pre-rendered portfolio filter (decision 134)', () => {
  let removeListener = () => {};
  afterEach(() => {
    removeListener();
    document.body.replaceChildren();
    document.documentElement.removeAttribute(PICKED_CATEGORY_ATTRIBUTE);
  });

  it('filters before the app takes over, drawing what the app draws, and the app keeps the pick', async () => {
    const prerendered = mountPrerendered();
    removeListener = runInlineScript();
    fireEvent.click(chip(prerendered, 'Government'));

    const before = drawn(prerendered);
    expect(before.cards).toEqual(['ayuntamiento-digital']);
    expect(before.chips.filter((chip) => chip.checked)).toEqual([
      { text: 'Government', checked: true, radio: true, icon: true },
    ]);
    expect(before.chips.filter((chip) => chip.radio || chip.icon)).toHaveLength(1);

    // The app replaces the markup (main.tsx) and starts from the picked category.
    prerendered.remove();
    const { container } = renderWithProviders(<PortfolioPage />, '/portfolio');
    await screen.findByRole('heading', { level: 1, name: 'Nuestro Portafolio' });
    expect(drawn(container)).toEqual(before);
    expect(document.documentElement.hasAttribute(PICKED_CATEGORY_ATTRIBUTE)).toBe(false);

    // From here on the app's own filter answers; the script leaves it alone.
    fireEvent.click(chip(container, 'Todos'));
    expect(drawn(container).cards).toHaveLength(5);
    expect(document.documentElement.hasAttribute(PICKED_CATEGORY_ATTRIBUTE)).toBe(false);
  });

  it('takes the pick once: a later visit of the page starts from Todos, as does an unknown value', () => {
    document.documentElement.setAttribute(PICKED_CATEGORY_ATTRIBUTE, 'Government');
    const first = renderWithProviders(<PortfolioPage />, '/portfolio');
    expect(drawn(first.container).cards).toEqual(['ayuntamiento-digital']);
    first.unmount();

    const again = renderWithProviders(<PortfolioPage />, '/portfolio');
    expect(drawn(again.container).cards).toHaveLength(5);
    again.unmount();

    document.documentElement.setAttribute(PICKED_CATEGORY_ATTRIBUTE, 'Inventada');
    const unknown = renderWithProviders(<PortfolioPage />, '/portfolio');
    expect(drawn(unknown.container).chips.find((chip) => chip.checked)?.text).toBe('Todos');
    expect(drawn(unknown.container).cards).toHaveLength(5);
  });
});
