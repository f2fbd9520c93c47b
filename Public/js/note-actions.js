// The summary page's actions: the favourite star without a reload (PATCH /api/v1/notes/{id}),
// and the delete confirmation in a <dialog> (the link opens a confirmation page without JS).
import { api } from "notio/api.js";
import { toast } from "notio/toast.js";

const favForm = document.querySelector(".favorite-form");
favForm?.addEventListener("submit", async (e) => {
  e.preventDefault();
  const button = favForm.querySelector("button");
  const field = favForm.querySelector('input[name="favorite"]');
  const next = field.value === "true";
  button.disabled = true;
  try {
    await api.patch(favForm.dataset.apiUrl, { favorite: next });
    button.setAttribute("aria-pressed", String(next));
    button.title = next ? button.dataset.labelRemove : button.dataset.labelAdd;
    field.value = String(!next);
  } catch (error) {
    toast(error.message, "error");
  } finally {
    button.disabled = false;
  }
});

const dialog = document.getElementById("delete-dialog");
document.querySelector("[data-open-delete]")?.addEventListener("click", (e) => {
  if (!dialog?.showModal) return;
  e.preventDefault();
  dialog.showModal();
  dialog.querySelector("[data-close-delete]")?.focus();
});
dialog?.querySelector("[data-close-delete]")?.addEventListener("click", (e) => { e.preventDefault(); dialog.close(); });
dialog?.addEventListener("click", (e) => { if (e.target === dialog) dialog.close(); });
