"""The engines package stays pure: no Django below it, one table of error codes."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import games.engines
from games.engines import errors
from games.engines.messages import MESSAGES, PHASE_LABELS, render

PACKAGE = Path(games.engines.__file__).parent
REPO = PACKAGE.parents[1]


def _modules() -> list[str]:
    return sorted(
        ".".join(p.relative_to(REPO).with_suffix("").parts).removesuffix(".__init__")
        for p in PACKAGE.rglob("*.py")
    )


def test_importing_every_engine_module_does_not_import_django():
    code = (
        "import importlib, sys\n"
        f"for name in {_modules()!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "assert not bad, bad\n"
        "assert 'rest_framework' not in sys.modules\n"
    )
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


def test_no_engine_source_mentions_a_django_import():
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            for name in names:
                assert not name.startswith(("django", "rest_framework")), (path, name)


def test_every_error_code_raised_in_the_engines_has_a_message():
    pattern = re.compile(r'"((?:[a-z]+)\.[a-z_]+)"')
    used = set()
    for path in PACKAGE.rglob("*.py"):
        if path.name == "messages.py":
            continue
        for match in pattern.finditer(path.read_text(encoding="utf-8")):
            prefix = match.group(1).split(".")[0]
            if prefix in {p.split(".")[0] for p in MESSAGES}:
                used.add(match.group(1))
    missing = sorted(code for code in used if code not in MESSAGES)
    assert not missing


def test_messages_are_valid_percent_templates():
    for code, template in MESSAGES.items():
        names = re.findall(r"%\(([a-z_]+)\)s", template)
        rendered = render(code, dict.fromkeys(names, "X"))
        assert "%(" not in rendered, code
    assert "end" in PHASE_LABELS


def test_every_error_class_is_a_value_error():
    for name in dir(errors):
        obj = getattr(errors, name)
        if (
            isinstance(obj, type)
            and issubclass(obj, Exception)
            and obj.__module__ == errors.__name__
        ):
            assert issubclass(obj, ValueError), name
