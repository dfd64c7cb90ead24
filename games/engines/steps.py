"""What every game's state shares: locating an illegal step and checking whose turn it is.

A state class that mixes this in has ``round``, ``phase`` and ``to_act``, and
calls its last phase ``"end"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines.errors import IllegalStepError

END = "end"


class StepChecks:
    round: int
    phase: str
    to_act: str | None

    def _illegal(
        self, code: str, side: str | None, params: Mapping[str, Any], field: str = ""
    ) -> IllegalStepError:
        err = IllegalStepError(code, params, round=self.round, phase=self.phase, side=side)
        err.field = field
        return err

    def _expect(self, phase: str, side: str | None, action: str) -> None:
        if self.phase != phase:
            if self.phase == END:
                raise self._illegal("step.game_over", side, {"action": action})
            raise self._illegal(
                "step.wrong_phase",
                side,
                {"action": action, "phase": self.phase, "round": self.round},
            )
        if side is not None and side != self.to_act:
            raise self._illegal("step.not_your_turn", side, {"expected": self.to_act, "side": side})
