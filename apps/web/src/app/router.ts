import { createBrowserRouter } from 'react-router';
import { registerNavigator } from '../lib/navigation';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

registerNavigator((to, options) => {
  void router.navigate(to, options);
});
