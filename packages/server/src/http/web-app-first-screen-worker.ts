import { parentPort, workerData } from 'node:worker_threads';

/**
 * The thread that draws first screens (`web-app-first-screen.ts`): React's
 * renderToString is synchronous and takes tens of milliseconds per page, which on the server's
 * own thread would hold every API request meanwhile. It loads the web build's renderer and asks
 * the server's thread for each API answer the drawing needs.
 */
interface RenderRequest {
  type: 'render';
  id: number;
  url: string;
  allowed: string[];
}
interface ApiAnswer {
  type: 'api';
  id: number;
  status: number;
  body: string;
}
interface Renderer {
  renderFirstScreen(
    url: string,
    allowed: readonly string[],
    fetchApi: (url: string) => Promise<{ status: number; body: string }>,
  ): Promise<unknown>;
}

function mainThread() {
  if (parentPort === null) throw new Error('web-app-first-screen-worker runs as a worker only.');
  return parentPort;
}
const port = mainThread();
const { file } = workerData as { file: string };
const renderer = (await import(file)) as Renderer;
let nextApiId = 0;
const waiting = new Map<number, (answer: { status: number; body: string }) => void>();

function fetchApi(url: string) {
  const id = (nextApiId += 1);
  return new Promise<{ status: number; body: string }>((resolve) => {
    waiting.set(id, resolve);
    port.postMessage({ type: 'api', id, url });
  });
}

port.on('message', (message: RenderRequest | ApiAnswer) => {
  if (message.type === 'api') {
    waiting.get(message.id)?.({ status: message.status, body: message.body });
    waiting.delete(message.id);
    return;
  }
  renderer.renderFirstScreen(message.url, message.allowed, fetchApi).then(
    (screen) => port.postMessage({ type: 'screen', id: message.id, screen }),
    (error: unknown) =>
      port.postMessage({ type: 'screen', id: message.id, screen: null, error: String(error) }),
  );
});
port.postMessage({ type: 'ready' });
