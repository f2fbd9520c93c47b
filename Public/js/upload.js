// The upload sheet on /notes: opens the <dialog>, takes a PDF from the picker or a drop, and
// sends it with XMLHttpRequest (fetch cannot report upload progress) to POST /api/v1/notes with
// the CSRF header, then goes to the note's progress page. Without this module the sheet is shown
// through :target and the form posts to POST /notes.
import { csrfToken } from "notio/api.js";

const sheet = document.getElementById("upload-sheet");
const form = document.getElementById("upload-form");

if (sheet && form) {
  const input = document.getElementById("upload-file");
  const drop = document.getElementById("upload-drop");
  const fileName = document.getElementById("upload-file-name");
  const errorBox = document.getElementById("upload-error");
  const progressBox = document.getElementById("upload-progress");
  const bar = document.getElementById("upload-bar");
  const percent = document.getElementById("upload-percent");
  const submit = document.getElementById("upload-submit");
  const msg = sheet.dataset;
  const maxBytes = Number(msg.maxMb || 50) * 1024 * 1024;
  let busy = false;

  const showError = (text) => {
    errorBox.textContent = text;
    errorBox.hidden = !text;
  };

  const open = () => {
    if (sheet.open) sheet.close();
    sheet.showModal();
    input.focus();
  };
  const close = () => {
    if (busy) return;
    sheet.close();
    if (location.hash === "#upload-sheet") history.replaceState(null, "", location.pathname + location.search);
  };

  document.querySelectorAll("[data-open-upload]").forEach((el) => el.addEventListener("click", (e) => {
    e.preventDefault();
    showError("");
    open();
  }));
  sheet.querySelector("[data-close-upload]")?.addEventListener("click", (e) => { e.preventDefault(); close(); });
  sheet.addEventListener("cancel", (e) => { if (busy) e.preventDefault(); });
  sheet.addEventListener("click", (e) => { if (e.target === sheet) close(); });
  // Reopened by the server after a refused upload, or reached through #upload-sheet.
  if (sheet.hasAttribute("open") || location.hash === "#upload-sheet") open();

  const isPDF = (file) => file.type === "application/pdf" || /\.pdf$/i.test(file.name);

  const check = (file) => {
    if (!file) return msg.msgChoose;
    if (!isPDF(file)) return msg.msgNotPdf;
    if (file.size > maxBytes) return msg.msgTooLarge;
    return "";
  };

  const showFile = () => {
    const file = input.files[0];
    fileName.textContent = file ? `${file.name} · ${(file.size / 1048576).toFixed(1)} MB` : "";
    drop.classList.toggle("has-file", Boolean(file));
    showError(file ? check(file) : "");
  };
  input.addEventListener("change", showFile);

  ["dragenter", "dragover"].forEach((type) => drop.addEventListener(type, (e) => {
    e.preventDefault();
    drop.classList.add("is-over");
  }));
  ["dragleave", "drop"].forEach((type) => drop.addEventListener(type, () => drop.classList.remove("is-over")));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    const files = e.dataTransfer?.files;
    if (!files || !files.length) return;
    const list = new DataTransfer();
    list.items.add(files[0]);
    input.files = list.files;
    showFile();
  });

  const setBusy = (on) => {
    busy = on;
    submit.disabled = on;
    form.querySelectorAll("input, select").forEach((el) => { el.disabled = on; });
    progressBox.hidden = !on;
  };

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (busy) return;
    const file = input.files[0];
    const problem = check(file);
    if (problem) {
      showError(problem);
      input.focus();
      return;
    }
    showError("");
    const data = new FormData(form);
    data.delete("csrf_token");
    setBusy(true);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", sheet.dataset.apiUrl);
    xhr.setRequestHeader("X-CSRF-Token", csrfToken());
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.addEventListener("progress", (ev) => {
      if (!ev.lengthComputable) return;
      const p = Math.round((ev.loaded / ev.total) * 100);
      bar.value = p;
      percent.textContent = msg.msgUploading.replace("%@", String(p));
    });
    xhr.addEventListener("load", () => {
      let body = null;
      try { body = JSON.parse(xhr.responseText); } catch { body = null; }
      if (xhr.status === 202 && body?.note?.id) {
        location.assign(sheet.dataset.progressUrl.replace("{id}", encodeURIComponent(body.note.id)));
        return;
      }
      setBusy(false);
      if (xhr.status === 413) return showError(msg.msgTooLarge);
      if (xhr.status === 415) return showError(msg.msgNotPdf);
      const err = body?.error;
      showError(err?.fields?.file || err?.message || msg.msgFailed);
    });
    xhr.addEventListener("error", () => { setBusy(false); showError(msg.msgFailed); });
    xhr.send(data);
  });
}
