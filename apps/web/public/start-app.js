// Adds the web app's entry script (data-entry) to a page the server rendered once the page has
// loaded and its first paints are on screen: see startAppAfterLoad in
// apps/server/src/platform/web-pages.ts and docs/decisions/0014. Until the app has taken the page
// over, it holds clicks on the page's actions for the app to replay (docs/decisions/0032).
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');

  // Clicks before the app has taken the page over (docs/decisions/0032): the server's markup is
  // on screen well before its script runs, and a button's click would do nothing. A click on an
  // element marked `data-action` that the app has not yet marked `data-action-ready` is held
  // back here (before React's own listeners, which would drop it), the element shows it is busy,
  // and the app replays it once that element is live (components/early-action.ts).
  var held = [];
  document.addEventListener(
    'click',
    function (event) {
      var target = event.target;
      var element = target && target.closest ? target.closest('[data-action]') : null;
      if (!element || element.hasAttribute('data-action-ready')) return;
      var root = document.getElementById('root');
      if (!root || !root.contains(element)) return;
      event.preventDefault();
      event.stopPropagation();
      var action = element.getAttribute('data-action');
      if (held.indexOf(action) < 0) held.push(action);
      element.setAttribute('aria-busy', 'true');
    },
    true,
  );
  window.bazaarEarlyActions = {
    take: function (action) {
      var at = held.indexOf(action);
      if (at < 0) return false;
      held.splice(at, 1);
      return true;
    },
  };

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
  // The page's largest paint: the photo the server asked to load first (a preload with
  // fetchpriority="high") or, without one, the first largest-paint candidate. The browser reports
  // it once that frame is on screen, which can be a frame or two after the load event; a script
  // requested before it would share the connection with what the visitor is waiting to see.
  function startAfterLargestPaint() {
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (!types || types.indexOf('largest-contentful-paint') < 0) {
      // A browser without the largest-paint report: after the next frame is painted (a timer set
      // in an animation frame runs after that frame's paint).
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
      return;
    }
    var leadPhoto = document.querySelector('link[rel="preload"][as="image"][fetchpriority="high"]');
    var observer = new PerformanceObserver(function (list) {
      var entries = list.getEntries();
      for (var i = 0; i < entries.length; i++) {
        if (!leadPhoto || entries[i].url) {
          observer.disconnect();
          setTimeout(start, 0);
          return;
        }
      }
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
    // Never later than a second after the load event (a photo that failed, a paint not reported).
    setTimeout(start, 1000);
  }
  function whenLoaded() {
    // A hidden tab paints nothing: start at once.
    if (document.visibilityState === 'hidden') start();
    else startAfterLargestPaint();
  }
  if (document.readyState === 'complete') whenLoaded();
  else addEventListener('load', whenLoaded, { once: true });
})();
