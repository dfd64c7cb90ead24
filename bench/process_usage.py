"""What the benchmark's servers cost, read from /proc: the CPU and memory of given processes,
a server's worker processes, and the whole machine's load over a measurement (the load
generator shares the machine's two cores with the servers, PostgreSQL and Redis)."""

from __future__ import annotations

import os
import re
import subprocess
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from _measure import machine_ticks


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU seconds used so far by the processes."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def rss_mib(pids: list[int]) -> float:
    """Resident memory of the processes, in MiB."""
    total = 0
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except FileNotFoundError:
            continue
        total += int(re.search(r"VmRSS:\s+(\d+)", status).group(1))
    return total / 1024


def children(pid: int) -> list[int]:
    """A server process and its workers."""
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout
    return [pid, *(int(p) for p in out.split())]


def wait_until_up(port: int) -> None:
    """Wait (20 s at most) for a server started on ``port`` to answer its health check."""
    for _i in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return
        except OSError:
            time.sleep(0.2)


@dataclass(frozen=True)
class Start:
    """Where a measurement began: the server's CPU, the clock, the load generator's own CPU
    and the whole machine's ticks."""

    server_cpu: float
    t0: float
    own: float
    ticks: tuple[int, int]


def start(pids: list[int]) -> Start:
    return Start(cpu_seconds(pids), time.monotonic(), time.process_time(), machine_ticks())


def load_line(began: Start) -> str:
    """The load generator's own CPU (it shares the machine's two cores with the server) and
    how busy the whole machine was (server, PostgreSQL, Redis and generator together)."""
    own = (time.process_time() - began.own) / max(time.monotonic() - began.t0, 1e-9)
    busy, total = (now - then for now, then in zip(machine_ticks(), began.ticks, strict=True))
    return (
        f"; load generator CPU {own * 100:.0f}% of one core; whole machine "
        f"{busy / max(total, 1) * 100:.0f}% busy"
    )
