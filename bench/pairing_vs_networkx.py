"""Our pairing next to a networkx max_weight_matching pairing: python bench/pairing_vs_networkx.py

The usual open-source Swiss pairing builds a graph of the players, joins those
in the same or a neighbouring score group who have not met, weights each edge
so that a larger point difference costs more (here: W - difference^2), and
asks networkx for a maximum-weight matching with maximum cardinality. The bye
is given first, by the same rule as ours (lowest-ranked player without a bye).
If that graph has no perfect matching it is retried with every rematch-free
pair, then with rematches allowed at a prohibitive cost.

Both pair the very same standings: an event of ``--players`` simulated with
our pairing up to the round compared (``--rounds``, e.g. ``4,6``). Printed for
each: time, and the quality figures of ``tournaments.pairing.quality``
(rematches, pair-downs and their parity floor, total and squared point
difference, largest gap, bye fairness). networkx is pure Python and O(n^3):
at 1,024 players expect minutes per round.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

import networkx as nx

from tournaments.pairing import Player, measure, pair_round
from tournaments.simulation import SimulatedEvent


def networkx_pairing(players: list[Player]) -> list[tuple[object, object | None]]:
    active = sorted((p for p in players if not p.dropped), key=lambda p: p.rank)
    pairs: list[tuple[object, object | None]] = []
    if len(active) % 2:
        without = [p for p in active if not p.had_bye] or active
        bye = without[-1]
        pairs.append((bye.id, None))
        active.remove(bye)
    levels = sorted({p.points for p in active}, reverse=True)
    level = {points: i for i, points in enumerate(levels)}
    spread = (levels[0] - levels[-1]) if levels else 0
    top = spread * spread + 1

    def met(a: Player, b: Player) -> bool:
        return b.id in a.opponents or a.id in b.opponents

    for attempt in ("neighbouring groups", "any rematch-free pair", "rematches allowed"):
        graph = nx.Graph()
        graph.add_nodes_from(p.id for p in active)
        for i, a in enumerate(active):
            for b in active[i + 1 :]:
                near = abs(level[a.points] - level[b.points]) <= 1
                if attempt == "neighbouring groups" and (not near or met(a, b)):
                    continue
                if attempt == "any rematch-free pair" and met(a, b):
                    continue
                cost = (a.points - b.points) ** 2 + (10 * top * len(active) if met(a, b) else 0)
                graph.add_edge(a.id, b.id, weight=10 * top * len(active) + top - cost)
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        if 2 * len(matching) == len(active):
            break
        print(f"    networkx: no perfect matching with {attempt}, widening")
    pairs.extend((a, b) for a, b in matching)
    return pairs


def row(name: str, seconds: float, q) -> str:
    return (
        f"  {name:9s} {seconds:9.3f} s  rematches {q.rematches}  pair-downs {q.pair_downs}"
        f" (floor {q.pair_down_floor})  point diff {q.point_difference}"
        f"  squared {q.squared_difference}  largest {q.largest_difference}"
        f"  bye fair {q.bye_fair} (gap {q.bye_rank_gap})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1024)
    parser.add_argument("--rounds", default="6", help="rounds to compare, e.g. 2,4,6")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--drop-rate", type=float, default=0.01)
    args = parser.parse_args()
    compare = sorted(int(r) for r in args.rounds.split(","))
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs;")
    print(f"networkx {nx.__version__}; {args.players} players, seed {args.seed}")
    event = SimulatedEvent(args.players, seed=args.seed, drop_rate=args.drop_rate)
    worse = False
    for number in range(1, compare[-1] + 1):
        players = event.pairing_input()
        ours_times = []
        for _ in range(5 if number in compare else 1):
            start = time.perf_counter()
            result = pair_round(players, round_number=number, seed=event.seed)
            ours_times.append(time.perf_counter() - start)
        if number in compare:
            ours = measure(players, [(p.player_a, p.player_b) for p in result.pairings])
            start = time.perf_counter()
            baseline_pairs = networkx_pairing(players)
            nx_seconds = time.perf_counter() - start
            theirs = measure(players, baseline_pairs)
            active = sum(not p.dropped for p in players)
            print(f"round {number}: {active} active players, same standings")
            print(row("ours", min(ours_times), ours))
            print(row("networkx", nx_seconds, theirs))
            print(f"  speed-up x{nx_seconds / min(ours_times):,.0f}")
            no_worse = (
                ours.rematches <= theirs.rematches
                and ours.pair_downs <= theirs.pair_downs
                and ours.point_difference <= theirs.point_difference
                and ours.squared_difference <= theirs.squared_difference
                and (ours.bye_fair or not theirs.bye_fair)
            )
            print(f"  ours no worse on every figure: {no_worse}")
            worse |= not no_worse
        event.play(result)
    return 1 if worse else 0


if __name__ == "__main__":
    raise SystemExit(main())
