"""Typed readers for settings that come from the environment."""

from __future__ import annotations

import os
from urllib.parse import SplitResult, urlsplit


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = raw.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ValueError(f"{name}={raw!r} is not a boolean (use 1/0, true/false, yes/no, on/off)")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise ValueError(f"{name}={raw!r} is not an integer") from exc


def env_list(name: str, default: list[str] | None = None) -> list[str]:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return list(default or [])
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_url(name: str, default: str = "") -> str:
    """An http(s) origin (scheme, host and port, no path), without a trailing slash;
    refused with the reason when it is anything else."""
    raw = os.environ.get(name, default).strip()
    value = raw.rstrip("/")
    if not value:
        return ""
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc or value != _origin(parts):
        raise ValueError(
            f"{name}={raw!r} is not an http:// or https:// origin such as "
            "http://192.168.1.20:8000 (scheme, host and port only)"
        )
    return value


def _origin(parts: SplitResult) -> str:
    return f"{parts.scheme}://{parts.netloc}"
