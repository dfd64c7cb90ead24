"""No English left on Spanish pages: every page reachable from the home page, as an anonymous
visitor, a player, a judge and a site admin, on the demo data, is rendered in Spanish and in
English; a piece of text that reads the same in both and is made of English words fails.

Names (people, events, cards, games) read the same in both languages and are not flagged: a
text is flagged only when it holds English words that are not Spanish ones."""

from __future__ import annotations

import re
from collections import deque
from html.parser import HTMLParser

import pytest
from django.core.management import call_command
from django.test import Client

pytestmark = pytest.mark.django_db

# Words that are English and not Spanish: a text holding one is English.
_ENGLISH_WORDS = (
    "the and of to for with from by is are was were be been this that these those it its "
    "you your yours our we they their them she his her who whom which what when where "
    "why how not yes all any some each every more most less only also just than then "
    "there here into onto over under after before about again against between both but "
    "can could did do does done had have having if may might must should shall will "
    "would round rounds table tables player players match matches game games result "
    "results report reports waiting opponent pairing pairings standings event events "
    "judge judges deck decks list lists card cards check checked missing none draw drawn "
    "wins win won loss lost penalty penalties warning record records attacker defender "
    "wizard archer knight footman heads tails score settings start started finish "
    "finished open closed page next previous back home login logout sign edit save "
    "submit delete cancel confirm history change changes filter new old time clock "
    "minutes seconds left right"
)
ENGLISH = frozenset(_ENGLISH_WORDS.split())
# Texts that are the same in both languages on purpose (names, symbols, product names).
ALLOWED = re.compile(
    r"^(Humankind|Qíahn Tactics( Goblin II)?|Anachronism|Goblin II|API|CSV|JSON|PDF|OK|"
    r"[\d\s:/.,·—–\-+%()×x#]+)$"
)
SKIP = re.compile(
    r"/(logout|admin|api|static|media)/|/(feed|csv|print|export)|\.(csv|json|txt|xml)$|download"
)


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.links: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in ("script", "style", "code", "pre", "textarea"):
            self._skip += 1
        if tag == "a":
            href = dict(attrs).get("href") or ""
            self.links.append(href)
        for name, value in attrs:
            if name in ("title", "placeholder", "aria-label", "alt") and value:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "code", "pre", "textarea") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.parts.append(" ".join(data.split()))


def _parse(html: str) -> _Text:
    parser = _Text()
    parser.feed(html)
    return parser


# A verdict starts with where in the record it is ("rounds[2].steps: ..."): record words.
RECORD_PATH = re.compile(r"^(?!record:)[a-z_][\w.\[\]]*: ")
QUOTED = re.compile(r"'[^']*'|«[^»]*»|“[^”]*”|\"[^\"]*\"")


def _english(text: str, names: set[str]) -> bool:
    """Whether the text holds English words, once names and quoted record words are out."""
    if ALLOWED.match(text) or text in names:
        return False
    text = QUOTED.sub(" ", text)
    for name in names:
        if len(name) > 3 and name in text:
            text = text.replace(name, " ")
    text = RECORD_PATH.sub(" ", text)
    words = re.findall(r"[^\W\d_]+", text)
    return any(w.lower() in ENGLISH for w in words)


def _crawl(client: Client, start: list[str], limit: int) -> dict[str, str]:
    seen: dict[str, str] = {}
    queue = deque(start)
    while queue and len(seen) < limit:
        url = queue.popleft()
        if url in seen or SKIP.search(url):
            continue
        response = client.get(url)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            seen[url] = ""
            continue
        html = response.content.decode()
        seen[url] = html
        for href in _parse(html).links:
            href = href.split("#")[0]
            if href.startswith("/es/") and href not in seen and "?" not in href:
                queue.append(href)
    return seen


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        call_command("demo_data", verbosity=0)
        yield
        # The module's data stays for its tests only.
        from django.core.management import call_command as run

        run("flush", interactive=False, verbosity=0)


def _people():
    from accounts.models import User
    from tournaments.models import EventStaff, Registration

    judge = EventStaff.objects.select_related("user").first().user
    player = Registration.objects.select_related("player").order_by("pk").first().player
    admin = User.objects.filter(is_superuser=True).first()
    return {"anonymous": None, "player": player, "judge": judge, "admin": admin}


