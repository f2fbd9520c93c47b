// The progress page: follows the job through Server-Sent Events (polling GET /api/v1/jobs/{id}
// every second when EventSource fails), moves the stepper and the bar, cancels through the API,
// and opens the note when the job is done. Closing the page does not stop the job.
import { api } from "notio/api.js";

const box = document.getElementById("job-progress");

if (box) {
  const stages = ["upload", "extract", "ocr", "analyse", "save"];
  const bar = document.getElementById("job-bar");
  const percent = document.getElementById("job-percent");
  const message = document.getElementById("job-message");
  const cancelForm = document.getElementById("cancel-form");
  const cancelButton = document.getElementById("job-cancel");
  const openLink = document.getElementById("job-open");
  const backLink = document.getElementById("job-back");
  const msg = box.dataset;
  let finished = false;
  let source = null;
  let pollTimer = null;

  // The title is found in the PDF once its text is out: show it as soon as the job is past
  // the extraction, the same title the note will have.
  const heading = document.getElementById("job-note-title");
  let titleShown = false;
  const showTitle = async () => {
    titleShown = true;
    try {
      const note = await api.get(box.dataset.noteApiUrl);
      const title = note.title;
      if (heading && title) heading.textContent = title;
    } catch { titleShown = false; }
  };

  const render = (job) => {
    if (finished) return;
    if (!titleShown && (job.stage === "analyse" || job.stage === "save")) showTitle();
    const state = job.state;
    box.dataset.state = state;
    box.dataset.stage = job.stage;
    const index = state === "done" ? stages.length
      : (job.stage === "queued" || job.stage === "upload") ? 1
      : Math.max(1, stages.indexOf(job.stage));
    const ended = state === "done" || state === "failed" || state === "cancelled";
    box.querySelectorAll(".step").forEach((step, i) => {
      step.classList.toggle("is-done", i < index);
      const current = i === index && !ended;
      step.classList.toggle("is-current", current);
      if (current) step.setAttribute("aria-current", "step"); else step.removeAttribute("aria-current");
      const detail = step.querySelector(".step-detail");
      const name = step.dataset.stage;
      if (name === job.stage && job.page && job.pages) detail.textContent = `${job.page}/${job.pages}`;
      else if (name !== job.stage && name !== "ocr") detail.textContent = "";
    });
    const p = Math.round((job.progress || 0) * 100);
    bar.value = p;
    percent.textContent = `${p}%`;
    message.className = `job-message job-${state}`;
    if (state === "queued") message.textContent = msg.msgQueued;
    else if (state === "running") {
      if (cancelButton?.disabled) return;
      message.textContent = msg.msgRunning;
    } else if (state === "done") message.textContent = msg.msgDone;
    else if (state === "failed") message.textContent = job.error || msg.msgFailed;
    else if (state === "cancelled") message.textContent = msg.msgCancelled;
    if (ended) finish(state);
  };

  const finish = (state) => {
    finished = true;
    source?.close();
    clearTimeout(pollTimer);
    if (cancelForm) cancelForm.hidden = true;
    openLink.hidden = state !== "done";
    backLink.hidden = state === "done";
    if (state === "done") setTimeout(() => location.assign(box.dataset.noteUrl), 600);
    else backLink.focus();
  };

  const poll = async () => {
    if (finished) return;
    try {
      render(await api.get(box.dataset.jobUrl));
    } catch (error) {
      if (error.status === 404) return render({ state: "cancelled", stage: box.dataset.stage, progress: 0 });
    }
    if (!finished) pollTimer = setTimeout(poll, 1000);
  };

  if ("EventSource" in window) {
    source = new EventSource(box.dataset.jobEventsUrl);
    source.addEventListener("job", (e) => {
      try { render(JSON.parse(e.data)); } catch { /* a malformed event is skipped */ }
    });
    source.addEventListener("error", () => {
      if (finished) return;
      source.close();
      source = null;
      poll();
    });
  } else {
    poll();
  }

  cancelForm?.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (finished) return;
    cancelButton.disabled = true;
    message.textContent = msg.msgCancelling;
    try {
      render(await api.post(box.dataset.jobCancelUrl));
    } catch (error) {
      cancelButton.disabled = false;
      message.textContent = error.message;
    }
  });
}
