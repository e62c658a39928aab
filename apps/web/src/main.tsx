import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { validateStoredSession } from './app/session-bootstrap';
import { syncSessionAcrossTabs } from './stores/session-store';

syncSessionAcrossTabs();
void validateStoredSession();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
