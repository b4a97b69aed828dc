import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadSentry, sentryEnabled } from './features/error/sentry';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Error reporting loads after the page is interactive, and only when a DSN is configured.
if (sentryEnabled()) {
  const start = () => void loadSentry();
  if ('requestIdleCallback' in window) window.requestIdleCallback(start);
  else setTimeout(start, 2000);
}
