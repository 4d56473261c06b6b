import { markLandingSeen } from '../../features/site/landing-seen';

/**
 * The live parts of the static /landing page (render.tsx draws it at build time), a few
 * KB instead of the app: the landing is marked as seen (spec §4), the marketing sections fade in
 * at 20 % visibility (§9), and the subscribe form works as the app's SubscribeForm does:
 * 'Subscribing...', the field cleared on success and kept on failure, the texts of §8 as toasts
 * bottom-right. Links are ordinary links into the app.
 */

interface LandingTexts {
  success: string;
  failure: string;
  pending: string;
  unknown: string;
}

const TOAST_MS = { success: 4000, error: 6000 } as const;
/** FadeInSection's threshold (spec §9), not imported: that module brings React. */
export const STATIC_FADE_IN_THRESHOLD = 0.2;

function texts(): LandingTexts {
  const element = document.getElementById('landing-texts');
  return JSON.parse(element?.textContent ?? '{}') as LandingTexts;
}

function showToast(kind: 'success' | 'error', message: string): void {
  const template = document.getElementById(`landing-toast-${kind}`);
  const container = document.getElementById('landing-toasts');
  if (!(template instanceof HTMLTemplateElement) || !container) return;
  const toast = template.content.firstElementChild?.cloneNode(true);
  if (!(toast instanceof HTMLElement)) return;
  const description = toast.querySelector('.mantine-Notification-description');
  if (description) description.textContent = message;
  toast.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  const close = () => toast.remove();
  toast.querySelector('.mantine-Notification-closeButton')?.addEventListener('click', close);
  container.append(toast);
  setTimeout(close, TOAST_MS[kind]);
}

/** The server's message for a refusal it explained (< 500), else the generic failure text. */
async function subscribe(email: string, failure: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/api/subscription/subscribe/email', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ email }),
    });
  } catch {
    throw new Error(failure);
  }
  const payload = (await response.json().catch(() => undefined)) as
    { status?: string; message?: unknown; error_msg?: unknown } | undefined;
  if (response.ok && payload?.status === 'success' && typeof payload.message === 'string') {
    return payload.message;
  }
  const explained =
    response.status < 500 && typeof payload?.error_msg === 'string' && payload.error_msg !== '';
  throw new Error(explained ? String(payload.error_msg) : failure);
}

function enhanceSubscribeForm(form: HTMLFormElement, text: LandingTexts): void {
  const field = form.querySelector('input[name="email"]');
  const button = form.querySelector('button[type="submit"]');
  const label = button?.querySelector('.mantine-Button-label') ?? button;
  if (!(field instanceof HTMLInputElement) || !label) return;
  const idleLabel = label.textContent;
  let pending = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const email = field.value.trim();
    if (!email || pending) return;
    pending = true;
    label.textContent = text.pending;
    subscribe(email, text.failure)
      .then((message) => {
        field.value = '';
        showToast('success', message);
      })
      .catch((error: unknown) => {
        showToast('error', error instanceof Error ? error.message : text.failure);
      })
      .finally(() => {
        pending = false;
        label.textContent = idleLabel;
      });
  });
}

function fadeInSections(): void {
  const hidden = [...document.querySelectorAll('[data-fade-in]:not([data-visible])')];
  const reveal = (section: Element) => section.setAttribute('data-visible', 'true');
  if (typeof IntersectionObserver === 'undefined') {
    hidden.forEach(reveal);
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        reveal(entry.target);
        observer.unobserve(entry.target);
      }
    },
    { threshold: STATIC_FADE_IN_THRESHOLD },
  );
  hidden.forEach((section) => observer.observe(section));
}

async function getJson(url: string): Promise<Record<string, unknown> | undefined> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) return undefined;
  return (await response.json()) as Record<string, unknown>;
}

/** The trust figures counted by the server (GET /api/site/figures), as the app's page shows them. */
async function fillFigures(unknown: string): Promise<void> {
  const slots = [...document.querySelectorAll<HTMLElement>('[data-figure]')];
  const figures = await getJson('/api/site/figures')
    .then((payload) => payload?.figures as Record<string, unknown> | undefined)
    .catch(() => undefined);
  const count = new Intl.NumberFormat('en-US');
  for (const slot of slots) {
    const value = figures?.[slot.dataset.figure ?? ''];
    slot.textContent = typeof value === 'number' ? count.format(value) : unknown;
    slot.setAttribute('aria-busy', 'false');
  }
  if (figures?.demo === true) {
    document
      .querySelectorAll('[data-figures-demo]')
      .forEach((note) => note.removeAttribute('hidden'));
  }
}

/** The footer's contact details (GET /api/contact/details): the bundle holds none of its own. */
async function fillContact(): Promise<void> {
  const slot = document.querySelector<HTMLElement>('[data-site-contact]');
  const payload = await getJson('/api/contact/details').catch(() => undefined);
  const contact = payload?.contact as
    { email?: unknown; phone?: unknown; addresses?: unknown } | undefined;
  if (!slot || !contact) return;
  const anchorClass = document.querySelector('footer nav a')?.className ?? '';
  const line = (child: HTMLElement) => {
    const row = document.createElement('div');
    row.append(child);
    slot.append(row);
  };
  const link = (href: string, text: string) => {
    const anchor = document.createElement('a');
    anchor.href = href;
    anchor.className = anchorClass;
    anchor.textContent = text;
    return anchor;
  };
  if (typeof contact.email === 'string') line(link(`mailto:${contact.email}`, contact.email));
  if (typeof contact.phone === 'string') {
    line(link(`tel:${contact.phone.replace(/[^+\d]/g, '')}`, contact.phone));
  }
  for (const address of Array.isArray(contact.addresses) ? contact.addresses : []) {
    const text = document.createElement('span');
    text.textContent = String(address);
    line(text);
  }
  slot.removeAttribute('hidden');
}

markLandingSeen();
fadeInSections();
void fillFigures(texts().unknown);
void fillContact();
const form = document.querySelector('form[aria-label="Subscribe to weekly market insights"]');
if (form instanceof HTMLFormElement) enhanceSubscribeForm(form, texts());
