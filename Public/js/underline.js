// Underline capture: a page photo on a canvas, underlines drawn with a finger, a pen or the mouse,
// and the words above them read by the server (POST /api/v1/ocr/underline) into the sentence
// form. Stroke points are sent in the pixel coordinates of the image that is sent with them.
import { api, ApiError } from "notio/api.js";
import { toast } from "notio/toast.js";

const root = document.getElementById("capture");
const pick = document.getElementById("capture-pick");
const stage = document.getElementById("capture-stage");
const canvas = document.getElementById("capture-canvas");
const status = document.getElementById("capture-status");
const undoButton = document.getElementById("capture-undo");
const clearButton = document.getElementById("capture-clear");
const overlayToggle = document.getElementById("capture-overlay");
const textField = document.getElementById("sentence-text");
const pageField = document.getElementById("sentence-page");
const msg = root?.dataset ?? {};

// Phone photos are 12–50 MP; text stays readable at 3000 px on the long side, and the upload
// and the recognition get several times cheaper.
const MAX_SIDE = 3000;

let image = null;        // the oriented, possibly scaled bitmap shown and sent
let imageBlob = null;    // its JPEG, sent with every request
let strokes = [];        // [[{x, y}, ...], ...] in image pixels
let current = null;      // the stroke being drawn
let selected = [];       // words the server kept, to highlight
let allWords = null;     // every recognised word, for the overlay
let inFlight = null;     // AbortController of the running request
let debounce = 0;
let filledText = "";     // what we last put in the text field, to know if the user typed since

function setStatus(text, kind = "") {
  status.textContent = text;
  status.dataset.kind = kind;
}

async function decode(file) {
  // Browsers apply the EXIF orientation here, as the server does for the image it receives.
  if ("createImageBitmap" in window) {
    try { return await createImageBitmap(file, { imageOrientation: "from-image" }); } catch { /* fall back below */ }
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return img;
  } finally {
    URL.revokeObjectURL(url);
  }
}

async function load(file) {
  if (!file) return;
  if (!file.type.startsWith("image/") && file.type !== "") {
    toast(msg.msgNotImage, "error");
    return;
  }
  if (file.size > Number(msg.maxBytes || Infinity)) {
    toast(msg.msgTooLarge, "error");
    return;
  }
  setStatus(msg.msgLoading);
  let source;
  try {
    source = await decode(file);
  } catch {
    setStatus("");
    toast(msg.msgNotImage, "error");
    return;
  }
  const w = source.width, h = source.height;
  const scale = Math.min(1, MAX_SIDE / Math.max(w, h));
  const out = document.createElement("canvas");
  out.width = Math.round(w * scale);
  out.height = Math.round(h * scale);
  out.getContext("2d").drawImage(source, 0, 0, out.width, out.height);
  imageBlob = await new Promise((resolve) => out.toBlob(resolve, "image/jpeg", 0.92));
  image = out;
  strokes = [];
  selected = [];
  allWords = null;
  overlayToggle.checked = false;
  pick.hidden = true;
  stage.hidden = false;
  setStatus(msg.msgDraw);
  layout();
}

/** Sizes the canvas to its box (and the screen's pixel density) and redraws. */
function layout() {
  if (!image) return;
  const width = canvas.parentElement.clientWidth;
  const maxHeight = Math.max(240, window.innerHeight * 0.7);
  const scale = Math.min(width / image.width, maxHeight / image.height);
  const cssW = Math.round(image.width * scale), cssH = Math.round(image.height * scale);
  const dpr = window.devicePixelRatio || 1;
  canvas.style.width = `${cssW}px`;
  canvas.style.height = `${cssH}px`;
  canvas.width = Math.round(cssW * dpr);
  canvas.height = Math.round(cssH * dpr);
  draw();
}

function draw() {
  const ctx = canvas.getContext("2d");
  const k = canvas.width / image.width;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  ctx.setTransform(k, 0, 0, k, 0, 0);
  if (overlayToggle.checked && allWords) {
    ctx.strokeStyle = "rgba(37, 99, 235, 0.7)";
    ctx.lineWidth = 2 / k;
    for (const w of allWords) ctx.strokeRect(w.box.x, w.box.y, w.box.w, w.box.h);
  }
  ctx.fillStyle = "rgba(250, 204, 21, 0.35)";
  for (const w of selected) ctx.fillRect(w.box.x, w.box.y, w.box.w, w.box.h);
  ctx.strokeStyle = "rgba(220, 38, 38, 0.85)";
  ctx.lineWidth = Math.max(3, image.width / 300);
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  for (const s of current ? [...strokes, current] : strokes) {
    if (s.length < 2) continue;
    ctx.beginPath();
    ctx.moveTo(s[0].x, s[0].y);
    for (const p of s.slice(1)) ctx.lineTo(p.x, p.y);
    ctx.stroke();
  }
  undoButton.disabled = clearButton.disabled = strokes.length === 0;
}

