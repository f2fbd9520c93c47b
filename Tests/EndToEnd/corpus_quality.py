"""The automatic checks of issue 13's judged corpus, shared by `scripts/bench-quality.py` (make bench)
and `test_corpus_quality.py` (make test): a JSON API client (sign-up, upload, quizzes, answers),
the help page's own text read from its HTML, and the checks on what the app made of it.

Every check judges the app's output against the source HTML and a Korean morphological analyser
(Kiwi, `kiwipiepy` from PyPI), never against the app's own rules:
- heading match: the labelled headings (Tests/Fixtures/corpus/<doc>.json, read by hand from the
  HTML) found among the note's concept names, with a lenient comparison (spaces, punctuation and
  numbering ignored; one containing most of the other, or close character bigrams);
- glued pairs: a token of the app's text that is two consecutive words of the HTML written together
  ("데이터를변환하는"), per 1,000 Hangul characters of that text;
- junk terms (keywords, related terms, short answers and term options): Kiwi's tags say the term
  ends in a particle (큐에, 모델로), carries an ending or is inflected (있나요, 얻기, 추가적인),
  is a function word alone (너무, 것, 그외), or the word is not in the document at all (a page
  header or footer: "file", "work");
- leaks: the question as shown before answering (prompt, passage, labels) contains the answer or an
  alternative of it (the parts of "A(B)", pairs the document writes as "A(B)"), or masking differs
  between the right option and the others;
- repeats: the same prompt twice in one quiz, or again in a later quiz on the same note.
"""
import json
import re
from html.parser import HTMLParser
from pathlib import Path

from api_client import ApiClient

ROOT = Path(__file__).resolve().parent.parent.parent
LABELS = ROOT / "Tests" / "Fixtures" / "corpus"
CORPUS = ROOT / ".cache" / "corpus"
HELP = ROOT / ".cache" / "debs" / "tree" / "usr" / "share" / "libreoffice" / "help"
LEVELS = (("easy", "하"), ("medium", "중"), ("hard", "상"))
HANGUL = re.compile(r"[가-힣]")
# A number with its unit: "32비트", "4 bytes", "15%".
NUMBER = re.compile(r"^[-+]?\d[\d.,]*\s*[^\s\d]{0,5}$")
MASK = re.compile(r"○+|_{2,}|□+")
# Options of "옳은 설명은?" hide the concept as ○○ or as 이것; a right option alone unmasked is a leak.
OPTION_MASK = re.compile(r"○+|_{2,}|□+|이것")


# ---------------------------------------------------------------- the corpus and its labels

def documents():
    """Every labelled document: {name, file, title, alsoTitles, headings, keyTerms, helpPage, scanOf?}.
    A scanned copy takes the labels of the document it copies."""
    docs = []
    for path in sorted(LABELS.glob("*.json")):
        if path.name.startswith("judged"):
            continue
        label = json.loads(path.read_text(encoding="utf-8"))
        if "scanOf" in label:
            source = json.loads((LABELS / f"{label['scanOf']}.json").read_text(encoding="utf-8"))
            label = {**source, **label, "helpPage": source["helpPage"]}
        label["name"] = path.stem
        docs.append(label)
    return docs


