/**
 * Build-time pre-rendering of the public pages that must paint before their JavaScript runs
 * (issue 3 quality bar: Lighthouse mobile performance; decision 027).
 *
 * Built by `vite build --ssr` and called by `apps/web/scripts/prerender.mjs`, never shipped to
 * the browser. The browser does not hydrate this markup: `main.tsx` renders the app into the
 * same container, which replaces it with identical content once the JavaScript has loaded.
 */
import { DEFAULT_TIMEZONE } from '@agencia/shared/constants';
import { ColorSchemeScript, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { buildTheme, cssVariablesResolver } from '../app/theme';
import { type PageMeta, takeRenderedPageMeta } from '../features/marketing/lib/page-meta';
import { prerenderedClicksScript } from '../features/marketing/lib/prerendered-clicks';
import { PrerenderContext, prerenderedFilterScript } from '../features/marketing/lib/prerendered-filter';
import { deferSectionHashScript } from '../features/marketing/lib/section-hash';
import { LandingPage } from '../features/marketing/pages/landing-page';
import { PortfolioPage } from '../features/marketing/pages/portfolio-page';
import { publicSettingsQuery } from '../lib/public-settings';

export { DEFAULT_COMPANY_NAME } from '@agencia/shared/constants';
export { PRERENDERED_THEME_ATTRIBUTE } from '../app/prerendered-theme';
export { DEFAULT_CONTACT_EMAIL, DEFAULT_WHATSAPP } from '../features/marketing/data/contact';

/**
 * Stands for the company name wherever the pages draw it from the settings (`useCompanyName`):
 * the build writes the default name there and keeps a template with this token for the API.
 */
export const COMPANY_NAME_TOKEN = '__AGENCIA_COMPANY_NAME__';

/** URL path → page component; each becomes `dist/prerendered/<name>.html`. */
export const PRERENDERED_PAGES: Record<string, { file: string; Page: ComponentType }> = {
  '/': { file: 'index.html', Page: LandingPage },
  '/portfolio': { file: 'portfolio.html', Page: PortfolioPage },
};

/** What one pre-rendered page contributes to the HTML template. */
export interface RenderedPage {
  /** Markup for `<div id="root">`. */
  html: string;
  /** The page's title and description (from its `usePageMeta` call). */
  meta: PageMeta;
  /**
   * Inline `<script>`s for `<head>`: the one that sets `data-mantine-color-scheme` before the
   * first paint and, on `/`, the one that defers a section hash (decision 028), on `/portfolio`
   * the one that runs the category filter until the app takes over (decision 134), and on both the
   * one that keeps a button's click for the app to answer (decision 153).
   */
  colorSchemeScript: string;
}

/**
 * Renders one public page with the default theme (colour scheme 'auto', as in `AppProviders`).
 * Throws when the path is not in {@link PRERENDERED_PAGES} or the page sets no meta.
 */
export function renderPage(path: string): RenderedPage {
  const entry = PRERENDERED_PAGES[path];
  if (!entry) throw new Error(`No pre-rendered page for ${path}`);
  const { Page } = entry;
  const queryClient = new QueryClient();
  // The public settings as far as these pages read them: the name marked, the contact unset.
  queryClient.setQueryData(publicSettingsQuery.queryKey, {
    name: COMPANY_NAME_TOKEN,
    logo: null,
    currency: 'DOP',
    primaryColor: '',
    secondaryColor: '',
    whatsappNumber: null,
    email: null,
    phone: null,
    timezone: DEFAULT_TIMEZONE,
    timeFormat: '12h',
  });
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={buildTheme('default')}
        defaultColorScheme="auto"
        cssVariablesResolver={cssVariablesResolver}
      >
        <StaticRouter location={path}>
          <PrerenderContext value={true}>
            <Page />
          </PrerenderContext>
        </StaticRouter>
      </MantineProvider>
    </QueryClientProvider>,
  );
  const meta = takeRenderedPageMeta();
  if (!meta) throw new Error(`${path} rendered no page meta (usePageMeta)`);
  return {
    html,
    meta,
    colorSchemeScript:
      renderToStaticMarkup(<ColorSchemeScript defaultColorScheme="auto" />) +
      prerenderedClicksScript() +
      (path === '/' ? deferSectionHashScript() : '') +
      (path === '/portfolio' ? prerenderedFilterScript() : ''),
  };
}
