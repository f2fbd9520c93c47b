// Registers the service worker (offline page, static cache) where the browser allows it, and
// drops cached pages whenever nobody is signed in, so a shared phone never shows the last
// person's pages offline. A page shown from the cache, or one that loses the network, says so.
import { t } from "notio/l10n.js";

function offlineBanner(show) {
  let banner = document.getElementById("offline-banner");
  if (!show) { banner?.remove(); return; }
  if (banner) return;
  banner = document.createElement("div");
  banner.id = "offline-banner";
  banner.className = "offline-banner";
  banner.setAttribute("role", "status");
  banner.textContent = t("js.offline");
  document.body.prepend(banner);
}
if (document.body?.dataset.offline || navigator.onLine === false) offlineBanner(true);
window.addEventListener("offline", () => offlineBanner(true));
window.addEventListener("online", () => { if (!document.body.dataset.offline) offlineBanner(false); });

if ("serviceWorker" in navigator && (location.protocol === "https:" || location.hostname === "localhost" || location.hostname === "127.0.0.1")) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => { /* no offline support; the app still works */ });
  const signedOut = !document.querySelector(".app-header");
  const clear = () => navigator.serviceWorker.controller?.postMessage("clear-pages");
  if (signedOut) navigator.serviceWorker.ready.then(clear);
  document.addEventListener("submit", (event) => {
    if (event.target.matches("form.logout-form")) clear();
  });
}
