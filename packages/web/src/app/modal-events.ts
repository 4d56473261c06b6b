/** The `modals.*` calls that show a modal: window events of @mantine/modals. */
export const OPEN_EVENTS = ['openModal', 'openConfirmModal', 'openContextModal'].map(
  (name) => `mantine-modals:${name}`,
);

/** Events already given again to the mounted provider (StrictMode runs effects twice). */
export const replayed = new WeakSet<Event>();
