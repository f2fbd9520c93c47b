// The new-quiz form on a note page: − / + around the question count, and a busy label while the
// server makes the questions (the form itself posts without JavaScript).
const form = document.getElementById("new-quiz-form");
if (form) {
  const count = form.querySelector('input[name="count"]');
  const clamp = (n) => Math.max(Number(count.min) || 1, Math.min(Number(count.max) || 30, n));
  for (const button of form.querySelectorAll("[data-step]")) {
    button.hidden = false;
    button.addEventListener("click", () => {
      count.value = String(clamp((Number(count.value) || 0) + Number(button.dataset.step)));
      count.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }
  form.addEventListener("submit", () => {
    count.value = String(clamp(Math.round(Number(count.value) || 10)));
    const start = form.querySelector('button[type="submit"]');
    // Disabled after this turn of the event loop, so the submit itself still goes out.
    setTimeout(() => {
      start.disabled = true;
      start.textContent = form.dataset.busy;
    });
  });
}
