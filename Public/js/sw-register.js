// Registers the service worker (offline page, static cache) where the browser allows it, and
// drops cached pages whenever nobody is signed in, so a shared phone never shows the last
// person's pages offline.
if ("serviceWorker" in navigator && (location.protocol === "https:" || location.hostname === "localhost" || location.hostname === "127.0.0.1")) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => { /* no offline support; the app still works */ });
  const signedOut = !document.querySelector(".app-header");
  const clear = () => navigator.serviceWorker.controller?.postMessage("clear-pages");
  if (signedOut) navigator.serviceWorker.ready.then(clear);
  document.addEventListener("submit", (event) => {
    if (event.target.matches("form.logout-form")) clear();
  });
}
