// 오늘 복습: the due questions one at a time. Each answer goes to POST /api/v1/review/{questionId};
// the right answer shows at once (in a live region), then 다음 moves on. Without this module each
// question is its own form that posts to /review/{questionId}.
import { api } from "notio/api.js";
import { toast } from "notio/toast.js";
import { t } from "notio/l10n.js";

const root = document.getElementById("review-root");
const items = [...(root?.querySelectorAll(".review-item") ?? [])];
if (root && items.length) start();

function start() {
  const d = root.dataset;
  const due = document.getElementById("review-due");
  let remaining = items.length;
  items.forEach((item, i) => { item.hidden = i !== 0; });
  root.classList.add("is-stepped");

  function showNext(item) {
    item.hidden = true;
    const next = items.find((i) => !i.dataset.done);
    if (next) {
      next.hidden = false;
      next.focus();
      return;
    }
    const done = document.createElement("div");
    done.className = "empty-state";
    done.id = "review-done";
    done.tabIndex = -1;
    done.innerHTML = '<p></p><a class="button button-secondary"></a>';
    done.querySelector("a").href = d.homeUrl;
    done.querySelector("p").textContent = d.msgDone;
    done.querySelector("a").textContent = t("js.home");
    root.append(done);
    done.focus();
  }

  for (const item of items) {
    const form = item.querySelector("form");
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const data = new FormData(form);
      const body = item.dataset.kind === "choice" ? { choice: Number(data.get("choice")) } : { text: String(data.get("text") ?? "") };
      const button = form.querySelector('button[type="submit"]');
      button.disabled = true;
      try {
        const r = await api.post(d.answerApiUrl.replace("{id}", encodeURIComponent(item.dataset.questionId)), body);
        item.dataset.done = "true";
        item.classList.add(r.isCorrect ? "is-correct" : "is-wrong");
        for (const input of form.querySelectorAll("input:not([type=hidden])")) input.disabled = true;
        if (r.correctIndex != null) form.querySelectorAll(".option")[r.correctIndex]?.classList.add("is-right");
        const result = form.querySelector(".review-result");
        const strong = document.createElement("strong");
        strong.textContent = r.isCorrect ? d.msgCorrect : d.msgIncorrect;
        const answer = document.createElement("span");
        answer.textContent = ` ${d.msgRightAnswer}: ${r.correctAnswer} `;
        // The concept is named only now: before answering it would often be the answer itself.
        const concept = document.createElement("span");
        concept.className = "chip chip-keyword review-concept";
        concept.textContent = r.conceptName;
        // When it comes back, by the schedule this answer set.
        const back = document.createElement("p");
        back.className = "review-next-due";
        const days = Math.round((new Date(r.nextDue) - Date.now()) / 86_400_000);
        back.textContent = days < 1 ? d.msgBackToday : d.msgBackDays.replace("{n}", String(days));
        // Why it was accepted or refused ("띄어쓰기·대소문자를 무시하고 맞았어요"), from the server's table.
        const why = document.createElement("p");
        why.className = "answer-reason muted";
        why.dataset.reason = r.reason ?? "";
        why.textContent = r.reasonMessage ?? "";
        result.replaceChildren(strong, answer, concept, why, back);
        remaining -= 1;
        if (due) due.textContent = String(remaining);
        const next = document.createElement("button");
        next.type = "button";
        next.className = "button button-primary review-next";
        next.textContent = d.msgNext;
        next.addEventListener("click", () => showNext(item));
        button.replaceWith(next);
        next.focus();
      } catch (error) {
        toast(error.message || d.msgFailed, "error");
        button.disabled = false;
      }
    });
  }

  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || !/^[1-9]$/.test(e.key)) return;
    if (e.target instanceof HTMLInputElement && e.target.type === "text") return;
    const current = items.find((i) => !i.hidden && !i.dataset.done);
    const radio = current?.querySelectorAll('input[type="radio"]')[Number(e.key) - 1];
    if (radio) { e.preventDefault(); radio.checked = true; radio.focus(); }
  });
}
