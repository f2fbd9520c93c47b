// Settings: a search box that narrows the time-zone list ("서울", "new york", "gmt+9"), and copy
// buttons for the widget addresses, each answered by a toast.
import { toast } from "notio/toast.js";

const search = document.getElementById("timeZone-search");
const zones = document.getElementById("timeZone");
if (search && zones) {
  search.hidden = false;
  search.addEventListener("input", () => {
    const words = search.value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    let first = null;
    for (const option of zones.options) {
      const match = words.every((w) => option.dataset.search.includes(w));
      option.hidden = !match && !option.selected;
      if (match && !first) first = option;
    }
    // A select shows its chosen option; leave the choice to the reader (a change saves it).
    zones.size = words.length ? Math.min(6, [...zones.options].filter((o) => !o.hidden).length) || 1 : 0;
  });
}

for (const button of document.querySelectorAll("button[data-copy]")) {
  button.addEventListener("click", async () => {
    const field = document.getElementById(button.dataset.copy);
    try {
      await navigator.clipboard.writeText(field.value);
      toast(button.dataset.copied, "success");
    } catch {
      field.select();
      toast(button.dataset.copyFailed, "error");
    }
  });
}
