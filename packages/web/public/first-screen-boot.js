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
  // Preload links added a few at a time, one task each: the browser starts each fetch as its link
  // is inserted (up to about 1.5 ms a link on a fast machine, four times that on a phone), so the
  // page's ~80 in one go were a 110 ms task. Six a task stay under 50 ms on a phone; twelve made
  // tasks of up to 19 ms on a fast machine (the company page's 130 links), 76 ms at 4×.
  var BATCH = 6;
  function preload(from) {
    var end = Math.min(from + BATCH, modules.length);
    for (var i = from; i < end; i += 1) {
      if (!modules[i]) continue;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = modules[i];
      link.crossOrigin = 'anonymous';
      document.head.appendChild(link);
    }
    if (end < modules.length) {
      window.setTimeout(function () {
        preload(end);
      }, 0);
    }
  }
  function load() {
    if (started || !entry) return;
    started = true;
    var app = document.createElement('script');
    app.type = 'module';
    app.src = entry;
    app.crossOrigin = 'anonymous';
    document.head.appendChild(app);
    preload(0);
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
