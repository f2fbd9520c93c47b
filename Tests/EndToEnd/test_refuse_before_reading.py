"""A visitor without a session cannot make the server hold a large body (issue 30): 300 MB sent
to the restore routes as JSON, as a urlencoded form, as multipart, or chunked, one at a time and
three at once, is refused from its headers (401/403/413) while the server's resident memory grows
by at most 32 MB and it writes at most 16 MB. The real `notio serve` binary, over 127.0.0.1."""
import socket
import threading
import time
from pathlib import Path

import pytest

from conftest import ServerProcess

BODY = 300 * 1000 * 1000
MAX_RSS_GROWTH = 32 << 20
MAX_WRITTEN = 16 << 20


def rss(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def written(pid):
    """Bytes the process handed to write() so far (files, sockets, its log)."""
    for line in Path(f"/proc/{pid}/io").read_text().splitlines():
        if line.startswith("wchar:"):
            return int(line.split()[1])
    raise AssertionError("no wchar")


class PeakRSS:
    """Samples the server's RSS every 20 ms while a block runs."""

    def __init__(self, pid):
        self.pid, self.peak, self._stop = pid, rss(pid), threading.Event()

    def __enter__(self):
        def sample():
            while not self._stop.is_set():
                self.peak = max(self.peak, rss(self.pid))
                time.sleep(0.02)
        self._thread = threading.Thread(target=sample, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, rss(self.pid))


def send(port, path, content_type, chunked=False):
    """Sends the head of a 300 MB request, then pushes the body for as long as the server takes
    it; returns (status of the answer, bytes of body the server took before closing)."""
    sock = socket.create_connection(("127.0.0.1", port))
    framing = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {BODY}"
    sock.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {content_type}\r\n{framing}\r\n\r\n".encode())
    answer, sent = b"", 0
    # The answer must come from the head alone: wait for it before sending any of the body.
    sock.settimeout(10)
    try:
        while b"\r\n" not in answer:
            data = sock.recv(65536)
            if not data:
                break
            answer += data
    except socket.timeout:
        pass
    # Then push the body anyway, as an attacker would: the server must not keep it.
    piece = b"a" * 65536
    if chunked:
        piece = b"10000\r\n" + piece + b"\r\n"
    sock.settimeout(5)
    try:
        while sent < BODY:
            sock.sendall(piece)
            sent += 65536
    except OSError:
        pass
    sock.close()
    status = int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else None
    return status, sent


@pytest.fixture(scope="module")
def notio(tmp_path_factory):
    process = ServerProcess(tmp_path_factory.mktemp("refuse"), seed_demo=False)
    base = process.wait_until_listening()
    yield process, int(base.rsplit(":", 1)[1]), Path(process.command[process.command.index("--data-dir") + 1])
    process.stop()


def tmp_bytes(data_dir):
    tmp = data_dir / "tmp"
    return sum(f.stat().st_size for f in tmp.iterdir() if f.is_file()) if tmp.exists() else 0


SHAPES = [
    ("/api/v1/restore", "application/json", False),
    ("/api/v1/restore", "application/x-www-form-urlencoded", False),
    ("/api/v1/restore", "multipart/form-data; boundary=x", False),
    ("/api/v1/restore", "application/json", True),
    ("/settings/restore", "multipart/form-data; boundary=x", False),
    ("/settings/restore", "application/x-www-form-urlencoded", True),
    ("/api/v1/notes", "multipart/form-data; boundary=x", False),
]


@pytest.mark.parametrize("path,content_type,chunked", SHAPES)
def test_a_large_body_without_a_session_is_refused_before_it_is_kept(notio, path, content_type, chunked):
    process, port, data_dir = notio
    pid = process.process.pid
    send(port, "/api/v1/emotions", "application/json")  # warm: the first request's allocations
    before, wrote = rss(pid), written(pid)
    with PeakRSS(pid) as peak:
        status, taken = send(port, path, content_type, chunked)
    assert status in (401, 403, 413), status
    assert peak.peak - before <= MAX_RSS_GROWTH, f"RSS grew {(peak.peak - before) >> 20} MB"
    assert written(pid) - wrote <= MAX_WRITTEN, f"wrote {(written(pid) - wrote) >> 20} MB"
    assert tmp_bytes(data_dir) == 0
    print(f"{path} {content_type} chunked={chunked}: {status}, RSS +{(peak.peak - before) / 1e6:.1f} MB, "
          f"written {(written(pid) - wrote) / 1e6:.2f} MB, server took {taken / 1e6:.1f} MB of 300 before closing")


def test_three_at_once(notio):
    process, port, data_dir = notio
    pid = process.process.pid
    send(port, "/api/v1/emotions", "application/json")
    before, wrote = rss(pid), written(pid)
    results = []
    shapes = [("/api/v1/restore", "application/x-www-form-urlencoded", False), ("/api/v1/restore", "application/json", False),
              ("/api/v1/restore", "multipart/form-data; boundary=x", False)]
    with PeakRSS(pid) as peak:
        threads = [threading.Thread(target=lambda s=s: results.append(send(port, *s))) for s in shapes]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert sorted(r[0] for r in results) and all(r[0] in (401, 403, 413) for r in results), results
    assert peak.peak - before <= MAX_RSS_GROWTH, f"RSS grew {(peak.peak - before) >> 20} MB"
    assert written(pid) - wrote <= MAX_WRITTEN
    assert tmp_bytes(data_dir) == 0
    print(f"three at once: {[r[0] for r in results]}, RSS +{(peak.peak - before) / 1e6:.1f} MB, written {(written(pid) - wrote) / 1e6:.2f} MB")
