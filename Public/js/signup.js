// Live validation of the sign-up form: name, email format, a debounced duplicate-email check,
// password length and strength, confirmation, terms. The submit button stays disabled until the
// form is valid. Messages come from data-msg-* on the form, so they follow the page's language.
// Without JS the server validates the same rules and renders the same error places.
import { api } from "notio/api.js";

const form = document.getElementById("signup-form");
if (form) {
  const msg = form.dataset;
  const input = (name) => form.elements.namedItem(name);
  const errorOf = (name) => form.querySelector(`.field-error[data-field="${name}"]`);
  const submit = document.getElementById("signup-submit");
  const strengthBox = form.querySelector(".strength");
  const strengthText = document.getElementById("password-strength");
  const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

  const touched = new Set();
  // Server-rendered errors stay until their field changes.
  const serverErrors = new Set([...form.querySelectorAll(".field-error")].filter((p) => p.textContent.trim()).map((p) => p.dataset.field));
  // `refused`: the server's reason why this email can never be used (invisible or look-alike characters).
  const emailState = { value: "", taken: false, refused: "", checking: false, checked: false };
  let emailTimer;
  let emailRequest;

  function rules() {
    const name = input("name").value.trim();
    const email = input("email").value.trim();
    const password = input("password").value;
    const confirm = input("passwordConfirm").value;
    return {
      name: name ? "" : msg.msgNameRequired,
      email: !EMAIL.test(email) ? msg.msgEmailInvalid
        : (emailState.value === email.toLowerCase() && emailState.refused) ? emailState.refused
        : (emailState.value === email.toLowerCase() && emailState.taken) ? msg.msgEmailTaken : "",
      password: password.length >= 8 ? "" : msg.msgPasswordShort,
      passwordConfirm: confirm && confirm === password ? "" : msg.msgPasswordMismatch,
      agreeTerms: input("agreeTerms").checked ? "" : msg.msgTermsRequired,
    };
  }

  /** weak / medium / strong, or "" for an empty password. */
  function strength(password) {
    if (!password) return "";
    const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
    const common = /^(password|qwerty|12345678|iloveyou|letmein|admin)/i.test(password) || /^(.)\1+$/.test(password);
    if (password.length < 8 || common) return "weak";
    if ((password.length >= 12 && kinds >= 3) || (password.length >= 10 && kinds === 4)) return "strong";
    if (kinds >= 2 || password.length >= 12) return "medium";
    return "weak";
  }

  function render() {
    const errors = rules();
    for (const [name, message] of Object.entries(errors)) {
      const p = errorOf(name);
      const field = input(name);
      if (serverErrors.has(name)) continue;
      // The email's answer from the server is shown as soon as it arrives, before any blur.
      const emailAnswered = name === "email" && emailState.value === field.value.trim().toLowerCase() && (emailState.checked || emailState.checking);
      const show = touched.has(name) || emailAnswered;
      p.classList.remove("is-ok");
      if (show && message) {
        p.textContent = message;
        field.setAttribute("aria-invalid", "true");
      } else {
        p.textContent = "";
        field.removeAttribute("aria-invalid");
        if (name === "email" && show && emailState.checking) p.textContent = msg.msgChecking;
        else if (name === "email" && show && emailState.checked && !emailState.taken && !emailState.refused && emailState.value === field.value.trim().toLowerCase()) {
          p.textContent = msg.msgEmailOk;
          p.classList.add("is-ok");
        }
      }
    }
    const level = strength(input("password").value);
    strengthBox.dataset.level = level;
    strengthText.textContent = level ? msg[`msg${level[0].toUpperCase()}${level.slice(1)}`] : "";
    const valid = Object.values(errors).every((m) => !m);
    submit.disabled = !valid;
    return errors;
  }

  function checkEmail() {
    const email = input("email").value.trim().toLowerCase();
    clearTimeout(emailTimer);
    emailRequest?.abort();
    if (!EMAIL.test(email)) {
      Object.assign(emailState, { value: "", taken: false, refused: "", checking: false, checked: false });
      return;
    }
    if (emailState.value === email && emailState.checked) return;
    Object.assign(emailState, { value: email, taken: false, refused: "", checking: true, checked: false });
    emailTimer = setTimeout(async () => {
      emailRequest = new AbortController();
      try {
        const answer = await api.get(`${msg.emailAvailableUrl}?email=${encodeURIComponent(email)}`, { signal: emailRequest.signal });
        if (emailState.value !== email) return;
        Object.assign(emailState, { taken: answer?.available === false, checking: false, checked: true });
      } catch (error) {
        if (error.name === "AbortError") return;
        if (error.status === 422 && emailState.value === email) {
          Object.assign(emailState, { refused: error.fields?.email || error.message, checking: false, checked: true });
          render();
          return;
        }
        // The server checks again on submit; a failed live check only stops saying "checking".
        Object.assign(emailState, { checking: false, checked: false });
      }
      render();
    }, 350);
  }

  for (const name of ["name", "email", "password", "passwordConfirm", "agreeTerms"]) {
    const field = input(name);
    const onChange = () => {
      serverErrors.delete(name);
      if (name === "email") checkEmail();
      if (name === "password" && input("passwordConfirm").value) touched.add("passwordConfirm");
      if (name === "agreeTerms") touched.add(name);
      render();
    };
    field.addEventListener("input", onChange);
    field.addEventListener("change", onChange);
    field.addEventListener("blur", () => { if (field.value || name === "agreeTerms") touched.add(name); render(); });
  }
  // The confirmation is judged as soon as it is as long as the password.
  input("passwordConfirm").addEventListener("input", () => {
    if (input("passwordConfirm").value.length >= input("password").value.length) touched.add("passwordConfirm");
    render();
  });

  form.addEventListener("submit", (event) => {
    ["name", "email", "password", "passwordConfirm", "agreeTerms"].forEach((n) => touched.add(n));
    serverErrors.clear();
    const errors = render();
    const firstBad = Object.keys(errors).find((n) => errors[n]);
    if (firstBad) {
      event.preventDefault();
      input(firstBad).focus();
      return;
    }
    submit.setAttribute("aria-busy", "true");
  });

  if (input("email").value) checkEmail();
  render();
}
