// A server-rendered page's code, loaded once the page has painted (decision 039): on a phone's slow
// network the page's stylesheet and HTML are not shared with half a megabyte of code before the
// first paint; the app then takes the page over. The server names the entry and its imports here.
(() => {
  const script = document.currentScript;
  if (!script) return;
  const entry = script.dataset.entry;
  const imports = (script.dataset.imports || '').split(' ').filter(Boolean);
  let started = false;
  // Each element appended starts a fetch: fifty of them at once were one task of ~170 ms on a
  // throttled phone, so the preloads go in a few at a time, each batch its own task.
  const BATCH = 8;
  const channel = new MessageChannel();
  let next = 0;
  const preloadSome = () => {
    for (const href of imports.slice(next, next + BATCH)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
    next += BATCH;
    if (next < imports.length) channel.port2.postMessage(null);
  };
  channel.port1.onmessage = preloadSome;
  const load = () => {
    if (started || !entry) return;
    started = true;
    // the entry first: its own imports are found by its fetch, the later chunks by the preloads
    const module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
    preloadSome();
  };
  // after the next frame has painted; a tab in the background paints no frames: a second at most
  requestAnimationFrame(() => setTimeout(load, 0));
  setTimeout(load, 1000);
})();
