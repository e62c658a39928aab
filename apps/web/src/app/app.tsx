import { RouterProvider } from 'react-router';
import { DisplaySettingsSync } from '../components/account/display-settings-sync';
import { AppProviders } from './providers';
import { getRouter } from './router';

export function App() {
  return (
    <AppProviders>
      <DisplaySettingsSync />
      <RouterProvider router={getRouter()} />
    </AppProviders>
  );
}
