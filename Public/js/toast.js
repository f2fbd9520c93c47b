// Short messages in the #toasts live region. toast("저장했어요", "success").

import { t } from "notio/l10n.js";

const DURATION = { info: 4000, success: 3000, error: 6000 };

/** Shows `message`; kind is "info", "success" or "error". Returns a function that dismisses it. */
export function toast(message, kind = "info") {
  const region = document.getElementById("toasts");
  if (!region) return () => {};
  const item = document.createElement("div");
  item.className = `toast toast-${kind}`;
  if (kind === "error") item.setAttribute("role", "alert");
  const text = document.createElement("span");
  text.textContent = message;
  const close = document.createElement("button");
  close.type = "button";
  close.setAttribute("aria-label", t("js.close"));
  close.textContent = "×";
  item.append(text, close);
  region.append(item);

  let timer;
  const dismiss = () => {
    clearTimeout(timer);
    item.classList.add("is-leaving");
    setTimeout(() => item.remove(), 200);
  };
  close.addEventListener("click", dismiss);
  timer = setTimeout(dismiss, DURATION[kind] ?? DURATION.info);
  return dismiss;
}

// A message the server left for the next page (`data-toast` / `data-toast-kind` on <body>).
const flash = document.body?.dataset.toast;
if (flash) toast(flash, document.body.dataset.toastKind || "info");
