"""``export_event ... | head``: when the reader closes the pipe the command stops quietly
(no BrokenPipeError traceback); with a reader that reads everything the CSV is whole."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from drafts.models import Pick, Pod
from drafts.services import apply_draft_deadlines
from tests.drafts.helpers import database_url, draft_event, move_deadline

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]


def export(event_id: int, *, close_at_once: bool) -> tuple[int, str, bytes]:
    process = subprocess.Popen(
        [sys.executable, "manage.py", "export_event", str(event_id), "--what", "picks"],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": database_url()},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    if close_at_once:
        process.stdout.close()  # the reader is gone before the first row is written
        out = b""
    else:
        out = process.stdout.read()
        process.stdout.close()
    err = process.stderr.read().decode()
    process.stderr.close()
    return process.wait(120), err, out


def test_a_closed_pipe_ends_the_export_quietly():
    event, _judge, _regs = draft_event(2, auction=False, review_seconds=0, prefix="pipe")
    pod = Pod.objects.get(draft__event=event)
    for _step in range(3):  # three steps time out: six picks to export
        move_deadline(pod.pk, timezone.now() - timedelta(seconds=1))
        apply_draft_deadlines()
    assert Pick.objects.filter(pod=pod).count() == 6
    status, err, _out = export(event.pk, close_at_once=True)
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert status == 1
    status, err, out = export(event.pk, close_at_once=False)
    assert status == 0, err
    lines = out.decode().splitlines()
    assert lines[0].startswith("pod,seat,player,pack_round,pick,") and len(lines) == 1 + 6
