// Starts the web app on a page the server rendered (apps/server/src/platform/web-pages.ts puts
// this script in place of the entry chunk's tag, naming the chunk in data-entry). The page is
// already painted, so the app's script is fetched once the page has loaded and the loaded photos
// are on screen: on a slow mobile connection its stylesheets and largest photo get the network
// first, and the app hydrates the markup right after (issue 5 item 9;
// docs/decisions/0014-storefront-first-pages-rendered-on-the-server.md).
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  // After the next frame is painted (a timer set in an animation frame runs after its paint); a
  // hidden tab paints nothing, so it starts at once.
  function startAfterPaint() {
    if (document.visibilityState === 'hidden') start();
    else
      window.requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
  }
  if (document.readyState === 'complete') startAfterPaint();
  else window.addEventListener('load', startAfterPaint, { once: true });
})();
