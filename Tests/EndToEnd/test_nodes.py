"""Several `notio serve` nodes on one PostgreSQL database, as real processes: a session made on one
node works on the other, a timer started on one is seen on the other, a job uploaded on a node
that runs no jobs is run by the other, cancel and progress work from either node, and a node
killed with SIGKILL in the middle of a job leaves it to the survivor.

Needs the throwaway cluster `make test` starts (scripts/with-postgres.sh sets NOTIO_TEST_POSTGRES)
and the PDFs of scripts/fetch-test-pdfs.sh."""
import json
import os
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from conftest import ServerProcess, ROOT, postgres_database
from api_client import ApiClient
from notio_e2e import scanned_pdf

POSTGRES = os.environ.get("NOTIO_TEST_POSTGRES", "")
PDFS = ROOT / ".cache" / "pdfs"
pytestmark = pytest.mark.skipif(not POSTGRES, reason="needs NOTIO_TEST_POSTGRES (make test starts a cluster)")


PSQL = str(Path(os.environ.get("NOTIO_TEST_POSTGRES_BIN", "/usr/bin")) / "psql")


def new_database() -> str:
    return postgres_database("nodes")


def lease(database: str, job: str):
    """(node holding or last holding the job, times a node took it), from the jobs table."""
    out = subprocess.run([PSQL, database, "-At", "-F", " ", "-c", f"SELECT coalesce(lease_owner, '-'), tries FROM jobs WHERE id = '{job}'"],
                         check=True, capture_output=True, text=True).stdout.split()
    return out[0], int(out[1])


class Client(ApiClient):
    def __init__(self, base: str, jar=None, timeout=60):
        super().__init__(base, jar, timeout)


def start_nodes(tmp_path, count, database, **env):
    """`count` nodes on `database`, each with a data folder of its own, named node-a, node-b, ..."""
    nodes = []
    for i in range(count):
        name = "node-" + "abcdefgh"[i]
        settings = {"NOTIO_DATABASE_URL": database, "NOTIO_NODE_ID": name, "NOTIO_JOB_LEASE_SECONDS": "3", **env.get(name, {}), **env.get("all", {})}
        nodes.append(ServerProcess(tmp_path / name, env=settings))
    for node in nodes:
        node.wait_until_listening()
    return nodes


def stop(nodes):
    for node in nodes:
        node.stop()


def test_sessions_csrf_and_the_timer_are_the_same_on_every_node(tmp_path):
    a, b = start_nodes(tmp_path, 2, new_database(), all={"NOTIO_FILES_DIR": str(tmp_path / "shared-files")})
    try:
        on_a = Client(a.base_url)
        user = on_a.login()["user"]
        on_b = on_a.on(b.base_url)
        # The cookie and the CSRF token A gave work on B.
        status, me = on_b.call("GET", "/api/v1/me")
        assert status == 200 and me["user"]["id"] == user["id"], me
        status, books = on_a.call("GET", "/api/v1/books")
        book = books["items"][0]["id"]
        # A timer started on A is seen on B, paused on B is paused on A.
        status, started = on_a.call("POST", "/api/v1/timer/start", {"bookId": book, "minutes": 25})
        assert status == 200, started
        status, seen = on_b.call("GET", "/api/v1/timer")
        assert seen["state"] == "running" and seen["bookId"] == book and seen["endsAt"] == started["endsAt"], seen
        status, paused = on_b.call("POST", "/api/v1/timer/pause")
        assert status == 200 and paused["state"] == "paused", paused
        status, seen = on_a.call("GET", "/api/v1/timer")
        assert seen["state"] == "paused" and seen["remainingSeconds"] == paused["remainingSeconds"], seen
        status, stopped = on_b.call("POST", "/api/v1/timer/stop")
        assert status == 200, stopped
        # Failed sign-ins are counted in the database: five spread over A and B, the sixth is refused.
        guesser_a, guesser_b = Client(a.base_url), Client(b.base_url)
        for i in range(5):
            status, _ = (guesser_a if i % 2 else guesser_b).call("POST", "/api/v1/auth/login", {"email": "study@notio.io", "password": f"wrong-{i}"})
            assert status == 401
        status, answer = guesser_a.call("POST", "/api/v1/auth/login", {"email": "study@notio.io", "password": "wrong-again"})
        assert status == 429, answer
        # Signing out on B ends the session on A too (A may trust its 1-second session cache once).
        status, _ = on_b.call("POST", "/api/v1/auth/logout")
        assert status == 204
        time.sleep(1.2)
        status, answer = on_a.call("GET", "/api/v1/me")
        assert status == 401, answer
    finally:
        stop([a, b])


