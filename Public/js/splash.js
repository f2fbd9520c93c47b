// The splash forwards after a moment: onboarding on the first visit, login afterwards.
import { ONBOARDED_KEY } from "notio/onboarding.js";

document.documentElement.classList.add("js");
const splash = document.querySelector(".splash");
if (splash) {
  let seen = false;
  try { seen = localStorage.getItem(ONBOARDED_KEY) === "1"; } catch { /* storage blocked: treat as first visit */ }
  const next = seen ? splash.dataset.returning : splash.dataset.firstVisit;
  setTimeout(() => location.replace(next), 800);
}
