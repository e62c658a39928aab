import { createBrowserRouter } from 'react-router';
import { registerNavigator } from '../lib/navigation';
import { routes } from './routes';

let router: ReturnType<typeof createBrowserRouter> | null = null;

/**
 * The app's data router, created on first use rather than when this module loads: creating it
 * (ranking the routes, matching the URL, starting the matched lazy routes) is about a third of
 * the entry's start-up script work, and `main.tsx` gives it a task of its own so that no single
 * task blocks the page for long (decision 134).
 */
export function getRouter() {
  if (!router) {
    const created = createBrowserRouter(routes);
    registerNavigator((to, options) => {
      void created.navigate(to, options);
    });
    router = created;
  }
  return router;
}
