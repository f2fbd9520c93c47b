// A <select data-autosubmit> sends its form as soon as it changes; its button is then not needed.
for (const select of document.querySelectorAll("select[data-autosubmit]")) {
  const form = select.form;
  form?.querySelector("[data-autosubmit-button]")?.classList.add("visually-hidden");
  select.addEventListener("change", () => form.requestSubmit());
}
