// The year heatmap opens on today's week (or the year's end for a past year): on a phone the
// start of the year is a scroll away. Its edges fade where more weeks lie beyond them.
const today = new Date();
const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
for (const box of document.querySelectorAll(".heatmap-scroll")) {
  const cell = box.querySelector(`rect[data-date="${iso}"]`);
  if (!cell) {
    box.scrollLeft = box.scrollWidth;
  } else {
    const left = cell.getBoundingClientRect().left - box.getBoundingClientRect().left + box.scrollLeft;
    box.scrollLeft = Math.max(0, left - box.clientWidth + 48);
  }
  const mark = () => {
    box.toggleAttribute("data-more-before", box.scrollLeft > 1);
    box.toggleAttribute("data-more-after", box.scrollLeft + box.clientWidth < box.scrollWidth - 1);
  };
  box.addEventListener("scroll", mark, { passive: true });
  window.addEventListener("resize", mark, { passive: true });
  mark();
}
