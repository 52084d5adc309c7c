"""The Python examples of the pages under docs/ run as they are written, as the README's do
(python/tests/test_readme.py): CI runs this file with the package and its extras installed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"


def python_blocks():
    blocks = []
    for page in sorted(DOCS.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        for k, block in enumerate(re.findall(r"```python\n(.*?)```", text, re.S)):
            blocks.append((f"{page.name} python block {k}", block))
    return blocks


@pytest.mark.parametrize("name,block", python_blocks(), ids=[n for n, _ in python_blocks()])
def test_docs_example_runs(name, block):
    for module in ("pettingzoo", "gymnasium", "pyspiel", "rlcard"):
        if module in block:
            pytest.importorskip(module)
    ray = pytest.importorskip("ray") if "recess.ray" in block else None
    started_ray = ray is not None and not ray.is_initialized()
    try:
        exec(compile(block, name, "exec"), {})
    finally:
        # The example starts a local Ray; it should not outlive the example.
        if started_ray and ray.is_initialized():
            ray.shutdown()


def test_the_pages_hold_python_examples():
    assert len(python_blocks()) >= 8
