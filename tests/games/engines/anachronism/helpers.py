"""A small test catalogue whose numbers the rules tests control, and game builders."""

from __future__ import annotations

from typing import Any

from games.engines.anachronism.catalogue import Catalogue, parse_catalogue
from games.engines.anachronism.state import Game

FRONT = [". . . . .", ". . 1 . .", ". 0 W 0 .", ". . . . .", ". . . . ."]
REACH = [". . 2 . .", ". . 1 . .", ". . W . .", ". . . . .", ". . . . ."]


def warrior(card_id: str, **numbers: Any) -> dict[str, Any]:
    data = {
        "id": card_id,
        "name": {"en": card_id},
        "life": 6,
        "speed": 2,
        "experience": 3,
        "damage": 1,
        "element": "fire",
        "grid": FRONT,
        "abilities": [],
    }
    data.update(numbers)
    return data


def support(card_id: str, kind: str = "special", **numbers: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": card_id,
        "name": {"en": card_id},
        "type": kind,
        "initiative": 1,
        "hands": 0,
        "trait": None,
        "abilities": [],
    }
    if kind == "weapon":
        data.update(damage=2, grid=REACH)
    data.update(numbers)
    return data


def ability(ability_id: str, timing: str, kind: str, amount: int | None = None) -> dict:
    effect: dict[str, Any] = {"kind": kind}
    if amount is not None:
        effect["amount"] = amount
    return {"id": ability_id, "name": {"en": ability_id}, "timing": timing, "effect": effect}


FILLER = ("f-special", "f-inspiration", "f-armor", "f-weapon")


def catalogue(warriors: list[dict], supports: list[dict]) -> Catalogue:
    """A catalogue of these cards plus FILLER: four cards of four types, initiative 0."""
    filler = [
        support(f"f-{kind}", kind, initiative=0)
        for kind in ("special", "inspiration", "armor", "weapon")
    ]
    return parse_catalogue(
        {"catalogue": "test", "version": 1, "warriors": warriors, "supports": supports + filler}
    )


BASIC_CATALOGUE = catalogue(
    [
        warrior("vet", experience=5),
        warrior("rookie", experience=1),
        warrior("twin", experience=5),
    ],
    [
        support("slow", initiative=1),
        support("quick", initiative=6),
        support("mid", initiative=3),
        support("blade", "weapon", initiative=2),
        support(
            "plate",
            "armor",
            initiative=2,
            trait="torso",
            abilities=[ability("guard", "static", "armor", 1)],
        ),
        support("mail", "armor", initiative=2, trait="torso"),
        support("salve", "special", initiative=2, abilities=[ability("mend", "reveal", "heal", 2)]),
        support(
            "hurt", "special", initiative=9, abilities=[ability("sting", "reveal", "wound", 9)]
        ),
        support(
            "fury",
            "inspiration",
            initiative=1,
            abilities=[ability("rage", "static", "damage-bonus", 1)],
        ),
        # Four cards of four types, so that a side keeps all of them face up.
        support("slow-i", "inspiration", initiative=1),
        support("slow-a", "armor", initiative=1),
        support(
            "slow-w",
            "weapon",
            initiative=1,
            grid=[". . . . ."] * 2 + [". . W . ."] + [". . . . ."] * 2,
        ),
        support("quick-i", "inspiration", initiative=6),
        support("quick-a", "armor", initiative=6),
        support(
            "quick-w",
            "weapon",
            initiative=6,
            grid=[". . . . ."] * 2 + [". . W . ."] + [". . . . ."] * 2,
        ),
    ],
)


SLOW = ("slow", "slow-i", "slow-a", "slow-w")
QUICK = ("quick", "quick-i", "quick-a", "quick-w")


def game_after_placement(
    north: str = "vet",
    south: str = "rookie",
    north_cards: tuple[str, ...] = SLOW,
    south_cards: tuple[str, ...] = QUICK,
    squares: tuple[str, str] = ("c5", "c1"),
    cat: Catalogue = BASIC_CATALOGUE,
) -> Game:
    """A game whose warriors stand on ``squares`` (north, south), in assault 1."""
    game = Game(cat, {"north": north, "south": south}, {"north": north_cards, "south": south_cards})
    game.apply_placement_roll((1, 1), (6, 6))  # north lower: places first (line 40)
    game.apply_place("north", squares[0])
    game.apply_place("south", squares[1])
    return game


def stand(game: Game, side: str, square: str, face: str) -> None:
    """Put a warrior on a square facing a way (to set up a position for a test)."""
    from games.engines.anachronism.types import parse_square

    game.position[side] = parse_square(square, game.arena)
    game.facing[side] = face
