// Loaded with `node --expose-gc --import ./bench/soak-probe.mjs` into the server that
// bench/soak.ts starts, and nowhere else (no route, no production code): answers the server's
// memory figures over the IPC channel the bench opened, after a full garbage collection when
// asked, so heap growth is measured without exposing anything over HTTP.
if (typeof process.send === 'function') {
  process.on('message', (message) => {
    if (!message || message.type !== 'bazaar-soak-memory') return;
    if (message.gc && typeof globalThis.gc === 'function') {
      // Twice: the first pass can leave objects that only a second one frees (weak refs).
      globalThis.gc();
      globalThis.gc();
    }
    const usage = process.memoryUsage();
    process.send({
      type: 'bazaar-soak-memory',
      id: message.id,
      heapUsed: usage.heapUsed,
      heapTotal: usage.heapTotal,
      external: usage.external,
      rss: usage.rss,
    });
  });
  // The channel must not keep the server alive on its own.
  process.channel?.unref();
}
