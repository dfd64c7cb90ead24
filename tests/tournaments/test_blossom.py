"""The exact matching used by the pairing fallback, compared with networkx."""

from __future__ import annotations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing.blossom import max_weight_matching


@st.composite
def graphs(draw):
    n = draw(st.integers(min_value=2, max_value=16))
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs)))
    top = draw(st.sampled_from([1, 3, 10, 1000]))
    return [(i, j, draw(st.integers(min_value=0, max_value=top))) for i, j in chosen]


def weight_of(mate, edges):
    weights = {frozenset((i, j)): w for i, j, w in edges}
    return sum(weights[frozenset((v, m))] for v, m in enumerate(mate) if m > v)


@settings(max_examples=400, deadline=None)
@given(edges=graphs(), max_cardinality=st.booleans())
def test_same_weight_and_size_as_networkx(edges, max_cardinality):
    mate = max_weight_matching(edges, max_cardinality=max_cardinality)
    for v, m in enumerate(mate):
        assert m == -1 or mate[m] == v
        assert m == -1 or any({i, j} == {v, m} for i, j, _ in edges)
    graph = nx.Graph()
    graph.add_weighted_edges_from(edges)
    expected = nx.max_weight_matching(graph, maxcardinality=max_cardinality)
    if edges:
        assert weight_of(mate, edges) == sum(graph[u][v]["weight"] for u, v in expected)
    if max_cardinality:
        assert sum(m > v for v, m in enumerate(mate)) == len(expected)


def test_no_edges_no_matching():
    assert max_weight_matching([]) == []
