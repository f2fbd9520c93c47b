#!/usr/bin/env python3
"""Fake Gemini, OpenAI-compatible, Aladin, Open Library and Google Books servers for tests.

They replay the verbatim response bodies in the fixtures directory (../shared/fixtures, copied
into Tests/Fixtures/external in the app repository; SOURCES.md there says where each came from).

    python3 Tests/Support/fake_services.py --fixtures DIR [--port 0] [--exit-on-stdin-eof]

prints `listening on http://127.0.0.1:PORT` (flushed) once it accepts connections.

Replies are scripted per queue. A request's queue is named by a `/q/<name>` path prefix (stripped
before routing, so a client's base URL can be `http://127.0.0.1:PORT/q/<name>`), else by an
`X-Fake-Queue` header, else it is `default`. Parallel tests each use their own queue name.

    POST /_script/<name>   body: a JSON list of steps, or {"scenario": NAME, "texts": [...]}
    GET  /_requests/<name> the requests the queue has seen: [{method, path, headers, body}]
    POST /_reset           forget every queue and request

A step is `[status, "gemini/stop_basic.json", {"Retry-After": "1"}]` or an object with the keys
status, fixture, headers, text, body, delay:
- fixture: a path under the fixtures directory; its bytes are sent as they are;
- text: replaces the answer text in a 200 envelope (see `substitute_text`), nothing else changes;
- body: a literal body instead of a fixture;
- delay: seconds to wait before answering (for timeouts and cancellation);
- append: text added after the body (Aladin's `output=js` answers may end with `;`);
- truncate: keep only the first N bytes of the body (a cut-off, malformed answer).
Each request takes the next step of its queue. With no step left, Aladin, Open Library and Google
Books paths get their default fixture, and anything else a 418 saying the script ran out.
Aladin's ItemList answers `QueryType=ItemNewAll` and `ItemNewSpecial` with the ItemNewAll
fixture (the same list shape; no ItemNewSpecial answer was found), anything else with Bestseller.

    GET /covers/<name>     generated cover answers, not fixtures (they take no queue step):
      tiny.png (a real 1x1 PNG), big.jpg (6 MB behind JPEG magic bytes, with Content-Length),
      big-unsized.jpg (the same without Content-Length, connection closed at the end),
      html-as.jpg (an HTML page declared image/jpeg), page.html (text/html), missing.jpg (404),
      redirect-file (302 to a file: URL), redirect-ok (302 to tiny.png),
      redirect-to/<port> (302 to http://127.0.0.1:<port>/covers/tiny.png).
"""

import argparse
import collections
import json
import os
import signal
import struct
import sys
import threading
import time
import urllib.parse
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# Ready-made scripts. `texts` are the test's own answers, placed into successive 200 envelopes.
SCENARIOS = {
    # Overloaded once, then an answer.
    "gemini_503_then_200": lambda t: [[503, "gemini/error_503_unavailable.json"], _ok("gemini/stop_basic.json", t, 0)],
    # Quota with RetryInfo.retryDelay "31s", then an answer in a thinking envelope (thought part skipped).
    "gemini_429_then_200": lambda t: [[429, "gemini/error_429_resource_exhausted_free_tier.json"],
                                      _ok("gemini/stop_thinking_thought_summary.json", t, 0)],
    # MAX_TOKENS with no parts at all, then the halves' answers.
    "gemini_max_tokens_then_halves": lambda t: [[200, "gemini/max_tokens_no_parts.json"],
                                                _ok("gemini/stop_basic.json", t, 0), _ok("gemini/stop_basic.json", t, 1)],
    "gemini_bad_key": lambda t: [[400, "gemini/error_400_invalid_argument_api_key.json"]],
    "gemini_unknown_model": lambda t: [[404, "gemini/error_404_not_found_unknown_model.json"]],
    # The verbatim text of stop_basic.json is prose, not JSON: a real malformed answer. Then valid.
    "gemini_malformed_then_valid": lambda t: [[200, "gemini/stop_basic.json"], _ok("gemini/stop_basic.json", t, 0)],
    # A cut-off chat completion (finish_reason "length"), then the halves' answers.
    "openai_length_then_halves": lambda t: [[200, "openai_compat/openai_chat_completion_length.json"],
                                            _ok("openai_compat/openai_chat_completion_stop.json", t, 0),
                                            _ok("openai_compat/openai_chat_completion_stop.json", t, 1)],
    # Ollama's reply has a `reasoning` field to be ignored.
    "openai_ok": lambda t: [_ok("openai_compat/ollama_chat_completion_reasoning.json", t, 0)],
    "openai_503_then_200": lambda t: [[503, "gemini/error_503_unavailable_compact.json", {"Retry-After": "1"}],
                                      _ok("openai_compat/llamacpp_docker_model_runner_stop.json", t, 0)],
    # The test's questions (with wrong indexes, duplicate options, repeats...) in a real envelope.
    "gemini_questions": lambda t: [_ok("gemini/stop_basic.json", t, i) for i in range(len(t))],
    "openai_questions": lambda t: [_ok("openai_compat/openai_chat_completion_stop.json", t, i) for i in range(len(t))],
    # Not a captured answer: the shape two developers' write-ups give for a refused TTB key
    # (see SOURCES.md, "Not saved: an Aladin error body"), sent with status 200 as they describe.
    "aladin_bad_key": lambda t: [{"status": 200, "body": '{"errorCode":100,"errorMessage":"잘못된 TTBKey입니다."}'}],
}

