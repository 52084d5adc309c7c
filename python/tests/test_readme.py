"""The Python examples of the repository's README run as they are written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def python_blocks():
    if not README.exists():
        return []
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("index", range(len(python_blocks())))
def test_readme_example_runs(index, capsys):
    block = python_blocks()[index]
    if "pettingzoo" in block:
        pytest.importorskip("pettingzoo")
    if "pyspiel" in block:
        pytest.importorskip("pyspiel")
    if "gymnasium" in block:
        pytest.importorskip("gymnasium")
    exec(compile(block, f"README.md python block {index}", "exec"), {})


def test_the_bench_runs_from_the_repository_root_with_the_installed_package():
    # `python python/bench.py`, as the README says: the source folder must not shadow the
    # installed package (which alone has the compiled core).
    import subprocess
    import sys

    root = README.parent
    done = subprocess.run(
        [sys.executable, "python/bench.py", "--help"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "--openspiel" in done.stdout