class _VisibleText(HTMLParser):
    """The text a reader sees of a help page: its article, without what the help's CSS or the
    `hidden` attribute hides (other systems' menu paths, the debug box)."""
    VOID = {"br", "img", "meta", "link", "input", "hr", "wbr", "source", "col", "area", "base"}
    BLOCK = {"p", "li", "tr", "pre", "div", "h1", "h2", "h3", "h4", "h5", "h6", "td", "th", "table", "ol", "ul"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.hidden, self.parts = [], 0, []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        attrs = dict(attrs)
        hidden = "hidden" in attrs or "debug" in (attrs.get("class") or "").split()
        self.stack.append((tag, hidden))
        self.hidden += hidden
        if tag in self.BLOCK:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        while self.stack:
            name, hidden = self.stack.pop()
            self.hidden -= hidden
            if name == tag:
                break
        if tag in self.BLOCK:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def source_text(doc) -> str:
    """The visible text of the document's help page as scripts/make-corpus.py printed it (made from
    the page here: where the PDFs come from the machine's cache, no printable copy was written)."""
    page = HELP / "ko" / "text" / doc["helpPage"]
    raw = _make_corpus().printable_html(page.read_text(encoding="utf-8"))
    start = raw.find('<div id="DisplayArea"')
    parser = _VisibleText()
    parser.feed(raw[start if start >= 0 else 0:])
    text = "".join(parser.parts)
    return re.sub(r"[ \t\u00a0]+", " ", text)


# ---------------------------------------------------------------- comparisons

def _make_corpus():
    """scripts/make-corpus.py as a module: its printable form of a help page is the one rule."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("make_corpus", ROOT / "scripts" / "make-corpus.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def norm(text: str) -> str:
    """Lower case, letters and digits only: spaces, punctuation and symbols do not count."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def strip_numbering(text: str) -> str:
    return re.sub(r"^\s*(?:제?\s*\d+(?:[.\-]\d+)*\s*[.)장절]?|[IVX]+\.|[가-하]\.|\(\d+\))\s*", "", text)


def _bigrams(s):
    return {s[i:i + 2] for i in range(len(s) - 1)} or {s}


def similar(a: str, b: str) -> bool:
    """The lenient comparison of a labelled heading and a concept name."""
    a, b = norm(strip_numbering(a)), norm(strip_numbering(b))
    if not a or not b:
        return False
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    if short in long and len(short) >= 0.6 * len(long):
        return True
    x, y = _bigrams(a), _bigrams(b)
    return 2 * len(x & y) / (len(x) + len(y)) >= 0.75


def dice(a: str, b: str) -> float:
    x, y = _bigrams(norm(a) or a), _bigrams(norm(b) or b)
    return 2 * len(x & y) / (len(x) + len(y))


def difficulty(questions):
    """A difficulty proxy for a level: the share of short answers (recall, not recognition) and how
    close the distractors are to the key (mean over choice questions of the closest distractor's
    character-bigram similarity, same script counting as half a point more)."""
    if not questions:
        return 0.0, 0.0
    short = sum(1 for q in questions if q["kind"] == "short") / len(questions)
    scores = []
    for q in questions:
        if q["kind"] != "choice" or not q.get("answer"):
            continue
        others = [o for o in q.get("options") or [] if norm(o) != norm(q["answer"])]
        if others:
            scores.append(max(dice(q["answer"], o) + 0.5 * (script_class(o) == script_class(q["answer"])) for o in others) / 1.5)
    return short, (sum(scores) / len(scores) if scores else 0.0)


def heading_match(labelled, names):
    """(precision, recall, missed headings, names matching no heading). The first labelled heading
    is the document's title: a concept named after it is right, but its absence is not missed."""
    sections = labelled[1:]
    found = [h for h in sections if any(similar(h, n) for n in names)]
    stray = [n for n in names if not any(similar(h, n) for h in labelled)]
    precision = (len(names) - len(stray)) / len(names) if names else 0.0
    recall = len(found) / len(sections) if sections else 1.0
    return precision, recall, [h for h in sections if h not in found], stray


# ---------------------------------------------------------------- glued words

WORD_EDGE = re.compile(r"^[^\w가-힣]+|[^\w가-힣]+$")


def _tokens(text):
    for raw in text.split():
        for piece in re.split(r"[^\w가-힣]+", raw):
            if piece:
                yield piece


class GlueFinder:
    """Pairs of the source's consecutive words that the app wrote as one token."""

    def __init__(self, source: str):
        words = [w for w in (WORD_EDGE.sub("", t) for t in source.split()) if w]
        self.vocabulary = set(words)
        self.pairs = {(a, b) for a, b in zip(words, words[1:])}

    def find(self, text: str):
        glued = []
        for token in _tokens(text):
            if token in self.vocabulary or not HANGUL.search(token):
                continue
            for k in range(1, len(token)):
                if HANGUL.match(token[k - 1]) and HANGUL.match(token[k]) and (token[:k], token[k:]) in self.pairs:
                    glued.append(f"{token[:k]}+{token[k:]}")
                    break
        return glued


def hangul_count(text: str) -> int:
    return len(HANGUL.findall(text))


# ---------------------------------------------------------------- junk terms (Kiwi)

# Nouns so general that no teacher would ask for them or offer them as an option.
GENERIC = {"것", "수", "등", "때", "경우", "다음", "이것", "그것", "사용", "방법", "내용", "부분", "이상", "이하", "번째",
           "일반", "일부", "자체", "해당", "관련", "정도", "위", "아래", "앞", "뒤", "중", "간", "예", "하나", "모든",
           "각", "외", "그외", "기타", "여러", "다른", "같은", "통해", "위해", "대한", "대해", "의미", "설명"}
CONTENT = {"NNG", "NNP", "NR", "SL", "SN", "SH", "XSN", "XPN", "XR", "SW", "SO", "SP", "SS", "SSO", "SSC", "W_URL", "W_EMAIL",
           "W_SERIAL", "W_HASHTAG", "W_MENTION", "Z_CODA", "Z_SIOT"}


class TermJudge:
    def __init__(self):
        from kiwipiepy import Kiwi  # scripts/deps.sh installs kiwipiepy and kiwipiepy_model
        self.kiwi = Kiwi()
        self._cache = {}

    def tags(self, term, source=""):
        """Kiwi's morphemes of `term` as the document uses it: the first line of the source where the
        term stands as a whole word (else where it starts a word) is analysed and the morphemes inside
        the term's span are kept; alone, a short word is often misread (음수 as 음/IC 수/NNB)."""
        key = (term, len(source))
        if key not in self._cache:
            self._cache[key] = self._in_context(term, source) or [(t.form, t.tag.split("-")[0]) for t in self.kiwi.tokenize(term)]
        return self._cache[key]

    def _in_context(self, term, source):
        edge = r"(?:(?<=^)|(?<=[\s(\[\"'‘“·,:;/]))"
        for pattern in (edge + re.escape(term) + r"(?=$|[\s).,\]\"'’”·:;!?/])", edge + re.escape(term)):
            for match in re.finditer(pattern, source, flags=re.M):
                start = source.rfind("\n", 0, match.start()) + 1
                end = source.find("\n", match.end())
                line = source[start:end if end >= 0 else len(source)]
                offset = match.start() - start
                tokens = [(t.form, t.tag.split("-")[0]) for t in self.kiwi.tokenize(line)
                          if offset <= t.start < offset + len(term)]
                if tokens:
                    return tokens
        return None

    def junk(self, term: str, source: str):
        """Why `term` is not a term a teacher would write (None when it is one)."""
        term = term.strip()
        if not norm(term):
            return "empty"
        if NUMBER.match(term):
            return None  # a number with its unit: a distractor may be a number the text does not write
        if not HANGUL.search(term):
            pattern = r"(?<![A-Za-z0-9_])" + re.escape(term) + r"(?![A-Za-z0-9_])"
            if not re.search(pattern, source) and norm(term) not in norm(source):
                return "not in the document (page header/footer or a fragment)"
            return None
        if term in GENERIC or norm(term) in GENERIC:
            return "generic word"
        tags = self.tags(term, source)
        if not tags:
            return "empty"
        first, last = tags[0][1], tags[-1][1]
        if first.startswith(("J", "E")) or first in ("XSV", "XSA", "VCP"):
            return f"fragment starting with {tags[0][0]}/{first}"
        if last.startswith("J"):
            return f"particle left on: {tags[-1][0]}/{last}"
        words = term.split()
        for i, (form, tag) in enumerate(tags):
            # An adnominal ending inside a longer noun phrase ("연결에 대한 응답") is fine, and so is a
            # menu or dialog name ending in -기 after a noun ("파일 열기"); at the end, or any other
            # ending (있나요, 얻기, 고려됨), the term is an inflected fragment.
            if tag == "ETM" and i + 1 < len(tags) and tags[i + 1][1] in CONTENT | {"NNB"}:
                continue
            if tag == "ETN" and form == "기" and i == len(tags) - 1 and len(words) >= 2 and tags[0][1] in CONTENT:
                continue
            if tag.startswith("E"):
                return f"ending or inflected: {form}/{tag}"
        # A verb or adjective stem cannot end a Korean word without an ending: a bare one at the end
        # (맵 in 이미지 맵) is Kiwi misreading a noun, not an inflected fragment.
        if last in ("VX", "VCP", "VCN") or (last in ("VV", "VA", "XSV", "XSA") and not words[-1].endswith(tags[-1][0])):
            return f"verb/adjective stem: {tags[-1][0]}/{last}"
        if all(tag in ("MAG", "MAJ", "MM", "IC", "NP", "NNB") for _, tag in tags):
            return "function word: " + " ".join(f"{f}/{t}" for f, t in tags)
        if last == "XSN" and tags[-1][0] == "적":
            return "-적 root (adjectival, not a term)"
        if not any(tag in CONTENT for _, tag in tags):
            return "no content word: " + " ".join(f"{f}/{t}" for f, t in tags)
        if norm(term) not in norm(source):
            return "not in the document"
        return None


def combination_of_statements(option: str, prompt: str) -> bool:
    """An option of a ㄱ/ㄴ/ㄷ question ("ㄱ, ㄷ"): it names statements listed in the prompt
    ("ㄱ. …"), which the passage checks judge; it is no term."""
    letters = [part.strip() for part in option.split(",")]
    return all(re.fullmatch(r"[ㄱ-ㅎ]", letter) and re.search(r"(?:^|\s)" + letter + r"\.\s", prompt)
               for letter in letters)


def sentence_like(option: str) -> bool:
    """An option that is a statement ("옳은 설명은?") rather than a term: judged by the leak and mask
    checks, not as a term."""
    words = option.split()
    return len(words) >= 5 or bool(re.search(r"(다|요)[.!]$", option.strip()) and len(words) >= 2) \
        or bool(re.search(r"(다|요|음|함)[.!]?$", option.strip()) and len(words) >= 3)


# ---------------------------------------------------------------- the API

class Client(ApiClient):
    """The API calls of the quality checks: a note with its source text, a quiz with what its cards show."""

    def note(self, note_id):
        status, note = self.call("GET", f"/api/v1/notes/{note_id}")
        assert status == 200, (status, note)
        _, source = self.call("GET", f"/api/v1/notes/{note_id}/source")
        note["sourceText"] = "\n".join(p.get("text", "") for p in (source or {}).get("pages", []))
        return note

    def quiz(self, note_id, difficulty, count):
        """The quiz as made, each question with what its card shows before answering (`card`) and,
        after answering every question with the first option or nothing, its right answer."""
        status, answer = self.call("POST", f"/api/v1/notes/{note_id}/quizzes", {"difficulty": difficulty, "count": count})
        if status != 201:
            return {"error": answer, "questions": []}
        quiz = answer["quiz"]
        _, page = self.call("GET", f"/quizzes/{quiz['id']}")
        cards = question_cards(page if isinstance(page, str) else "")
        answers = [{"questionId": q["id"], **({"choice": 0} if q["kind"] == "choice" else {"text": "-"})} for q in quiz["questions"]]
        status, attempt = self.call("POST", f"/api/v1/quizzes/{quiz['id']}/attempts", {"answers": answers})
        assert status == 201, (status, attempt)
        graded = {a["questionId"]: a for a in attempt["attempt"]["answers"]}
        for q in quiz["questions"]:
            q["card"] = cards.get(q["id"], "")
            g = graded.get(q["id"], {})
            q["answer"] = g.get("correctAnswer", "")
            q["answerIndex"] = g.get("correctIndex")
            q["conceptName"] = g.get("conceptName")
            q["explanation"] = g.get("explanation")
        quiz["requested"] = count
        return quiz


class _Cards(HTMLParser):
    """Each question card's text on the quiz page, options left out: what the reader sees around the
    options before answering (number, page, labels, prompt, passage)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.cards, self.current, self.depth, self.skip = {}, None, 0, 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "section" and "data-question-id" in attrs:
            self.current, self.depth = attrs["data-question-id"], 0
            self.cards[self.current] = []
        if self.current is None or tag in _VisibleText.VOID:
            return
        self.depth += 1
        classes = (attrs.get("class") or "").split()
        if self.skip or "options" in classes or "option" in classes or tag in ("script", "template") or "hidden" in attrs:
            self.skip += 1

    def handle_endtag(self, tag):
        if self.current is None or tag in _VisibleText.VOID:
            return
        if self.skip:
            self.skip -= 1
        self.depth -= 1
        if self.depth <= 0 and tag == "section":
            self.current = None

    def handle_data(self, data):
        if self.current is not None and not self.skip:
            self.cards[self.current].append(data)


def question_cards(page: str):
    parser = _Cards()
    parser.feed(page)
    return {k: re.sub(r"\s+", " ", "".join(v)).strip() for k, v in parser.cards.items()}


# ---------------------------------------------------------------- per question

def aliases(source: str):
    """Pairs the document itself writes as "A(B)": each is an alternative of the other."""
    pairs = {}
    for a, b in re.findall(r"([0-9A-Za-z가-힣][0-9A-Za-z가-힣 .\-]{0,40}?)\s*\(([^()]{2,60})\)", source):
        a = a.split()[-1] if len(a.split()) > 3 else a
        for x, y in ((a, b), (b, a)):
            pairs.setdefault(norm(x), set()).add(y)
    return pairs


def answer_forms(answer: str, alias_map):
    forms = {answer}
    match = re.match(r"^(.*?)\s*\((.*)\)\s*$", answer)
    if match:
        forms |= {match.group(1), match.group(2)}
    for form in list(forms):
        forms |= alias_map.get(norm(form), set())
    return {f for f in forms if len(norm(f)) >= 2}


def script_class(text: str) -> str:
    letters = [ch for ch in text if ch.isalpha()]
    if not letters:
        return "number" if any(ch.isdigit() for ch in text) else "other"
    hangul = sum(1 for ch in letters if HANGUL.match(ch))
    return "hangul" if hangul == len(letters) else "latin" if hangul == 0 else "mixed"


def passage_of(q) -> str:
    """The quoted passage of a prompt (after its instruction line), blanks and masks filled with the answer."""
    parts = q["prompt"].split("\n\n", 1)
    passage = parts[1] if len(parts) > 1 else ""
    return MASK.sub(lambda _: q.get("answer") or "", passage)


# A particle written both ways after a mask or blank ("○○은(는)", "____(으)로"), as exam papers do
# so that no option is ruled out by it: the document has one of the two.
PARTICLE_PAIRS = [("은(는)", "은", "는"), ("이(가)", "이", "가"), ("을(를)", "을", "를"), ("과(와)", "과", "와"), ("(으)로", "으로", "로")]


def particle_variants(text: str) -> set:
    """The text with every two-way particle as its consonant form, and as its vowel form."""
    consonant, vowel = text, text
    for both, c, v in PARTICLE_PAIRS:
        consonant, vowel = consonant.replace(both, c), vowel.replace(both, v)
    return {consonant, vowel}


class Labels:
    """What the hand labels of a document say about a question: is its concept a labelled heading or
    key term, is its passage one block of the document (not a heading glued to a sentence, table
    cells or list rows run together, or misread)."""

    def __init__(self, doc, source):
        self.known = list(doc["headings"]) + list(doc["keyTerms"]) + list(doc.get("alsoTitles", []))
        self.title = doc["title"]
        self.terms = {norm(t) for t in doc["keyTerms"]}
        self.blocks = [norm(line) for line in source.split("\n") if norm(line)]

    def concept_known(self, name: str) -> bool:
        return any(similar(name, k) for k in self.known)

    def passage_in_document(self, passage: str) -> bool:
        variants = [norm(v) for v in particle_variants(passage)]
        return not any(variants) or any(p in block for p in variants for block in self.blocks)


def check_question(q, judge: TermJudge, source: str, alias_map, glue: GlueFinder, labels: "Labels | None" = None):
    """The problems of one question: [(kind, detail)], kind in leak/junk_option/junk_answer/glued and,
    with the document's labels, concept (the concept asked for or named is no heading or key term),
    passage (not one block of the document), options (distractors of another script than the answer)."""
    problems = []
    shown = q.get("card") or q["prompt"]
    shown_norm = norm(MASK.sub(" ", shown))
    answer = q.get("answer") or ""
    for form in answer_forms(answer, alias_map):
        if norm(form) in shown_norm:
            problems.append(("leak", f"the answer “{form}” is on the card"))
            break
    label = q.get("label") or q.get("concept")
    if label and answer and norm(answer) and norm(answer) in norm(str(label)):
        problems.append(("leak", f"the label “{label}” names the answer"))
    options = q.get("options") or []
    if q["kind"] == "choice" and options:
        right = q.get("answerIndex")
        if right is not None and 0 <= right < len(options):
            masked = [bool(OPTION_MASK.search(o)) for o in options]
            others = [m for i, m in enumerate(masked) if i != right]
            if others and masked[right] != any(others) and all(m == others[0] for m in others):
                problems.append(("leak", "masking differs between the right option and the others"))
        if len({norm(o) for o in options}) < len(options):
            problems.append(("junk_option", "two options are the same"))
        for option in options:
            if sentence_like(option) or combination_of_statements(option, q["prompt"]):
                continue
            why = judge.junk(option, source)
            if why:
                problems.append(("junk_option", f"“{option}”: {why}"))
    elif answer and not sentence_like(answer):
        why = judge.junk(answer, source)
        if why:
            problems.append(("junk_answer", f"“{answer}”: {why}"))
    glued = glue.find(" ".join([q["prompt"], *options, answer]))
    if glued:
        problems.append(("glued", ", ".join(glued)))
    if labels is not None:
        named = re.findall(r"‘([^’]+)’", q["prompt"].split("\n\n", 1)[0])
        concept = q.get("conceptName")
        if concept and answer and norm(answer) == norm(concept):
            if not labels.concept_known(answer):
                problems.append(("concept", f"the answer “{answer}” is no heading or key term of the document"))
            elif similar(answer, labels.title) and norm(answer) not in labels.terms:
                problems.append(("concept", "the answer is the document's title (no key term): every sentence belongs to it"))
        for name in named:
            if not labels.concept_known(name):
                problems.append(("concept", f"the prompt names “{name}”, no heading or key term of the document"))
        if not labels.passage_in_document(passage_of(q)):
            problems.append(("passage", "the passage is not one block of the document (stitched or misread)"))
        for option in options:
            if sentence_like(option) and not MASK.search(option) and "이것" not in option and not labels.passage_in_document(option):
                problems.append(("options", f"an option is not one block of the document: “{option[:40]}…”"))
                break
        if q["kind"] == "choice" and options and answer:
            mine = script_class(answer)
            others = [script_class(o) for o in options if norm(o) != norm(answer)]
            if sum(1 for c in others if c != mine) >= 2:
                problems.append(("options", f"distractors of another script than the answer ({mine})"))
    return problems


def prompt_key(q):
    return norm(MASK.sub(" ", q["prompt"]))
