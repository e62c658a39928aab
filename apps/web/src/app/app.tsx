import { RouterProvider } from 'react-router';
import { ServerPreferencesSync } from '../components/account/server-preferences-sync';
import { AppProviders } from './providers';
import { router } from './router';

export function App() {
  return (
    <AppProviders>
      <ServerPreferencesSync />
      <RouterProvider router={router} />
    </AppProviders>
  );
}
