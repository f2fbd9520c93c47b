"""Fixtures for browser tests: the real notio server on a free port with a fresh data directory,
and a headless Chromium the size of a phone. A failing test leaves a screenshot and the page's
HTML in Tests/EndToEnd/screenshots/<test>.png|.html.

Adding a browser test for a feature: write a `test_*.py` here, take `server` (the base URL) and
`driver`, and use the helpers in notio_e2e.py (login, wait_for, fill, click, ...).
"""
import os
import re
import shutil
import signal
import subprocess
import threading
import uuid
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from notio_e2e import csp_violations

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SCREENSHOTS = HERE / "screenshots"
LISTENING = re.compile(r"listening on (http://\S+)")
STARTUP_SECONDS = 60


class FakeServices:
    """Tests/Support/fake_services.py: fake Aladin and Open Library (and covers) on 127.0.0.1."""

    def __init__(self):
        fixtures = ROOT / "Tests" / "Fixtures" / "external"
        self.process = subprocess.Popen(
            ["python3", str(ROOT / "Tests" / "Support" / "fake_services.py"), "--fixtures", str(fixtures), "--exit-on-stdin-eof"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        line = self.process.stdout.readline()
        match = LISTENING.search(line)
        if not match:
            self.process.kill()
            pytest.exit(f"fake_services.py did not start: {line!r}", returncode=3)
        self.base_url = match.group(1).rstrip("/")

    def stop(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            self.process.terminate()
            self.process.wait(timeout=10)


class ServerProcess:
    """notio serve, with its output drained on a thread (a full pipe would block the server).
    `seed_demo`: start with --seed-demo (the demo account study@notio.io / password, 둘러보기).
    `launcher`: a command that starts the server (and becomes it)."""

    def __init__(self, data_dir: Path, env: dict | None = None, seed_demo: bool = True, launcher: tuple = ()):
        binary = os.environ.get("NOTIO_BIN") or str(ROOT / ".build" / "debug" / "notio")
        if not Path(binary).exists():
            pytest.exit(f"no server binary at {binary}: run `swift build` first or set NOTIO_BIN", returncode=2)
        self.command = [*launcher, binary, "serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", str(data_dir)] + (["--seed-demo"] if seed_demo else [])
        self.lines: list[str] = []
        self.base_url = None
        self._ready = threading.Event()
        self.process = subprocess.Popen(
            self.command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1,
            # The tests sign up many accounts from 127.0.0.1; the per-address limits have tests of their own.
            env={**os.environ, "NOTIO_LOG_LEVEL": os.environ.get("NOTIO_LOG_LEVEL", "info"),
                 "NOTIO_SIGNUPS_PER_HOUR": "100000", "NOTIO_EMAIL_LOOKUPS_PER_MINUTE": "100000", **(env or {})},
        )
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self):
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))
            if self.base_url is None:
                match = LISTENING.search(line)
                if match:
                    self.base_url = match.group(1).rstrip("/")
                    self._ready.set()
        self._ready.set()  # the process ended: stop waiting

    def wait_until_listening(self) -> str:
        if not self._ready.wait(STARTUP_SECONDS) or self.base_url is None:
            self.stop()
            output = "\n".join(self.lines[-40:])
            pytest.exit(f"the server did not print 'listening on http://HOST:PORT' within {STARTUP_SECONDS}s "
                        f"(exit code {self.process.poll()}):\n{output}", returncode=3)
        return self.base_url

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def postgres_database(prefix: str) -> str:
    """A new, empty database on the test cluster of scripts/with-postgres.sh; its URL."""
    base = os.environ.get("NOTIO_TEST_POSTGRES")
    if not base:
        pytest.exit("NOTIO_TEST_POSTGRES is not set: run through scripts/with-postgres.sh", returncode=2)
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    psql = str(Path(os.environ.get("NOTIO_TEST_POSTGRES_BIN", "/usr/bin")) / "psql")
    subprocess.run([psql, base, "-q", "-c", f"CREATE DATABASE {name}"], check=True)
    return base.rsplit("/", 1)[0] + "/" + name


@pytest.fixture(scope="session")
def fakes():
    """The base URL of the fake outside services (Aladin at /aladin/, covers at /covers/)."""
    fake = FakeServices()
    try:
        yield fake.base_url
    finally:
        fake.stop()


def server_settings(fakes: str) -> dict:
    """The environment of a test server: book search on the fake Aladin, and on PostgreSQL in
    scripts/test.sh's second pass."""
    env = {
        "NOTIO_CATALOG_PROVIDERS": "aladin", "ALADIN_TTB_KEY": "e2e-test-key",
        "NOTIO_ALADIN_URL": f"{fakes}/aladin/", "NOTIO_COVERS_PRIVATE_HOSTS": "true",
    }
    if os.environ.get("NOTIO_E2E_ENGINE") == "postgres":
        # The same browser tests on PostgreSQL (scripts/test.sh's second pass), files in the database.
        env["NOTIO_DATABASE_URL"] = postgres_database("e2e")
        env["NOTIO_FILE_STORAGE"] = "database"
    return env


