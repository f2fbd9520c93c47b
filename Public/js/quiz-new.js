// The new-quiz form on a note page: − / + around the question count, the number of new questions
// the chosen level supports (the server counts them; this only shows the chosen level's), and a
// busy label while the server makes the questions (the form itself posts without JavaScript).
const form = document.getElementById("new-quiz-form");
if (form) {
  const count = form.querySelector('input[name="count"]');
  const supply = document.getElementById("quiz-supply");
  const clamp = (n) => Math.max(Number(count.min) || 1, Math.min(Number(count.max) || 30, n));
  for (const button of form.querySelectorAll("[data-step]")) {
    button.hidden = false;
    button.addEventListener("click", () => {
      count.value = String(clamp((Number(count.value) || 0) + Number(button.dataset.step)));
      count.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }
  // The chosen level's supply: said, and the most the stepper offers.
  const showSupply = () => {
    if (!supply) return;
    const level = form.querySelector('input[name="difficulty"]:checked')?.value;
    const key = level ? "supply" + level[0].toUpperCase() + level.slice(1) : null;
    if (!key || supply.dataset[key] === undefined) return;
    const n = Number(supply.dataset[key]);
    supply.textContent = n === 0 ? supply.dataset.msgNone : supply.dataset.msgSome.replace("%@", String(n));
    supply.dataset.level = level;
    count.max = String(Math.max(1, Math.min(30, n)));
    if (n > 0 && Number(count.value) > n) count.value = String(n);
  };
  for (const radio of form.querySelectorAll('input[name="difficulty"]')) radio.addEventListener("change", showSupply);
  showSupply();
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
