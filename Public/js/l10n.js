// The strings modules show themselves, in the reader's language: the page carries them from
// the server's catalog (L10n.scripts) as <script type="application/json" id="l10n">.

let strings = null;

/** The text of `key` in the page's language; the key itself when the page has none. */
export function t(key) {
  if (strings === null) {
    try {
      strings = JSON.parse(document.getElementById("l10n")?.textContent || "{}");
    } catch {
      strings = {};
    }
  }
  return strings[key] ?? key;
}
