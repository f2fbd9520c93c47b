// The year heatmap opens on its latest weeks: on a phone the start of the year is a scroll away.
for (const box of document.querySelectorAll(".heatmap-scroll")) box.scrollLeft = box.scrollWidth;
