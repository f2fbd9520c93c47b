// Forms with data-confirm ask before they are sent (deleting a sentence). Without JavaScript
// they are sent directly; the actions they take are small and owned by the user.
for (const form of document.querySelectorAll("form[data-confirm]")) {
  form.addEventListener("submit", (event) => {
    if (!window.confirm(form.dataset.confirm)) event.preventDefault();
  });
}
