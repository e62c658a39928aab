import { RouterProvider } from 'react-router';
import { DisplayRefresh } from '../components/account/display-refresh';
import { DisplaySettingsSync } from '../components/account/display-settings-sync';
import { ServerPreferencesSync } from '../components/account/server-preferences-sync';
import { AppProviders } from './providers';
import { router } from './router';

export function App() {
  return (
    <AppProviders>
      <ServerPreferencesSync />
      <DisplaySettingsSync />
      <DisplayRefresh>
        <RouterProvider router={router} />
      </DisplayRefresh>
    </AppProviders>
  );
}
