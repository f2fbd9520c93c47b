// Drop zones (Form.dropzone): the file input covers the zone, so a tap opens the picker and a
// dropped file lands in the input natively; this shows the chosen file's name and the drag state.
for (const zone of document.querySelectorAll("[data-dropzone]")) {
  const input = zone.querySelector('input[type="file"]');
  const name = zone.querySelector(".dropzone-file");
  const show = () => {
    const file = input.files?.[0];
    name.textContent = file ? file.name : "";
    zone.classList.toggle("has-file", Boolean(file));
  };
  input.addEventListener("change", show);
  ["dragenter", "dragover"].forEach((type) => zone.addEventListener(type, () => zone.classList.add("is-over")));
  ["dragleave", "drop"].forEach((type) => zone.addEventListener(type, () => zone.classList.remove("is-over")));
  show();
}