def _names() -> set[str]:
    from accounts.models import User
    from rulings.models import Card
    from tournaments.models import Event

    names = {u.public_name for u in User.objects.all()}
    names |= set(User.objects.values_list("username", flat=True))
    names |= set(User.objects.values_list("display_name", flat=True))
    names |= set(Event.objects.values_list("name", flat=True))
    names |= set(Card.objects.values_list("name", flat=True))
    return names


@pytest.mark.parametrize("role", ["anonymous", "player", "judge", "admin"])
def test_spanish_pages_hold_no_english(demo, role):
    user = _people()[role]
    client = Client()
    if user is not None:
        client.force_login(user)
    pages = _crawl(client, ["/es/", "/es/events/", "/es/rulings/", "/es/games/"], limit=400)
    names = _names()
    problems: dict[str, set[str]] = {}
    for url, html in pages.items():
        if not html:
            continue
        english_html = client.get(url[len("/es") :]).content.decode()
        english_parts = set(_parse(english_html).parts)
        same = [p for p in _parse(html).parts if p in english_parts and _english(p, names)]
        same += [p for p in _parse(html).parts if p not in english_parts and _english(p, names)]
        if same:
            problems[url] = set(same)
    report = "\n".join(f"{url}: {sorted(texts)}" for url, texts in sorted(problems.items()))
    assert not problems, f"English on {len(problems)} Spanish pages:\n{report}"


# Records the checker refuses, one per kind of reason (shape, JSON, rules of each game).
BAD_RECORDS = [
    '{"format": 1',
    "[]",
    "{}",
    '{"format": 1, "game": "qiahn-tactics"}',
    '{"format": 1, "game": "qiahn-goblin-ii"}',
    '{"format": 1, "game": "anachronism"}',
    '{"format": 9, "game": "qiahn-tactics"}',
    '{"format": 1, "game": "chess"}',
    '{"format": "1", "game": "qiahn-tactics"}',
]


def _example_mutations() -> list[str]:
    """The shipped examples with one step broken: rule errors from every engine."""
    import json
    from pathlib import Path

    out = []
    for path in sorted(Path("games/data/examples").glob("*.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        rounds = record.get("rounds") or record.get("assaults") or []
        if rounds and isinstance(rounds[0], dict):
            first = rounds[0]
            for key in list(first)[:3]:
                broken = json.loads(json.dumps(record))
                target = (broken.get("rounds") or broken.get("assaults"))[0]
                target[key] = {"nonsense": 7} if not isinstance(target[key], dict) else {}
                out.append(json.dumps(broken))
        broken = dict(record)
        broken["result"] = {"nonsense": True}
        out.append(json.dumps(broken))
    return out


def test_engine_messages_on_the_record_checker_are_spanish(db):
    client = Client()
    blank = set(_parse(client.get("/es/games/records/check/").content.decode()).parts)
    problems = {}
    for record in BAD_RECORDS + _example_mutations():
        es = _parse(client.post("/es/games/records/check/", {"record": record}).content.decode())
        same = [p for p in es.parts if p not in blank and _english(p, set())]
        if same:
            problems[record[:60]] = same
    report = "\n".join(f"{k}: {v}" for k, v in problems.items())
    assert not problems, f"English in Spanish verdicts:\n{report}"


def test_json_errors_and_the_record_root_read_in_spanish(db):
    client = Client()
    page = client.post("/es/games/records/check/", {"record": '{"format": 1'}).content.decode()
    assert "se esperaba una coma (línea 1, columna 13)" in page
    assert "Expecting" not in page
    page = client.post("/es/games/records/check/", {"record": "{}"}).content.decode()
    assert "registro: falta la clave obligatoria" in page
    english = client.post("/games/records/check/", {"record": "{}"}).content.decode()
    assert "record: the required key" in english


def test_the_odds_form_names_combatants_in_spanish(db):
    page = Client().get("/es/games/qiahn-tactics/odds/").content.decode()
    assert "atacante 1" in page and "el combatiente 1 de cruz" in page
    assert ">attacker 1<" not in page
