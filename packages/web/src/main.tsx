import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

// Issue 18: the first render as a transition, which React splits into short slices; rendered
// at once, the shell and the first page were one long task that kept the page from answering
// input (total blocking time on a phone).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
