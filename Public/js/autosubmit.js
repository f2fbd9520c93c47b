// A <select> or checkbox marked data-autosubmit sends its form as soon as it changes; its button is
// then not needed (it stays for pages read without JavaScript).
for (const select of document.querySelectorAll("[data-autosubmit]")) {
  const form = select.form;
  form?.querySelector("[data-autosubmit-button]")?.classList.add("visually-hidden");
  select.addEventListener("change", () => form.requestSubmit());
}
