"""The JSON API as a script or a browser sees it: one cookie jar, the CSRF token, and the few
calls the end-to-end tests and the quality bench share (sign up, sign in, upload, wait for a job).
Standard library only, so `scripts/bench-quality.py` can use it without the browser-test packages."""
import http.cookiejar
import json
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

FINISHED = ("done", "failed", "cancelled")


class ApiClient:
    def __init__(self, base: str, jar=None, timeout=300):
        self.base = base.rstrip("/")
        self.jar = jar if jar is not None else http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.csrf = ""
        self.timeout = timeout

    def on(self, base: str) -> "ApiClient":
        """The same browser talking to another node."""
        other = type(self)(base, self.jar, self.timeout)
        other.csrf = self.csrf
        return other

    def call(self, method, path, body=None, data=None, headers=None):
        """(status, answer): the answer parsed when it is JSON, else its text."""
        headers = dict(headers or {})
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if self.csrf:
            headers["X-CSRF-Token"] = self.csrf
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with self.opener.open(request, timeout=self.timeout) as response:
                return response.status, self._payload(response.read(), response.headers.get_content_type())
        except urllib.error.HTTPError as error:
            return error.code, self._payload(error.read(), error.headers.get_content_type())

    @staticmethod
    def _payload(raw: bytes, content_type: str):
        if not raw:
            return None
        if content_type == "application/json":
            return json.loads(raw)
        return raw.decode("utf-8", "replace")

    def sign_up(self, name="코퍼스", password="corpus-quality-1"):
        email = f"e2e-{uuid.uuid4().hex[:10]}@example.com"
        status, answer = self.call("POST", "/api/v1/auth/signup",
                                   {"email": email, "password": password, "name": name, "agreeTerms": True})
        assert status == 201, (status, answer)
        self.csrf = answer["csrfToken"]
        return answer

    def login(self, email="study@notio.io", password="password"):
        status, answer = self.call("POST", "/api/v1/auth/login", {"email": email, "password": password})
        assert status == 200, (status, answer)
        self.csrf = answer["csrfToken"]
        return answer

    def upload(self, pdf: Path, title: str | None = None):
        """(note id, job id) of a PDF sent as the upload form sends it; no title lets the server find one."""
        boundary = "notio" + uuid.uuid4().hex
        parts = []
        if title is not None:
            parts.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n{title}\r\n".encode())
        parts.append(f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{pdf.name}\"\r\n"
                     "Content-Type: application/pdf\r\n\r\n".encode() + pdf.read_bytes() + b"\r\n")
        parts.append(f"--{boundary}--\r\n".encode())
        status, answer = self.call("POST", "/api/v1/notes", data=b"".join(parts),
                                   headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
        assert status == 202, (status, answer)
        return answer["note"]["id"], answer["job"]["id"]

    def wait_job(self, job_id, until=lambda job: job["state"] in FINISHED, timeout=600, every=0.2):
        deadline = time.time() + timeout
        job = None
        while time.time() < deadline:
            status, job = self.call("GET", f"/api/v1/jobs/{job_id}")
            assert status == 200, (status, job)
            if until(job):
                return job
            time.sleep(every)
        raise AssertionError(f"job {job_id} did not get there in {timeout}s: {job}")
