// The bookshelf's recommended books: loaded from the catalog after the page is shown (a slow or
// unreachable catalog never holds the shelf up), each with a button that puts it on the shelf.
import { api } from "notio/api.js";
import { toast } from "notio/toast.js";

const section = document.getElementById("recommended");
const list = document.getElementById("recommended-list");
const template = document.getElementById("recommended-item");

async function load() {
  if (!section) return;
  let data;
  try {
    data = await api.get(section.dataset.src);
  } catch {
    return; // No catalog: the shelf simply has no recommendations.
  }
  const items = (data?.items ?? []).slice(0, 8);
  if (!items.length) return;
  for (const item of items) {
    const row = template.content.firstElementChild.cloneNode(true);
    row.querySelector(".catalog-item-title").textContent = item.title;
    row.querySelector(".catalog-item-author").textContent = item.author ?? "";
    const button = row.querySelector("[data-add]");
    if (section.dataset.guest === "1") button.remove();
    button?.addEventListener("click", async () => {
      button.disabled = true;
      try {
        const { book } = await api.post(section.dataset.booksApiUrl, {
          title: item.title, author: item.author, publisher: item.publisher, isbn13: item.isbn13,
          genre: item.genre, publishedAt: item.publishedAt, coverUrl: item.coverUrl, status: "wishlist",
        });
        location.href = `${section.dataset.bookUrl.replace("{id}", encodeURIComponent(book.id))}?added=1`;
      } catch (error) {
        button.disabled = false;
        toast(error.message, "error");
      }
    });
    list.append(row);
  }
  section.hidden = false;
}

load();
