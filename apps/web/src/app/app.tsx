import { RouterProvider } from 'react-router';
import { DisplaySettingsSync } from '../components/account/display-settings-sync';
import { ServerPreferencesSync } from '../components/account/server-preferences-sync';
import { AppProviders } from './providers';
import { getRouter } from './router';

export function App() {
  return (
    <AppProviders>
      <ServerPreferencesSync />
      <DisplaySettingsSync />
      <RouterProvider router={getRouter()} />
    </AppProviders>
  );
}
