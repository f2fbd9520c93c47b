// "더 보기" under a long list. The link is a plain link to the next page, which works without
// scripts; here it loads that page in the background, appends its rows to the list in place and
// takes over the next page's link, so the reader keeps their place and their scroll.
const busy = new WeakSet();

document.addEventListener("click", async (event) => {
  const link = event.target.closest?.("a[data-list-more]");
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const listId = link.dataset.listMore;
  const list = document.getElementById(listId);
  if (!list) return;
  event.preventDefault();
  if (busy.has(link)) return;
  busy.add(link);
  link.setAttribute("aria-busy", "true");
  const href = link.getAttribute("href");
  try {
    const response = await fetch(href, { credentials: "same-origin", headers: { Accept: "text/html" } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const rows = page.getElementById(listId);
    if (!rows) throw new Error("the next page has no list");
    const first = rows.firstElementChild;
    list.append(...Array.from(rows.children).map((row) => document.adoptNode(row)));
    const next = page.querySelector(`a[data-list-more="${CSS.escape(listId)}"]`);
    if (next) {
      link.setAttribute("href", next.getAttribute("href"));
    } else {
      link.closest(".list-more")?.remove();
    }
    // Keyboard readers land on the first new row, not back at the top.
    first?.querySelector("a, button")?.focus({ preventScroll: true });
  } catch {
    // The plain link still works: follow it.
    window.location.assign(href);
  } finally {
    busy.delete(link);
    link.removeAttribute("aria-busy");
  }
});
