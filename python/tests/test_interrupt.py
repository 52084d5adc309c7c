"""`recess.arena` stops on Ctrl-C: run in a subprocess that is sent SIGINT, it ends within a
second with `KeyboardInterrupt`."""

from __future__ import annotations

import signal
import subprocess
import sys
import time

import pytest

SCRIPT = """
import sys
import recess
print("running", flush=True)
try:
    recess.arena("big-two", ["random"] * 4, games=10**7, seed=1, threads=1)
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
print("finished", flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is a POSIX signal")
def test_arena_stops_within_a_second_of_sigint():
    child = subprocess.Popen(
        [sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout.readline().strip() == "running"
        # Well inside the run (ten million games of Big Two take minutes).
        time.sleep(0.5)
        assert child.poll() is None, child.stderr.read()
        sent = time.monotonic()
        child.send_signal(signal.SIGINT)
        child.wait(timeout=5)
        stopped = time.monotonic() - sent
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 3, child.stderr.read()
    assert child.stdout.read().strip() == "interrupted"
    assert stopped < 1.0, f"stopped {stopped:.2f} s after SIGINT"