function point(event) {
  const r = canvas.getBoundingClientRect();
  return {
    x: Math.round(((event.clientX - r.left) / r.width) * image.width),
    y: Math.round(((event.clientY - r.top) / r.height) * image.height),
  };
}

canvas?.addEventListener("pointerdown", (event) => {
  if (!image || event.button > 0) return;
  event.preventDefault();
  canvas.setPointerCapture(event.pointerId);
  current = [point(event)];
  draw();
});

canvas?.addEventListener("pointermove", (event) => {
  if (!current) return;
  for (const e of event.getCoalescedEvents?.() ?? [event]) current.push(point(e));
  draw();
});

function endStroke() {
  if (!current) return;
  // A tap is not an underline.
  const xs = current.map((p) => p.x);
  if (current.length > 1 && Math.max(...xs) - Math.min(...xs) > image.width / 100) strokes.push(current);
  current = null;
  draw();
  schedule();
}
canvas?.addEventListener("pointerup", endStroke);
canvas?.addEventListener("pointercancel", endStroke);

function schedule() {
  clearTimeout(debounce);
  inFlight?.abort();
  if (!strokes.length) {
    selected = [];
    if (textField.value === filledText) textField.value = filledText = "";
    setStatus(msg.msgDraw);
    draw();
    return;
  }
  debounce = setTimeout(read, 250);
}

async function read() {
  const controller = new AbortController();
  inFlight = controller;
  const form = new FormData();
  form.append("image", imageBlob, "page.jpg");
  form.append("strokes", JSON.stringify(strokes));
  setStatus(msg.msgReading, "busy");
  root.dataset.state = "reading";
  try {
    const result = await api(root.dataset.underlineApiUrl, { method: "POST", body: form, signal: controller.signal });
    selected = result.words ?? [];
    if (result.text) {
      // Typing in the field since the last fill wins: the new words are added, not replacing it.
      const typed = textField.value !== filledText && textField.value.trim() !== "";
      textField.value = filledText = typed ? `${textField.value} ${result.text}` : result.text;
      textField.dispatchEvent(new Event("input", { bubbles: true }));
      setStatus(msg.msgDone, "done");
      if (!pageField.value) pageField.focus({ preventScroll: true });
    } else {
      setStatus(result.message || msg.msgEmpty, "empty");
    }
  } catch (error) {
    if (error.name === "AbortError") return;
    setStatus(error instanceof ApiError ? error.message : msg.msgError, "error");
  } finally {
    if (inFlight === controller) {
      inFlight = null;
      root.dataset.state = "idle";
    }
    draw();
  }
}

undoButton?.addEventListener("click", () => { strokes.pop(); draw(); schedule(); });
clearButton?.addEventListener("click", () => { strokes = []; draw(); schedule(); });

overlayToggle?.addEventListener("change", async () => {
  if (overlayToggle.checked && !allWords) {
    setStatus(msg.msgReading, "busy");
    try {
      const form = new FormData();
      form.append("image", imageBlob, "page.jpg");
      allWords = (await api(root.dataset.wordsApiUrl, { method: "POST", body: form })).words ?? [];
      setStatus(msg.msgDraw);
    } catch (error) {
      overlayToggle.checked = false;
      setStatus(error.message || msg.msgError, "error");
    }
  }
  draw();
});

document.getElementById("capture-retake")?.addEventListener("click", () => {
  inFlight?.abort();
  image = imageBlob = null;
  strokes = [];
  stage.hidden = true;
  pick.hidden = false;
  setStatus("");
});

for (const id of ["capture-camera", "capture-file"]) {
  document.getElementById(id)?.addEventListener("change", (event) => {
    load(event.target.files?.[0]);
    event.target.value = "";
  });
}

// A photo shared to Notio or dropped on the page works like a picked one.
root?.addEventListener("dragover", (event) => event.preventDefault());
root?.addEventListener("drop", (event) => {
  event.preventDefault();
  load(event.dataTransfer.files?.[0]);
});

window.addEventListener("resize", () => { if (image) layout(); });
