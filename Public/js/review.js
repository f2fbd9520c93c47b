// 오늘 복습: the due questions and saved sentences one at a time. Each answer goes to POST /api/v1/review/{id};
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

  // "다음 복습: 3일 뒤": when the item comes back, by the schedule this answer set.
  function backLine(nextDue) {
    const back = document.createElement("p");
    back.className = "review-next-due";
    const days = Math.round((new Date(nextDue) - Date.now()) / 86_400_000);
    back.textContent = days < 1 ? d.msgBackToday : d.msgBackDays.replace("{n}", String(days));
    return back;
  }

  // The 다음 button takes the place of 확인, so the primary action stays where the thumb is.
  function answered(item, button) {
    remaining -= 1;
    if (due) due.textContent = String(remaining);
    const next = document.createElement("button");
    next.type = "button";
    next.className = "button button-primary review-next";
    next.textContent = d.msgNext;
    next.addEventListener("click", () => showNext(item));
    button.replaceWith(next);
    next.focus();
  }

  // A sentence: each blank marked right or wrong with its word, then the whole sentence.
  function showSentence(form, item, r, button) {
    const inputs = form.querySelectorAll('input[name^="blank-"]');
    r.blanks.forEach((b, i) => inputs[i]?.closest(".field")?.classList.add(b.isCorrect ? "is-right" : "is-wrong"));
    const strong = document.createElement("strong");
    const some = r.blanks.some((b) => b.isCorrect);
    strong.textContent = r.isCorrect ? d.msgCorrect : some ? d.msgPartly : d.msgIncorrect;
    const answer = document.createElement("span");
    answer.className = "answer-text";
    answer.textContent = ` ${d.msgMissing}: ${r.blanks.map((b) => b.answer).join(" · ")}`;
    const whole = document.createElement("blockquote");
    whole.className = "quiz-passage review-whole";
    whole.textContent = r.text;
    form.querySelector(".review-result").replaceChildren(strong, answer, whole, backLine(r.nextDue));
    answered(item, button);
  }

  for (const item of items) {
    const form = item.querySelector("form");
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const data = new FormData(form);
      const sentence = item.dataset.itemKind === "sentence";
      const body = sentence
        ? { blanks: [...form.querySelectorAll('input[name^="blank-"]')].map((i) => i.value) }
        : item.dataset.kind === "choice" ? { choice: Number(data.get("choice")) } : { text: String(data.get("text") ?? "") };
      const button = form.querySelector('button[type="submit"]');
      button.disabled = true;
      try {
        const r = await api.post(d.answerApiUrl.replace("{id}", encodeURIComponent(item.dataset.itemId)), body);
        item.dataset.done = "true";
        item.classList.add(r.isCorrect ? "is-correct" : "is-wrong");
        for (const input of form.querySelectorAll("input:not([type=hidden])")) input.disabled = true;
        if (sentence) {
          showSentence(form, item, r, button);
          return;
        }
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
        // Why it was accepted or refused ("띄어쓰기·대소문자를 무시하고 맞았어요"), from the server's table.
        const why = document.createElement("p");
        why.className = "answer-reason muted";
        why.dataset.reason = r.reason ?? "";
        why.textContent = r.reasonMessage ?? "";
        result.replaceChildren(strong, answer, concept, why, backLine(r.nextDue));
        answered(item, button);
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