# Unscripted defaults for the catalogs, by the last path component.
CATALOG_DEFAULTS = {
    ("aladin", "itemsearch.aspx"): "aladin/itemsearch_js.json",
    ("aladin", "itemlookup.aspx"): "aladin/itemlookup_js.json",
    ("aladin", "itemlist.aspx"): "aladin/itemlist_bestseller_js.json",
    ("openlibrary", "search.json"): "openlibrary/search_json_fields.json",
    ("googlebooks", "volumes"): "googlebooks/volumes_q_isbn.json",
}


def _ok(fixture, texts, index):
    step = {"status": 200, "fixture": fixture}
    if index < len(texts):
        step["text"] = texts[index]
    return step


def substitute_text(raw, fixture, text):
    """Puts `text` where the envelope carries the model's answer, leaving every other byte as it was.

    Gemini: the first part of the first candidate that is not a thought (`"thought": true`);
    OpenAI-compatible: `choices[0].message.content`. The old string is found in the raw bytes by
    its JSON spelling and replaced there; only if that spelling is not found is the envelope
    re-serialised (then key order and spacing are json.dumps's)."""
    envelope = json.loads(raw)
    if fixture.startswith("gemini/"):
        parts = envelope["candidates"][0]["content"]["parts"]
        part = next(p for p in parts if not p.get("thought"))
        old, setter = part["text"], lambda: part.__setitem__("text", text)
    else:
        message = envelope["choices"][0]["message"]
        old, setter = message["content"], lambda: message.__setitem__("content", text)
    new = json.dumps(text, ensure_ascii=False)
    for spelling in (json.dumps(old, ensure_ascii=False), json.dumps(old)):
        if spelling in raw:
            return raw.replace(spelling, new, 1)
    setter()
    return json.dumps(envelope, ensure_ascii=False)


class State:
    def __init__(self, fixtures):
        self.fixtures = fixtures
        self.lock = threading.Lock()
        self.queues = collections.defaultdict(collections.deque)
        self.requests = collections.defaultdict(list)

    def read_fixture(self, name):
        path = os.path.normpath(os.path.join(self.fixtures, name))
        if not path.startswith(os.path.normpath(self.fixtures) + os.sep):
            raise ValueError("fixture outside the fixtures directory: " + name)
        with open(path, "rb") as handle:
            return handle.read()


