// The one way pages talk to the JSON API: same-origin fetch, JSON in and out, the CSRF token from
// <meta name="csrf-token"> on every state-changing request, and the error envelope
// {"error":{"code","message","fields"}} turned into an ApiError.

/** An answer from the API that was not 2xx, or no answer at all (status 0, code "network"). */
export class ApiError extends Error {
  constructor(status, code, message, fields = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function csrfToken() {
  return document.querySelector('meta[name="csrf-token"]')?.content ?? "";
}

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * api(path, {method, body, signal, headers}) → parsed JSON (null for 204).
 * `body` is sent as JSON unless it is FormData or a Blob.
 */
export async function api(path, { method = "GET", body, signal, headers = {} } = {}) {
  method = method.toUpperCase();
  const init = { method, signal, credentials: "same-origin", headers: { Accept: "application/json", ...headers } };
  if (!SAFE.has(method)) init.headers["X-CSRF-Token"] = csrfToken();
  if (body !== undefined) {
    if (body instanceof FormData || body instanceof Blob) {
      init.body = body;
    } else {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError(0, "network", navigator.onLine === false ? "offline" : error.message);
  }
  if (response.status === 204) return null;
  const text = await response.text();
  let data = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (!response.ok) {
    const e = data?.error ?? {};
    throw new ApiError(response.status, e.code ?? `http_${response.status}`, e.message ?? response.statusText, e.fields ?? {});
  }
  return data;
}

api.get = (path, options) => api(path, { ...options, method: "GET" });
api.post = (path, body, options) => api(path, { ...options, method: "POST", body });
api.patch = (path, body, options) => api(path, { ...options, method: "PATCH", body });
api.delete = (path, options) => api(path, { ...options, method: "DELETE" });
