// The timer bar shown on every page while the dial timer runs: counts down from the server's end
// time and, at the end, tells the reader — a notification through the service worker when
// allowed, else a short sound and a flashing title.

const bar = document.getElementById("timer-bar");
let armed = false;

function fmt(seconds) {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function chime() {
  try {
    const audio = new AudioContext();
    for (const [i, f] of [880, 1175, 1568].entries()) {
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.2, audio.currentTime + i * 0.25);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + i * 0.25 + 0.6);
      osc.connect(gain).connect(audio.destination);
      osc.start(audio.currentTime + i * 0.25);
      osc.stop(audio.currentTime + i * 0.25 + 0.6);
    }
  } catch { /* no audio: the title still flashes */ }
}

function flashTitle(message) {
  const original = document.title;
  let on = false;
  const id = setInterval(() => { document.title = (on = !on) ? `⏰ ${message}` : original; }, 1000);
  const stop = () => { clearInterval(id); document.title = original; };
  window.addEventListener("focus", stop, { once: true });
  setTimeout(stop, 60_000);
}

async function notify(message) {
  const remembered = `notio-timer-notified-${bar?.dataset.endsAt ?? ""}`;
  if (sessionStorage.getItem(remembered)) return;
  sessionStorage.setItem(remembered, "1");
  if ("Notification" in window && Notification.permission === "granted") {
    try {
      const registration = await navigator.serviceWorker?.ready;
      if (registration) {
        await registration.showNotification("Notio", { body: message, tag: "notio-timer", data: { url: bar?.href }, renotify: true });
      } else {
        new Notification("Notio", { body: message, tag: "notio-timer" });
      }
    } catch { /* fall through to the sound */ }
  }
  chime();
  flashTitle(message);
}

/** Arms the end-of-time notice for a running timer (used by this bar and by the dial page). */
export function armFinish(endsAt, message) {
  if (armed || !endsAt) return;
  armed = true;
  const wait = endsAt - Date.now();
  if (wait <= 0) return;
  setTimeout(() => notify(message), wait);
}

if (bar && bar.dataset.state === "running") {
  const endsAt = Number(bar.dataset.endsAt);
  const left = document.getElementById("timer-bar-left");
  const tick = () => {
    const remaining = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
    left.textContent = fmt(remaining);
    if (remaining === 0) {
      bar.dataset.state = "finished";
      clearInterval(id);
    }
  };
  const id = setInterval(tick, 1000);
  tick();
  armFinish(endsAt, bar.dataset.msgFinished);
}

// A finished timer is a moment, not a fixture: once this page has shown it, the timer is put away
// (the session recorded, as × would), so the next page has no bar. × then only hides it here.
if (bar && bar.dataset.state === "finished" && bar.dataset.stopUrl) {
  const csrf = document.querySelector('meta[name="csrf-token"]')?.content ?? "";
  fetch(bar.dataset.stopUrl, { method: "POST", headers: { "X-CSRF-Token": csrf, Accept: "application/json" } })
    .then((answer) => {
      // 409: already put away (another tab saw it first); either way it is gone from the server.
      if (!answer.ok && answer.status !== 409) return;
      bar.querySelector(".timer-bar-dismiss")?.addEventListener("submit", (event) => {
        event.preventDefault();
        bar.remove();
      });
    })
    .catch(() => { /* offline: × still works through its form */ });
}
