// Adds the web app's entry script (data-entry) to a page the server rendered once the page has
// loaded and painted: see startAppAfterLoad in apps/server/src/platform/web-pages.ts.
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  var started = false;
  function start() {
    if (started || !entry) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // A timer set in an animation frame runs after that frame's paint; a hidden tab paints nothing.
  function startAfterPaint() {
    if (document.visibilityState === 'hidden') start();
    else
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
  }
  if (document.readyState === 'complete') startAfterPaint();
  else addEventListener('load', startAfterPaint, { once: true });
})();
