// The dial timer. Idle: drag the handle round (one turn is an hour, up to data-max minutes; the
// arrow keys step by one minute, Page Up/Down by five). Running: the arc shrinks with the time
// left, computed from the server's end time, so a reload or another device agrees. The buttons
// call the API and the page re-renders from the server's answer.
import { api } from "notio/api.js";
import { toast } from "notio/toast.js";
import { armFinish } from "notio/timer-bar.js";

const root = document.getElementById("timer");
const svg = document.getElementById("dial");
const arc = document.getElementById("dial-arc");
const handle = document.getElementById("dial-handle");
const timeText = document.getElementById("dial-time");
const minutesInput = document.getElementById("timer-minutes");
const C = 120, R = 96;
const max = Number(root?.dataset.max || 480);
let minutes = Number(root?.dataset.minutes || 25);
let dragging = false;
let lastAngle = 0;

function polar(angle) {
  const a = ((angle - 90) * Math.PI) / 180;
  return [C + R * Math.cos(a), C + R * Math.sin(a)];
}

/** An arc from 12 o'clock over `fraction` of the circle (a full circle for 1). */
function arcPath(fraction) {
  if (fraction <= 0) return "";
  if (fraction >= 0.9999) return `M ${C} ${C - R} A ${R} ${R} 0 1 1 ${C - 0.01} ${C - R}`;
  const [x, y] = polar(fraction * 360);
  return `M ${C} ${C - R} A ${R} ${R} 0 ${fraction > 0.5 ? 1 : 0} 1 ${x} ${y}`;
}

function fmt(seconds) {
  const m = Math.floor(seconds / 60), s = seconds % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}

function drawSet() {
  // Over an hour the arc shows the part beyond whole hours, and the text says the whole time.
  const fraction = minutes % 60 === 0 ? 1 : (minutes % 60) / 60;
  arc.setAttribute("d", arcPath(fraction));
  const [x, y] = polar(fraction * 360);
  handle.setAttribute("cx", x);
  handle.setAttribute("cy", y);
  timeText.textContent = `${minutes}:00`;
  svg.setAttribute("aria-valuenow", String(minutes));
  svg.setAttribute("aria-valuetext", root.dataset.msgMinutes.replace("%@", String(minutes)));
  if (minutesInput) minutesInput.value = String(minutes);
}

function drawRunning(remaining) {
  const total = Number(root.dataset.duration) || 1;
  const fraction = remaining / total;
  arc.setAttribute("d", arcPath(fraction));
  const [x, y] = polar(fraction * 360);
  handle.setAttribute("cx", x);
  handle.setAttribute("cy", y);
  timeText.textContent = fmt(remaining);
}

function ticks() {
  const g = document.getElementById("dial-ticks");
  for (let i = 0; i < 60; i += 5) {
    const a = ((i * 6 - 90) * Math.PI) / 180;
    const inner = i % 15 === 0 ? 80 : 85;
    const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
    line.setAttribute("x1", C + inner * Math.cos(a));
    line.setAttribute("y1", C + inner * Math.sin(a));
    line.setAttribute("x2", C + 89 * Math.cos(a));
    line.setAttribute("y2", C + 89 * Math.sin(a));
    g.append(line);
  }
}

function angleOf(event) {
  const r = svg.getBoundingClientRect();
  const x = event.clientX - (r.left + r.width / 2), y = event.clientY - (r.top + r.height / 2);
  return ((Math.atan2(y, x) * 180) / Math.PI + 90 + 360) % 360;
}

let hours = 0;

/** Minutes from the handle's angle: a minute per 6°, an hour more each time 12 o'clock is crossed clockwise. */
function setFromAngle(angle) {
  // A point that rounds to 12 o'clock itself has not come round yet.
  const atTop = (a) => Math.round(a / 6) % 60 === 0;
  if (lastAngle > 270 && angle < 90 && !atTop(lastAngle)) hours += 1;
  if (lastAngle < 90 && angle > 270 && !atTop(angle)) hours = Math.max(0, hours - 1);
  lastAngle = angle;
  const step = Math.round(angle / 6) % 60;
  minutes = Math.min(max, Math.max(1, hours * 60 + step));
  hours = Math.min(hours, Math.floor(max / 60));
  drawSet();
}

/** A press anywhere on the dial sets the minutes within the current hour; only moving across 12 o'clock changes the hour. */
function beginDrag(angle) {
  hours = Math.floor(minutes / 60);
  lastAngle = angle;
}

function editable() {
  return root.dataset.state === "idle" || root.dataset.state === "finished";
}

if (root && svg) {
  ticks();
  if (editable()) {
    drawSet();
    svg.addEventListener("pointerdown", (event) => {
      dragging = true;
      svg.setPointerCapture(event.pointerId);
      const angle = angleOf(event);
      beginDrag(angle);
      setFromAngle(angle);
      event.preventDefault();
    });
    svg.addEventListener("pointermove", (event) => { if (dragging) setFromAngle(angleOf(event)); });
    svg.addEventListener("pointerup", () => { dragging = false; });
    svg.addEventListener("pointercancel", () => { dragging = false; });
    svg.addEventListener("keydown", (event) => {
      const delta = { ArrowUp: 1, ArrowRight: 1, ArrowDown: -1, ArrowLeft: -1, PageUp: 5, PageDown: -5 }[event.key];
      if (delta === undefined) return;
      event.preventDefault();
      minutes = Math.min(max, Math.max(1, minutes + delta));
      drawSet();
    });
    minutesInput?.addEventListener("input", () => {
      const v = Number(minutesInput.value);
      if (v >= 1 && v <= max) { minutes = v; drawSet(); }
    });
  } else if (root.dataset.state === "running") {
    const endsAt = Number(root.dataset.endsAt);
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      drawRunning(remaining);
      if (remaining === 0) {
        clearInterval(timer);
        location.reload();
      }
    };
    const timer = setInterval(tick, 250);
    tick();
    armFinish(endsAt, root.dataset.msgFinished);
  } else {
    drawRunning(Number(root.dataset.remaining));
  }
}

// The forms go through the API so a failure shows a message instead of an error page.
for (const form of document.querySelectorAll("form.timer-start, form.timer-action")) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const action = data.get("action");
    const body = action === "start" ? { bookId: data.get("bookId"), minutes: Number(data.get("minutes")) } : undefined;
    if (action === "start" && "Notification" in window && Notification.permission === "default") {
      // Asked on a click, as browsers require; refusing is fine (a sound and the title remain).
      Notification.requestPermission().catch(() => {});
    }
    try {
      await api.post(`${root.dataset.apiUrl}/${action}`, body);
      location.reload();
    } catch (error) {
      toast(error.message, "error");
    }
  });
}
