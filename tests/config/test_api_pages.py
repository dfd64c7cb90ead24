"""Every list of the API pages the same way: limit/offset, {count, next, previous, results},
and a Link header."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.config.schema_walk import api_schema, resolve

pytestmark = pytest.mark.django_db


def test_no_operation_answers_a_bare_array():
    for path, item in api_schema()["paths"].items():
        for method, operation in item.items():
            for status, response in operation["responses"].items():
                content = response.get("content", {}).get("application/json")
                if content is None:
                    continue
                schema = resolve(content["schema"])
                assert schema.get("type") != "array", (method, path, status)


def test_every_list_is_a_page_with_its_link_header_documented():
    schema = api_schema()
    pages = 0
    for path, item in schema["paths"].items():
        answer = item.get("get", {}).get("responses", {}).get("200", {})
        ref = answer.get("content", {}).get("application/json", {}).get("schema", {})
        if not ref.get("$ref", "").split("/")[-1].startswith("Paginated"):
            continue
        pages += 1
        page = resolve(ref)
        assert {"count", "next", "previous", "results"} <= set(page["properties"]), path
        assert "Link" in answer["headers"], path
        names = {p["name"] for p in item["get"]["parameters"]}
        assert {"limit", "offset"} <= names, path
    # events, players, rounds, penalties, audit, standings, judge calls, deck lists, deck
    # checks, games, rulings versions, editions and cards
    assert pages >= 13


def test_standings_page_with_links(event, regs):
    url = f"/api/v1/events/{event.pk}/standings/"
    whole = APIClient().get(url).json()
    assert whole["count"] == 8 and len(whole["results"]) == 8 and whole["next"] is None
    first = APIClient().get(url, {"limit": 3})
    body = first.json()
    assert body["count"] == 8 and [r["rank"] for r in body["results"]] == [1, 2, 3]
    assert body["next"] == f"http://testserver{url}?limit=3&offset=3"
    assert first["Link"] == f'<{body["next"]}>; rel="next"'
    assert first["Standings-After-Round"] == "0"
    last = APIClient().get(url, {"limit": 3, "offset": 6})
    assert [r["rank"] for r in last.json()["results"]] == [7, 8]
    assert last.json()["previous"] == f"http://testserver{url}?limit=3&offset=3"
    assert last["Link"] == f'<{last.json()["previous"]}>; rel="prev"'


@pytest.mark.parametrize(
    "list_path",
    ["events/{event}/players/", "events/{event}/rounds/", "events/{event}/penalties/"],
)
def test_the_former_bare_lists_page(event, regs, judge, round1, list_path):
    api = APIClient()
    api.force_authenticate(judge)
    url = "/api/v1/" + list_path.format(event=event.pk)
    body = api.get(url, {"limit": 1}).json()
    assert set(body) == {"count", "next", "previous", "results"}
    assert len(body["results"]) == min(1, body["count"])
