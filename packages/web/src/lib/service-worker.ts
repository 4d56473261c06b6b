/** The service worker the build writes at the site's root (vite.config.ts, serviceWorker()). */
export const SERVICE_WORKER_URL = '/sw.js';

/** How long a page waits for an installing worker to become active. */
const ACTIVATION_WAIT_MS = 10_000;

let registering: Promise<ServiceWorkerRegistration | undefined> = Promise.resolve(undefined);

/**
 * Registers the service worker (the app shell's cache, push notifications) once the page has
 * loaded, so it never competes with the first screen. Only built apps have one: the dev server
 * serves no /sw.js.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registering = new Promise((resolve) => {
    const register = () => {
      navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).then(resolve, () => {
        // Without it the app works as before: no offline shell, no push notifications.
        resolve(undefined);
      });
    };
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  });
}

/** The active registration, or undefined when there is none (not built, refused, unsupported). */
export async function activeServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  const registration = (await registering) ?? (await navigator.serviceWorker.getRegistration('/'));
  if (!registration) return undefined;
  if (registration.active) return registration;
  // Installing (it caches the shell first): wait for it, a few seconds at most.
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ACTIVATION_WAIT_MS)),
  ]);
}
