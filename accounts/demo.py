"""Demo people with known passwords (printed by the demo command; for local use only)."""

from __future__ import annotations

from accounts.models import User
from config.demo import DemoContext

ADMIN_PASSWORD = "demo-admin-pass"
JUDGE_PASSWORD = "demo-judge-pass"
PLAYER_PASSWORD = "demo-player-pass"

PLAYER_NAMES = [
    "Alba Ruiz",
    "Bruno Vidal",
    "Carla Soto",
    "Diego Marín",
    "Elena Pardo",
    "Fabio Gil",
    "Gala Ibáñez",
    "Hugo León",
    "Irene Cano",
    "Jorge Peña",
    "Lucía Nieto",
    "Mario Sanz",
    "Nora Vega",
    "Óscar Rey",
    "Paula Mora",
    "Raúl Bravo",
]


def _person(username: str, name: str, password: str, **flags: bool) -> User:
    user, created = User.objects.get_or_create(
        username=username,
        defaults={"display_name": name, "email": f"{username}@demo.invalid", **flags},
    )
    if created:
        user.set_password(password)
        user.save()
    return user


def load_people(ctx: DemoContext) -> list[str]:
    ctx.admin = _person("admin", "Site Admin", ADMIN_PASSWORD, is_staff=True, is_superuser=True)
    ctx.judges = [
        _person(f"judge{i}", f"Judge {name}", JUDGE_PASSWORD)
        for i, name in enumerate(["Ana Torres", "Luis Ortega"], start=1)
    ]
    ctx.players = [
        _person(f"player{i:02d}", name, PLAYER_PASSWORD)
        for i, name in enumerate(PLAYER_NAMES, start=1)
    ]
    return [
        f"admin      / {ADMIN_PASSWORD}   (site admin)",
        f"judge1..2  / {JUDGE_PASSWORD}   (judges of the demo events)",
        f"player01..{len(PLAYER_NAMES):02d} / {PLAYER_PASSWORD}  (players)",
    ]
