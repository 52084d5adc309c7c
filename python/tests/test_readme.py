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
    exec(compile(block, f"README.md python block {index}", "exec"), {})
