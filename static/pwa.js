/* Registers the service worker, asks it to keep this language's rule book for offline reading,
   and shows the offline note while the network is gone. No inline script: loaded by base.html. */
(function () {
  "use strict";
  const root = document.documentElement;
  const note = document.getElementById("offline-note");
  function showNetwork() {
    if (note) note.hidden = navigator.onLine;
  }
  window.addEventListener("online", showNetwork);
  window.addEventListener("offline", showNetwork);
  showNetwork();
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data && event.data.kept === root.lang) root.dataset.offline = "ready";
  });
  navigator.serviceWorker.register("/sw.js", {scope: "/"}).then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      if (registration.active) registration.active.postMessage({keep: root.lang});
    }).catch(() => undefined);
})();
