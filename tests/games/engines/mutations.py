"""Single mutations of a JSON record, for the property tests.

A mutation changes exactly one thing: a value replaced (by a neighbour, by a
word from the game's vocabulary, or by a value of another JSON type), a key
deleted or added, a list element deleted, duplicated or swapped with the next.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

Path = tuple[Any, ...]

OTHER_TYPES: tuple[Any, ...] = (None, True, 1.5, "x", [], {})


def nodes(value: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every node of a JSON value with its path (keys and indexes)."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from nodes(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from nodes(item, (*path, index))


def _parent(root: Any, path: Path) -> Any:
    for step in path[:-1]:
        root = root[step]
    return root


def replace(root: Any, path: Path, new: Any) -> Any:
    out = copy.deepcopy(root)
    if not path:
        return new
    _parent(out, path)[path[-1]] = new
    return out


def delete(root: Any, path: Path) -> Any:
    out = copy.deepcopy(root)
    parent = _parent(out, path)
    del parent[path[-1]]
    return out


def add_key(root: Any, path: Path, key: str, value: Any) -> Any:
    out = copy.deepcopy(root)
    target = out
    for step in path:
        target = target[step]
    target[key] = value
    return out


def list_op(root: Any, path: Path, op: str) -> Any | None:
    out = copy.deepcopy(root)
    parent = _parent(out, path)
    index = path[-1]
    if op == "duplicate":
        parent.insert(index, copy.deepcopy(parent[index]))
    elif op == "swap":
        if index + 1 >= len(parent):
            return None
        parent[index], parent[index + 1] = parent[index + 1], parent[index]
    return out


def mutation_thunks(
    record: dict[str, Any], vocabulary: tuple[Any, ...]
) -> Iterator[tuple[str, Callable[[], Any]]]:
    """Every single mutation of ``record``, lazily: (description, make the mutated record).

    A thunk may return None when the mutation does not apply (swapping the last item).
    """
    for path, value in list(nodes(record)):
        if path:
            for other in OTHER_TYPES:
                if type(other) is not type(value) or other != value:
                    yield f"{path} -> {other!r}", partial(replace, record, path, other)
            if type(value) is int and not isinstance(value, bool):
                for delta in (-1, 1):
                    yield f"{path} {delta:+d}", partial(replace, record, path, value + delta)
            if isinstance(value, str):
                for word in vocabulary:
                    if word != value:
                        yield f"{path} -> {word!r}", partial(replace, record, path, word)
            yield f"delete {path}", partial(delete, record, path)
            if isinstance(path[-1], int):
                for op in ("duplicate", "swap"):
                    yield f"{op} {path}", partial(list_op, record, path, op)
        if isinstance(value, dict):
            for key in ("extra", *[w for w in vocabulary if isinstance(w, str)][:12]):
                if key not in value:
                    yield f"add {path}.{key}", partial(add_key, record, path, key, [])


def mutations(record: dict[str, Any], vocabulary: tuple[Any, ...]) -> Iterator[tuple[str, Any]]:
    """Every single mutation of ``record``: (description, mutated record)."""
    for description, make in mutation_thunks(record, vocabulary):
        mutated = make()
        if mutated is not None:
            yield description, mutated
