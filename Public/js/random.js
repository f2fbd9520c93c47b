// "다른 문장": another random sentence of the same feeling, fetched from the API and put in place
// of the shown one, without reloading the page (the link still works without JavaScript).
import { api } from "notio/api.js";

const again = document.getElementById("random-again");
const card = document.getElementById("random-result");

if (again && card) {
  again.addEventListener("click", async (event) => {
    event.preventDefault();
    let s;
    try {
      s = await api.get(again.dataset.apiUrl);
    } catch {
      location.assign(again.href);
      return;
    }
    card.dataset.sentenceId = s.id;
    card.querySelector("blockquote").textContent = s.text;
    const meta = card.querySelector(".quote-meta");
    const link = document.createElement("a");
    link.href = again.dataset.bookUrl.replace("{id}", encodeURIComponent(s.bookId));
    link.textContent = s.bookTitle;
    const parts = [];
    if (s.emotionEmoji) {
      const emoji = document.createElement("span");
      emoji.setAttribute("aria-hidden", "true");
      emoji.textContent = `${s.emotionEmoji} `;
      parts.push(emoji);
    }
    let tail = ` · ${s.bookAuthor}`;
    if (s.page) tail += ` · ${again.dataset.pageFormat.replace("%@", s.page)}`;
    meta.replaceChildren(...parts, link, tail);
  });
}
