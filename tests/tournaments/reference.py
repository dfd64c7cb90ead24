"""A reference pairing optimum computed with networkx, for comparison in tests."""

from __future__ import annotations

import itertools

import networkx as nx

from tournaments.pairing import Player, RoundPairings

REMATCH_COST = 10**12
BYE_STEP = 10**8


def played(a: Player, b: Player) -> bool:
    return b.id in a.opponents or a.id in b.opponents


def bye_preference(players: list[Player]) -> list[Player]:
    """Lowest-ranked first among those without a bye, then those with one."""
    active = sorted((p for p in players if not p.dropped), key=lambda p: p.rank, reverse=True)
    return [p for p in active if not p.had_bye] + [p for p in active if p.had_bye]


def pairing_cost(players: list[Player], pairs: list[tuple[object, object | None]]) -> int:
    """Rematches, then the bye's place in the preference, then squared point differences."""
    by_id = {p.id: p for p in players}
    place = {p.id: i for i, p in enumerate(bye_preference(players))}
    cost = 0
    for a, b in pairs:
        if b is None:
            cost += place[a] * BYE_STEP
        else:
            pa, pb = by_id[a], by_id[b]
            cost += (pa.points - pb.points) ** 2 + REMATCH_COST * played(pa, pb)
    return cost


def optimum_cost(players: list[Player]) -> int:
    """The least ``pairing_cost`` any pairing of the active players has (networkx)."""
    active = [p for p in players if not p.dropped]
    place = {p.id: i for i, p in enumerate(bye_preference(players))}
    graph = nx.Graph()
    graph.add_nodes_from(p.id for p in active)
    for a, b in itertools.combinations(active, 2):
        cost = (a.points - b.points) ** 2 + REMATCH_COST * played(a, b)
        graph.add_edge(a.id, b.id, cost=cost)
    if len(active) % 2:
        for p in active:
            graph.add_edge(p.id, "bye", cost=place[p.id] * BYE_STEP)
    if graph.number_of_edges() == 0:
        return 0
    top = max(c for _, _, c in graph.edges(data="cost")) + 1
    for _, _, data in graph.edges(data=True):
        data["weight"] = top - data["cost"]
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return sum(graph[u][v]["cost"] for u, v in matching)


def rematch_free_exists(players: list[Player]) -> bool:
    """Whether a rematch-free pairing exists (any one active player on the bye)."""
    active = [p for p in players if not p.dropped]
    graph = nx.Graph()
    graph.add_nodes_from(p.id for p in active)
    graph.add_edges_from(
        (a.id, b.id) for a, b in itertools.combinations(active, 2) if not played(a, b)
    )
    if len(active) % 2:
        graph.add_edges_from((p.id, "bye") for p in active)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == graph.number_of_nodes()


def pairs_of(result: RoundPairings) -> list[tuple[object, object | None]]:
    return [(p.player_a, p.player_b) for p in result.pairings]
