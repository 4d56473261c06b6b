/* global document, window */
// On a page whose first screen the server drew (server `web-app-first-screen.ts`), the
// app's JavaScript starts loading once that screen has been painted: fetched with the page, its
// 300-odd KB competed with the page's CSS on a slow connection and held the first paint back.
// The server moves the entry script and its module preloads here (data-entry, data-modules).
(function bootAfterPaint() {
  var script = document.currentScript;
  if (!script) return;
  var entry = script.getAttribute('data-entry');
  var modules = (script.getAttribute('data-modules') || '').split(' ');
  var started = false;
  function load() {
    if (started || !entry) return;
    started = true;
    modules.forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.crossOrigin = 'anonymous';
      document.head.appendChild(link);
    });
    var app = document.createElement('script');
    app.type = 'module';
    app.src = entry;
    app.crossOrigin = 'anonymous';
    document.head.appendChild(app);
  }
  // A hidden tab paints nothing (no animation frames): it loads at once.
  if (document.visibilityState === 'hidden') {
    load();
    return;
  }
  // The second frame's callback runs after the first paint.
  window.requestAnimationFrame(function () {
    window.requestAnimationFrame(function () {
      window.setTimeout(load, 0);
    });
  });
  document.addEventListener('visibilitychange', load, { once: true });
})();
