// Onboarding: remembers that the slides were seen, and moves the dots with the slides.

export const ONBOARDED_KEY = "notio.onboarded";

const slides = document.querySelector(".onboarding .slides");
if (slides) {
  try { localStorage.setItem(ONBOARDED_KEY, "1"); } catch { /* private mode: the splash shows onboarding again */ }

  const dots = [...document.querySelectorAll(".onboarding .dot")];
  const items = [...slides.children];
  const mark = (index) => dots.forEach((dot, i) => {
    dot.classList.toggle("is-current", i === index);
    if (i === index) dot.setAttribute("aria-current", "step"); else dot.removeAttribute("aria-current");
  });
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) mark(items.indexOf(entry.target));
    }
  }, { root: slides, threshold: 0.6 });
  items.forEach((item) => observer.observe(item));

  dots.forEach((dot, i) => dot.addEventListener("click", (event) => {
    event.preventDefault();
    slides.scrollTo({ left: items[i].offsetLeft - slides.offsetLeft, behavior: "smooth" });
  }));
  slides.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    event.preventDefault();
    slides.scrollBy({ left: (event.key === "ArrowRight" ? 1 : -1) * slides.clientWidth, behavior: "smooth" });
  });
}
