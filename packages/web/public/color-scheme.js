/* global document, window */
// Mirrors Mantine's ColorSchemeScript (which is inline and so blocked by our CSP): applies the
// stored or system colour scheme before React mounts, so dark-mode users see no white flash.
(function applyColorScheme() {
  try {
    var stored = window.localStorage.getItem('mantine-color-scheme-value');
    var scheme = stored === 'light' || stored === 'dark' ? stored : 'auto';
    if (scheme === 'auto') {
      scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    }
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  }
  // In 'auto' the page follows the system's scheme while it is open, as the app's provider
  // does; the static /landing has no provider, so this is what switches it.
  try {
    window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', function (event) {
      var chosen = window.localStorage.getItem('mantine-color-scheme-value');
      if (chosen === 'light' || chosen === 'dark') return;
      document.documentElement.setAttribute(
        'data-mantine-color-scheme',
        event.matches ? 'dark' : 'light',
      );
    });
  } catch {
    // No matchMedia or storage: the scheme chosen at load stays.
  }
  // A page's first screen drawn by the server is the anonymous visitor's; a signed-in
  // visitor sees the loader (index.html's style) until the app draws the page for them.
  try {
    var token = window.localStorage.getItem('userToken');
    if (token) document.documentElement.setAttribute('data-signed-in', '');
  } catch {
    // No storage: no session either.
  }
})();