def serve(proc: ServerProcess):
    """Yields the running server's base URL; stops it afterwards, printing its output if it crashed."""
    try:
        yield proc.wait_until_listening()
    finally:
        proc.stop()
        if proc.process.returncode not in (0, -signal.SIGTERM, 143):
            print("server exited with", proc.process.returncode, "\n" + "\n".join(proc.lines[-40:]))


@pytest.fixture(scope="session")
def server(tmp_path_factory, fakes):
    """The base URL of a running server seeded with the demo account (study@notio.io / password),
    its book search pointed at the fake Aladin."""
    external = os.environ.get("NOTIO_E2E_BASE_URL")
    if external:
        yield external.rstrip("/")
        return
    yield from serve(ServerProcess(tmp_path_factory.mktemp("notio-data"), env=server_settings(fakes)))


class MovableClock:
    """The wall clock of a server started under Debian's libfaketime (scripts/deps.sh installs
    it): `forward(seconds)` moves the server's time on at once, so a test crosses a timer's end
    without waiting for it. Monotonic time is left alone: timeouts and waits keep their length."""

    def __init__(self, directory: Path):
        found = sorted(Path("/usr/lib").glob("*/faketime/libfaketime.so.1"))
        if not found:
            pytest.exit("libfaketime is not installed: run scripts/deps.sh test", returncode=2)
        self.library = found[0]
        self.file = directory / "faketime"
        self.offset = 0
        self._write()

    def _write(self):
        # Read again at every clock call (FAKETIME_NO_CACHE): replaced whole, never seen half-written.
        partial = self.file.with_suffix(".partial")
        partial.write_text(f"+{self.offset}\n")
        os.replace(partial, self.file)

    def environment(self) -> dict:
        return {"LD_PRELOAD": str(self.library), "FAKETIME_TIMESTAMP_FILE": str(self.file),
                "FAKETIME_NO_CACHE": "1", "FAKETIME_DONT_FAKE_MONOTONIC": "1"}

    # Swift finds a process's arguments next to its first environment. Loaded into the first
    # process of a tree, libfaketime adds FAKETIME_SHARED to the environment, which moves it and
    # leaves CommandLine.arguments empty: env(1) takes that first step, and the server it becomes
    # inherits the variable.
    launcher = ("/usr/bin/env",)

    def forward(self, seconds: int):
        self.offset += seconds
        self._write()


@pytest.fixture
def clock_server(tmp_path, fakes):
    """A server of its own whose clock the test moves: (base URL, MovableClock)."""
    if os.environ.get("NOTIO_E2E_BASE_URL"):
        pytest.skip("moves the clock of a server it starts itself")
    clock = MovableClock(tmp_path)
    proc = ServerProcess(tmp_path / "data", env={**server_settings(fakes), **clock.environment()}, launcher=clock.launcher)
    for base_url in serve(proc):
        yield base_url, clock


def make_driver(width=390, height=844, language="ko-KR"):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", f"--window-size={width},{height}",
                f"--lang={language}", f"--accept-lang={language},{language.split('-')[0]}",
                "--disable-gpu", "--no-first-run", "--password-store=basic"):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {
        "intl.accept_languages": f"{language},{language.split('-')[0]}",
        "credentials_enable_service": False,
        "profile.password_manager_enabled": False,
    })
    # The console is read after every test: a Content-Security-Policy violation fails it.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER_BIN", shutil.which("chromedriver") or "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    # Headless windows have a minimum width (~500 px): pin the viewport itself to the phone's size.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    driver.set_page_load_timeout(30)
    return driver


@pytest.fixture
def driver(request):
    """A fresh phone-sized Korean Chromium per test (fresh cookies and storage). Every page the
    test visited must have run under the Content-Security-Policy without a violation: one in the
    console fails the test (as an error in teardown)."""
    d = make_driver()
    yield d
    try:
        violations = csp_violations(d)
    except Exception as error:  # a dead browser must not hide the test's own failure
        violations = []
        print("could not read the browser console:", error)
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        SCREENSHOTS.mkdir(exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
        try:
            d.save_screenshot(str(SCREENSHOTS / f"{name}.png"))
            (SCREENSHOTS / f"{name}.html").write_text(f"<!-- {d.current_url} -->\n" + d.page_source)
        except Exception as error:  # a dead browser must not hide the test's own failure
            print("could not save the screenshot:", error)
    d.quit()
    if violations:
        pytest.fail("Content-Security-Policy violations in the browser console:\n" + "\n".join(violations))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keeps each phase's report on the test item so fixtures can see whether the test failed."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