def normalise_step(step):
    if isinstance(step, list):
        status, fixture = step[0], step[1] if len(step) > 1 else None
        return {"status": status, "fixture": fixture, "headers": step[2] if len(step) > 2 else {}}
    return dict(step)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    state = None  # set in main

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.handle_any()

    def do_POST(self):
        self.handle_any()

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        url = urllib.parse.urlsplit(self.path)
        path, queue = url.path, self.headers.get("X-Fake-Queue", "default")
        if path.startswith("/q/"):
            _, _, name, *rest = path.split("/")
            queue, path = name, "/" + "/".join(rest)

        if path.startswith("/covers/"):
            return self.cover(path[len("/covers/"):])
        if path.startswith("/_script"):
            return self.script(path[len("/_script/"):] or queue, body)
        if path.startswith("/_requests"):
            with self.state.lock:
                seen = list(self.state.requests[path[len("/_requests/"):] or queue])
            return self.send(200, json.dumps(seen, ensure_ascii=False).encode(), {})
        if path == "/_reset":
            with self.state.lock:
                self.state.queues.clear()
                self.state.requests.clear()
            return self.send(204, b"", {})

        with self.state.lock:
            self.state.requests[queue].append({
                "method": self.command, "path": path, "query": url.query,
                "headers": {k.lower(): v for k, v in self.headers.items()},
                "body": body.decode("utf-8", "replace"),
            })
            step = self.state.queues[queue].popleft() if self.state.queues[queue] else None
        if step is None:
            return self.unscripted(path, url.query)
        self.replay(step)

    def script(self, queue, body):
        try:
            spec = json.loads(body or b"[]")
            if isinstance(spec, dict):
                steps = SCENARIOS[spec["scenario"]](spec.get("texts", []))
            else:
                steps = spec
            steps = [normalise_step(s) for s in steps]
        except (KeyError, ValueError, TypeError, IndexError) as error:
            return self.send(400, json.dumps({"error": "bad script: %r" % (error,)}).encode(), {})
        with self.state.lock:
            self.state.queues[queue].extend(steps)
        self.send(204, b"", {})

    def replay(self, step):
        if step.get("delay"):
            time.sleep(float(step["delay"]))
        fixture = step.get("fixture")
        if fixture:
            raw = self.state.read_fixture(fixture)
            if step.get("text") is not None:
                raw = substitute_text(raw.decode("utf-8"), fixture, step["text"]).encode("utf-8")
        else:
            raw = (step.get("body") or "").encode("utf-8")
        if step.get("append"):
            raw += step["append"].encode("utf-8")
        if step.get("truncate") is not None:
            raw = raw[:int(step["truncate"])]
        self.send(int(step.get("status", 200)), raw, step.get("headers") or {})

    def unscripted(self, path, query):
        parts = [p for p in path.split("/") if p]
        if parts:
            key = (parts[0], parts[-1].lower())
            fixture = CATALOG_DEFAULTS.get(key)
            if key == ("aladin", "itemlist.aspx") and any(
                    "querytype=" + kind in query.lower() for kind in ("itemnewall", "itemnewspecial")):
                fixture = "aladin/itemlist_itemnewall_js.json"
            if fixture:
                return self.send(200, self.state.read_fixture(fixture), {})
        self.send(418, json.dumps({"error": {"code": 418, "message": "fake_services: no scripted reply left for " + path}}).encode(), {})

    def cover(self, name):
        big = b"\xff\xd8\xff\xe0" + b"\0" * (6 * 1024 * 1024)
        if name == "tiny.png":
            return self.send(200, tiny_png(), {"Content-Type": "image/png"})
        if name == "big.jpg":
            return self.send(200, big, {"Content-Type": "image/jpeg"})
        if name == "big-unsized.jpg":
            self.send_response(200)
            self.send_header("Content-Type", "image/jpeg")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            try:
                for start in range(0, len(big), 65536):
                    self.wfile.write(big[start:start + 65536])
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client stopped reading at its limit
            return None
        if name == "html-as.jpg":
            return self.send(200, b"<!doctype html><title>Not found</title>", {"Content-Type": "image/jpeg"})
        if name == "page.html":
            return self.send(200, b"<!doctype html><title>A page</title>", {"Content-Type": "text/html; charset=utf-8"})
        if name == "redirect-file":
            return self.send(302, b"", {"Location": "file:///etc/passwd"})
        if name == "redirect-ok":
            return self.send(302, b"", {"Location": "/covers/tiny.png"})
        if name.startswith("redirect-to/"):
            return self.send(302, b"", {"Location": "http://127.0.0.1:%d/covers/tiny.png" % int(name.split("/")[1])})
        return self.send(404, b"not found", {"Content-Type": "text/plain"})

    def send(self, status, body, headers):
        self.send_response(status)
        if "content-type" not in {k.lower() for k in headers}:
            self.send_header("Content-Type", "application/json; charset=UTF-8")
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client cancelled


def tiny_png():
    """A valid 1x1 white PNG."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00\xff")) + chunk(b"IEND", b"")


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # Parallel tests that share one fake connect in bursts; the default backlog of 5 overflows
    # and connections get reset.
    request_queue_size = 128


def find_fixtures(given):
    """Accepts the shared fixtures directory or the app's copy (Tests/Fixtures/external, or its parent)."""
    for candidate in (given, os.path.join(given, "external")):
        if os.path.isdir(os.path.join(candidate, "gemini")):
            return os.path.abspath(candidate)
    sys.exit("fake_services: no gemini/ folder under %s" % given)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixtures", required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--exit-on-stdin-eof", action="store_true",
                        help="stop when stdin closes, so that a test's fake never outlives the test")
    args = parser.parse_args()
    # A parent that spawns us from a thread with signals blocked (Foundation's Process under
    # libdispatch) passes that mask on: unblock SIGTERM so that terminate() works.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    if args.exit_on_stdin_eof:
        def watch_stdin():
            while sys.stdin.buffer.read(4096):
                pass
            os._exit(0)
        threading.Thread(target=watch_stdin, daemon=True).start()
    Handler.state = State(find_fixtures(args.fixtures))
    server = Server((args.host, args.port), Handler)
    print("listening on http://%s:%d" % (args.host, server.server_address[1]), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
