/** Leaves the app for `url` (a full browser navigation). In its own module so tests can replace it. */
export function leavePage(url: string): void {
  window.location.assign(url);
}
