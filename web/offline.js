// Registers the service worker (sw.js) that keeps the page usable offline.
//
// Browsers offer service workers only in a secure context (https, or
// http://localhost); elsewhere (plain http on an intranet host) the page
// simply works online only.  The page marks the outcome on <body> as
// data-offline: "ready" once a service worker controls it, "unavailable"
// when there is none, "failed" when registering or installing failed.
//
// It registers once the reader has started (body[data-worker] set by
// app.js), so that on a first visit the service worker's downloads do not
// compete with the runtime's: by then the files are in the HTTP cache and
// the service worker only revalidates them.
export function registerServiceWorker() {
  const started = () => ["ready", "broken"].includes(document.body.dataset.worker);
  if (started()) {
    register();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!started()) return;
    observer.disconnect();
    register();
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-worker"] });
}

function register() {
  const mark = (state) => { document.body.dataset.offline = state; };
  if (!("serviceWorker" in navigator)) {
    mark("unavailable");
    return;
  }
  const sw = navigator.serviceWorker;
  if (sw.controller) mark("ready");
  sw.addEventListener("controllerchange", () => mark("ready"));
  sw.register(new URL("sw.js", import.meta.url), { scope: "./" })
    .then((registration) => {
      watchInstall(registration, mark);
      // A page that loaded while the service worker was installing is not
      // claimed when it activates if the page had not yet started running
      // (a reload during the first visit's install): nothing would ever
      // control it.  Once a worker is active, ask it to claim this page.
      return sw.ready.then((ready) => {
        if (!sw.controller && ready.active) ready.active.postMessage("claim");
      });
    })
    .catch((err) => {
      console.warn("offline use is not available: the service worker failed", err);
      mark("failed");
    });
}

// An install that fails (a precache download refused) leaves no worker to
// wait for: mark it rather than leave the page waiting for "ready".
function watchInstall(registration, mark) {
  const watch = (worker) => {
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "redundant" && !registration.active) mark("failed");
    });
  };
  watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
}
