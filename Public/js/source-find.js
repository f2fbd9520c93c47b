// Find in the source text: every match of the typed text (case-insensitive, Korean substrings,
// NFC) is wrapped in <mark>; Enter / Shift+Enter or the arrows move between them, n/m shows where.
// The page-jump form scrolls to #p-N without a round trip.
const bar = document.getElementById("find-bar");
const blocks = [...document.querySelectorAll(".source-text")];

if (bar && blocks.length) {
  bar.hidden = false;
  const input = document.getElementById("find-input");
  const count = document.getElementById("find-count");
  const originals = blocks.map((b) => b.textContent.normalize("NFC"));
  let marks = [];
  let current = -1;
  let timer;

  const clear = () => {
    blocks.forEach((b, i) => { if (b.childElementCount) b.textContent = originals[i]; });
    marks = [];
    current = -1;
  };

  const search = () => {
    clear();
    const needle = input.value.normalize("NFC").trim().toLowerCase();
    if (!needle) { count.textContent = "0/0"; return; }
    blocks.forEach((block, i) => {
      const text = originals[i];
      const lower = text.toLowerCase();
      let at = lower.indexOf(needle);
      if (at < 0) return;
      const parts = document.createDocumentFragment();
      let from = 0;
      while (at >= 0) {
        parts.append(text.slice(from, at));
        const mark = document.createElement("mark");
        mark.textContent = text.slice(at, at + needle.length);
        parts.append(mark);
        marks.push(mark);
        from = at + needle.length;
        at = lower.indexOf(needle, from);
      }
      parts.append(text.slice(from));
      block.replaceChildren(parts);
    });
    if (marks.length) go(0); else count.textContent = "0/0";
  };

  const go = (index) => {
    if (!marks.length) return;
    marks[current]?.classList.remove("is-current");
    current = (index + marks.length) % marks.length;
    const mark = marks[current];
    mark.classList.add("is-current");
    mark.scrollIntoView({ block: "center", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    count.textContent = `${current + 1}/${marks.length}`;
  };

  input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(search, 150); });
  input.addEventListener("keydown", (e) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    clearTimeout(timer);
    if (current < 0 || !marks.length) search();
    else go(current + (e.shiftKey ? -1 : 1));
  });
  bar.addEventListener("submit", (e) => e.preventDefault());
  document.getElementById("find-next").addEventListener("click", () => go(current + 1));
  document.getElementById("find-prev").addEventListener("click", () => go(current - 1));
  document.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "f") { e.preventDefault(); input.focus(); input.select(); }
  });
}

const jump = document.getElementById("page-jump");
jump?.addEventListener("submit", (e) => {
  const n = jump.querySelector("input").value;
  const target = document.getElementById(`p-${n}`);
  if (!target) return;
  e.preventDefault();
  history.replaceState(null, "", `#p-${n}`);
  target.scrollIntoView({ block: "start" });
  target.querySelector("h2")?.setAttribute("tabindex", "-1");
  target.querySelector("h2")?.focus({ preventScroll: true });
});