@pytest.mark.skipif(not (PDFS / "kotex-doc.pdf").exists(), reason="run scripts/fetch-test-pdfs.sh first")
def test_a_web_node_leaves_jobs_to_a_worker_node_and_sees_their_progress(tmp_path):
    # A runs no jobs; files live in the database, so B reads the PDF A received.
    database = new_database()
    a, b = start_nodes(tmp_path, 2, database, **{"node-a": {"NOTIO_JOB_WORKERS": "0"}, "all": {"NOTIO_FILE_STORAGE": "database"}})
    try:
        on_a = Client(a.base_url)
        on_a.login()
        note, job = on_a.upload(PDFS / "kotex-doc.pdf", "두 노드에서 분석")
        # Progress as server-sent events from A while B does the work.
        events = []
        request = urllib.request.Request(f"{a.base_url}/api/v1/jobs/{job}/events", headers={"Accept": "text/event-stream"})
        with on_a.opener.open(request, timeout=240) as stream:
            for raw in stream:
                line = raw.decode().strip()
                if line.startswith("data:"):
                    events.append(json.loads(line[5:]))
                    if events[-1]["state"] in ("done", "failed", "cancelled"):
                        break
        assert events[-1]["state"] == "done", events[-1]
        assert "node" not in events[-1]
        assert lease(database, job) == ("node-b", 1)
        assert len({e["stage"] for e in events}) >= 2, events
        status, body = on_a.call("GET", f"/api/v1/notes/{note}")
        assert status == 200 and body["state"] == "ready", body
        status, source = on_a.call("GET", f"/api/v1/notes/{note}/source")
        assert status == 200 and len(source["pages"]) > 1

        # Cancel on A a job that runs on B: B stops it at its next lease renewal; nothing is left.
        if (PDFS / "lshort-ko.pdf").exists():
            note2, job2 = on_a.upload(PDFS / "lshort-ko.pdf", "취소할 노트")
            on_a.wait_job(job2, lambda j: j["state"] == "running")
            assert lease(database, job2)[0] == "node-b"
            status, _ = on_a.call("POST", f"/api/v1/jobs/{job2}/cancel")
            assert status == 202
            cancelled = on_a.wait_job(job2, lambda j: j["state"] in ("cancelled", "done", "failed"), timeout=60)
            assert cancelled["state"] == "cancelled", cancelled
            status, _ = on_a.call("GET", f"/api/v1/notes/{note2}")
            assert status == 404
    finally:
        stop([a, b])


@pytest.fixture
def three_scanned_pages(tmp_path):
    """Three real pages of lshort-ko as images only: OCR makes the job last long enough to kill."""
    source = PDFS / "lshort-ko.pdf"
    if not source.exists():
        pytest.skip("run scripts/fetch-test-pdfs.sh first")
    return scanned_pdf(source, 20, 22, tmp_path)


def children(pid):
    """Child processes of every thread of `pid` (a thread's children are listed under it)."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(p) for p in (task / "children").read_text().split()]
        except OSError:
            pass
    return found


def alive(pid):
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] not in ("Z", "X")
    except OSError:
        return False


def test_a_node_killed_in_the_middle_of_a_job_leaves_it_to_the_other(tmp_path, three_scanned_pages):
    database = new_database()
    a, b = start_nodes(tmp_path, 2, database, all={"NOTIO_FILES_DIR": str(tmp_path / "shared-files")})
    try:
        on_a = Client(a.base_url)
        on_a.login()
        note, job = on_a.upload(three_scanned_pages, "죽은 노드의 작업")
        on_a.wait_job(job, lambda j: j["state"] == "running" and j["stage"] == "ocr")
        holder, tries = lease(database, job)
        assert tries == 1
        victim, survivor = (a, b) if holder == "node-a" else (b, a)
        workers = children(victim.process.pid)
        assert workers, "the node running the job has no worker process"
        victim.process.send_signal(signal.SIGKILL)
        victim.process.wait()
        # Its PDF worker notices it is alone and stops instead of reading pages for nobody.
        deadline = time.time() + 10
        while time.time() < deadline and any(alive(p) for p in workers):
            time.sleep(0.2)
        assert not any(alive(p) for p in workers), workers
        on_survivor = on_a.on(survivor.base_url)
        finished = on_survivor.wait_job(job, lambda j: j["state"] in ("done", "failed", "cancelled"))
        assert finished["state"] == "done", finished
        assert lease(database, job) == ("node-b" if victim is a else "node-a", 2)
        status, body = on_survivor.call("GET", f"/api/v1/notes/{note}")
        assert status == 200 and body["state"] == "ready", body
        status, source = on_survivor.call("GET", f"/api/v1/notes/{note}/source")
        assert len(source["pages"]) == 3 and any(len(p["text"]) > 100 for p in source["pages"]), source
    finally:
        stop([a, b])
