"""No two modules of the accounts app import each other, lazily (inside a function) or not:
the notification code schedules the mail task, and the task sends the mail through
``accounts.notification_mail``, never back through ``accounts.notifications``."""

from __future__ import annotations

import ast
from pathlib import Path

import accounts

APP = Path(accounts.__file__).parent


def _imports() -> dict[str, set[str]]:
    modules = {
        ".".join(("accounts", *path.relative_to(APP).with_suffix("").parts)).removesuffix(
            ".__init__"
        ): path
        for path in APP.rglob("*.py")
        if "migrations" not in path.parts
    }
    found: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                targets.add(node.module)
                targets.update(f"{node.module}.{alias.name}" for alias in node.names)
        found[name] = {t for t in targets if t in modules and t != name}
    return found


def test_the_scan_sees_the_notification_modules():
    imports = _imports()
    assert "accounts.tasks" in imports["accounts.notifications"]
    assert "accounts.notification_mail" in imports["accounts.tasks"]


def test_no_two_accounts_modules_import_each_other():
    imports = _imports()
    mutual = sorted(
        (a, b) for a, targets in imports.items() for b in targets if a < b and a in imports[b]
    )
    assert mutual == []
