// The quiz taker: one question per screen with a progress bar, back/next, keys (1–4 choose,
// Enter next, ←/→ back/next), a final check of unanswered questions, and submission through
// POST /api/v1/quizzes/{id}/attempts. Answers wait in sessionStorage until they are submitted,
// so a reload loses nothing. Without this module the page is one plain form.
import { api, ApiError } from "notio/api.js";
import { toast } from "notio/toast.js";

const form = document.getElementById("quiz-form");
if (form) start(form);

function start(form) {
  const quizId = form.dataset.quizId;
  const key = `notio.quiz.${quizId}`;
  const questions = [...form.querySelectorAll(".quiz-question")];
  const final = document.getElementById("quiz-final");
  const total = questions.length;
  const nav = document.getElementById("quiz-nav");
  const back = document.getElementById("quiz-back");
  const next = document.getElementById("quiz-next");
  const progress = document.getElementById("quiz-progress");
  const bar = document.getElementById("quiz-progress-bar");
  const progressText = document.getElementById("quiz-progress-text");
  const submit = document.getElementById("submit-quiz");
  const msg = (name, value) => (form.dataset[name] ?? "").replace("{n}", value);

  let state = { index: 0, answers: {} };
  try { state = { ...state, ...JSON.parse(sessionStorage.getItem(key) ?? "{}") }; } catch { /* a broken entry starts afresh */ }
  const save = () => { try { sessionStorage.setItem(key, JSON.stringify(state)); } catch { /* storage full or off */ } };

  // Put saved answers back into the form.
  for (const q of questions) {
    const saved = state.answers[q.dataset.questionId];
    if (!saved) continue;
    if (q.dataset.kind === "choice") {
      const radio = q.querySelector(`input[type="radio"][value="${Number(saved.choice)}"]`);
      if (radio) radio.checked = true;
    } else {
      const input = q.querySelector('input[type="text"]');
      if (input) input.value = saved.text ?? "";
    }
  }

  form.classList.add("is-stepped");
  nav.hidden = false;
  progress.hidden = false;
  document.getElementById("quiz-keys").hidden = false;

  function record(q) {
    const id = q.dataset.questionId;
    if (q.dataset.kind === "choice") {
      const checked = q.querySelector('input[type="radio"]:checked');
      if (checked) state.answers[id] = { choice: Number(checked.value) }; else delete state.answers[id];
    } else {
      const text = q.querySelector('input[type="text"]').value;
      if (text.trim()) state.answers[id] = { text }; else delete state.answers[id];
    }
    save();
  }

  function unanswered() {
    return questions.filter((q) => !state.answers[q.dataset.questionId]);
  }

  function renderFinal() {
    const list = document.getElementById("unanswered-list");
    const summary = document.getElementById("quiz-final-summary");
    const missing = unanswered();
    list.replaceChildren(...missing.map((q) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button button-secondary button-small";
      button.textContent = msg("msgQuestion", Number(q.dataset.index) + 1);
      button.addEventListener("click", () => show(Number(q.dataset.index)));
      li.append(button);
      return li;
    }));
    summary.textContent = missing.length ? msg("msgUnanswered", missing.length) : msg("msgAllAnswered", "");
  }

  function show(index, focus = true) {
    state.index = Math.max(0, Math.min(total, index));
    save();
    questions.forEach((q, i) => { q.hidden = i !== state.index; });
    final.hidden = state.index !== total;
    const shown = Math.min(state.index + 1, total);
    bar.value = state.index === total ? total : shown;
    progressText.textContent = `${shown} / ${total}`;
    back.disabled = state.index === 0;
    next.hidden = state.index === total;
    if (state.index === total) renderFinal();
    if (!focus) return;
    const current = state.index === total ? final : questions[state.index];
    const text = current.querySelector('input[type="text"]');
    (text ?? current).focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }

  form.addEventListener("change", (e) => {
    const q = e.target.closest(".quiz-question");
    if (q) record(q);
  });
  form.addEventListener("input", (e) => {
    const q = e.target.closest(".quiz-question");
    if (q && e.target.type === "text") record(q);
  });
  back.addEventListener("click", () => show(state.index - 1));
  next.addEventListener("click", () => show(state.index + 1));

  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.isComposing) return;
    const inText = e.target instanceof HTMLInputElement && e.target.type === "text";
    const current = questions[state.index];
    if (e.key === "Enter") {
      if (e.target instanceof HTMLButtonElement || e.target instanceof HTMLAnchorElement) return;
      if (state.index === total) return;
      e.preventDefault();
      show(state.index + 1);
    } else if (!inText && (e.key === "ArrowRight" || e.key === "ArrowLeft")) {
      e.preventDefault();
      show(state.index + (e.key === "ArrowRight" ? 1 : -1));
    } else if (!inText && /^[1-9]$/.test(e.key) && current?.dataset.kind === "choice") {
      const radio = current.querySelectorAll('input[type="radio"]')[Number(e.key) - 1];
      if (!radio) return;
      e.preventDefault();
      radio.checked = true;
      radio.focus({ preventScroll: true });
      record(current);
    }
  });

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (!submit || submit.disabled) return;
    for (const q of questions) record(q);
    const answers = questions.flatMap((q) => {
      const a = state.answers[q.dataset.questionId];
      return a ? [{ questionId: q.dataset.questionId, ...a }] : [];
    });
    const label = submit.textContent;
    submit.disabled = true;
    submit.textContent = form.dataset.msgSubmitting;
    try {
      const result = await api.post(form.dataset.attemptsApiUrl, { answers });
      sessionStorage.removeItem(key);
      location.assign(form.dataset.attemptUrl.replace("{id}", encodeURIComponent(result.attempt.id)));
    } catch (error) {
      if (error instanceof ApiError && error.code === "already_answered") {
        sessionStorage.removeItem(key);
        location.assign(form.dataset.quizUrl);
        return;
      }
      toast(error instanceof ApiError && error.status === 0 ? form.dataset.msgFailed : error.message, "error");
      submit.disabled = false;
      submit.textContent = label;
    }
  });

  show(state.index, false);
}
