import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { takeFirstScreen } from './app/first-screen/take-first-screen';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

// Issue 18: the first render as a transition, which React splits into short slices; rendered
// at once, the shell and the first page were one long task that kept the page from answering
// input (total blocking time on a phone). A page drawn by the server is replaced only once the
// app can draw the same screen (its route loaded, its answers in the query cache).
void takeFirstScreen(container).then((start) => {
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App router={start?.router} queryClient={start?.queryClient} />
      </StrictMode>,
    );
  });
});
