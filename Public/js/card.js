// The card editor: a live preview in CSS with the server's presets and proportions, then the PNG
// from the server (POST /api/v1/sentences/{id}/card), to download or share.
import { api } from "notio/api.js";
import { toast } from "notio/toast.js";
import { t } from "notio/l10n.js";

const root = document.getElementById("card-editor");
const form = document.getElementById("card-form");
const preview = document.getElementById("card-preview");
const photo = document.getElementById("card-photo");
const fileInput = document.getElementById("card-background");
const status = document.getElementById("card-status");
let photoURL = null;
let resultURL = null;
let resultBlob = null;

function value(name) {
  return form.querySelector(`input[name="${name}"]:checked`)?.value;
}

function options() {
  return {
    size: value("size"), font: value("font"), align: value("align"),
    textScale: Number(document.getElementById("card-scale").value),
    dim: Number(document.getElementById("card-dim").value),
    background: value("background"),
  };
}

function update() {
  const o = options();
  preview.dataset.size = o.size;
  preview.dataset.font = o.font;
  preview.dataset.align = o.align;
  preview.style.setProperty("--card-scale", o.textScale);
  const swatch = form.querySelector(`input[name="background"][value="${o.background}"]`);
  if (o.background === "photo") {
    preview.style.setProperty("--card-dim", photoURL ? o.dim : 0);
    preview.style.setProperty("--card-text", "#FAF7F0");
    photo.style.backgroundImage = photoURL ? `url("${photoURL}")` : "";
    preview.style.setProperty("--card-bg", "#333");
  } else {
    photo.style.backgroundImage = "";
    preview.style.setProperty("--card-dim", 0);
    preview.style.setProperty("--card-bg", swatch.dataset.css);
    preview.style.setProperty("--card-text", swatch.dataset.text);
  }
  document.getElementById("card-options").value = JSON.stringify(o);
}

form?.addEventListener("input", update);
form?.addEventListener("change", update);

fileInput?.addEventListener("change", () => {
  const file = fileInput.files?.[0];
  if (!file) return;
  if (file.size > Number(root.dataset.maxBytes)) {
    toast(t("js.photoTooLarge"), "error");
    fileInput.value = "";
    return;
  }
  if (photoURL) URL.revokeObjectURL(photoURL);
  photoURL = URL.createObjectURL(file);
  form.querySelector('input[name="background"][value="photo"]').checked = true;
  update();
});

form?.addEventListener("submit", async (event) => {
  event.preventDefault();
  update();
  const o = options();
  const data = new FormData();
  data.append("options", JSON.stringify(o));
  if (o.background === "photo" && fileInput.files?.[0]) data.append("background", fileInput.files[0]);
  const button = document.getElementById("card-make");
  button.disabled = true;
  status.textContent = "…";
  try {
    const response = await fetch(form.action, {
      method: "POST", body: data, credentials: "same-origin",
      headers: { "X-CSRF-Token": document.querySelector('meta[name="csrf-token"]').content },
    });
    if (!response.ok) {
      const error = await response.json().catch(() => ({}));
      throw new Error(error?.error?.message ?? response.statusText);
    }
    resultBlob = await response.blob();
    if (resultURL) URL.revokeObjectURL(resultURL);
    resultURL = URL.createObjectURL(resultBlob);
    document.getElementById("card-image").src = resultURL;
    const download = document.getElementById("card-download");
    download.href = resultURL;
    document.getElementById("card-result").hidden = false;
    const file = new File([resultBlob], "notio-card.png", { type: "image/png" });
    // Share where Web Share takes files; elsewhere the same place offers copying the image (where
    // the clipboard takes images: a secure page) and the sentence's text, each with a toast.
    const canShare = Boolean(navigator.canShare && navigator.canShare({ files: [file] }));
    document.getElementById("card-share").hidden = !canShare;
    document.getElementById("card-copy-image").hidden = canShare || !(window.ClipboardItem && navigator.clipboard?.write);
    document.getElementById("card-copy-text").hidden = canShare || !navigator.clipboard?.writeText;
    status.textContent = root.dataset.msgMade;
  } catch (error) {
    status.textContent = "";
    toast(error.message, "error");
  } finally {
    button.disabled = false;
  }
});

document.getElementById("card-share")?.addEventListener("click", async () => {
  if (!resultBlob) return;
  const file = new File([resultBlob], "notio-card.png", { type: "image/png" });
  try {
    await navigator.share({ files: [file], title: root.dataset.msgShare });
  } catch { /* the reader closed the share sheet */ }
});

const copyWith = (id, write) => {
  const button = document.getElementById(id);
  button?.addEventListener("click", async () => {
    try {
      await write(button);
      toast(button.dataset.done, "success");
    } catch {
      toast(button.dataset.failed, "error");
    }
  });
};
copyWith("card-copy-image", () => navigator.clipboard.write([new ClipboardItem({ "image/png": resultBlob })]));
copyWith("card-copy-text", (button) => navigator.clipboard.writeText(button.dataset.text));

update();
export { api };
