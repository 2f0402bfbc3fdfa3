"""Fit the hard Makao AI's position value (each game's ``position_weights``, in its rule config) to
simulated deals (issue 15: a horizon with an evaluation fitted from simulated deals, not hand-set).

Run from the project root with the venv active::

    python bench/fit_shedding_value.py [--deals 400] [--players 2] [--seed 0] [--every 7]

For each game, ``--deals`` deals (default options) are played to the end by the playout policy
(:func:`~makao_tui.ai.shedding.playout_move` at every seat, forced moves stepped as they
come); every ``--every`` moves a position is recorded for every seat: its features
(:func:`~makao_tui.ai.shedding.features`: hand-size lead over the closest opponent, the
seat is to act) and whether that seat went on to win the deal. Deals with no winner, or still
running after 20,000 moves, are left out. A logistic model P(win) = logistic(a·lead + b·to_act + c) is
fitted by Newton's method (maximum likelihood), and the weights are printed with their log-loss
next to that of a constant model. The printed weights go into the game's ``position_weights``
(``games/shedding.py`` for makao-pl, ``games/makao_ru.py``). Not a test.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

from makao_tui.ai.shedding import _policy_table, features, playout_move
from makao_tui.games import get_variant

CAP = 20_000


def positions(game: str, deals: int, players: int, seed: int, every: int) -> list[tuple[float, float, int]]:
    """(lead, to_act, won) for every seat at every ``every``-th move of ``deals`` simulated deals."""
    variant = get_variant(game)
    rules = variant.rules({})
    table = _policy_table(rules)
    rows: list[tuple[float, float, int]] = []
    for d in range(deals):
        state = variant.deal(rules, players, d % players, random.Random(f"{seed}/{game}/{d}"), None)
        rng = random.Random(f"{seed}/{game}/{d}/policy")
        seen: list[tuple[int, float, float]] = []
        n = 0
        while not state.over and n < CAP:
            if n % every == 0:
                for seat in range(players):
                    lead, to_act = features(state, seat)
                    seen.append((seat, lead, to_act))
            moves = state.moves()
            state.step(moves[0] if len(moves) == 1 else playout_move(state, moves, table, rng))
            n += 1
        if state.over and state.winner is not None:
            rows += [(lead, to_act, int(seat == state.winner)) for seat, lead, to_act in seen]
    return rows


def fit(rows: list[tuple[float, float, int]], steps: int = 25) -> tuple[list[float], float]:
    """Logistic regression of won on (lead, to_act, 1) by Newton's method: (weights, log-loss)."""
    w = [0.0, 0.0, 0.0]
    for _ in range(steps):
        grad = [0.0] * 3
        hess = [[0.0] * 3 for _ in range(3)]
        for lead, to_act, won in rows:
            x = (lead, to_act, 1.0)
            p = 1 / (1 + math.exp(-sum(wi * xi for wi, xi in zip(w, x, strict=True))))
            for i in range(3):
                grad[i] += (won - p) * x[i]
                for j in range(3):
                    hess[i][j] += p * (1 - p) * x[i] * x[j] + (1e-9 if i == j else 0.0)
        w = [wi + di for wi, di in zip(w, _solve(hess, grad), strict=True)]
    return w, _loss(rows, w)


def _loss(rows, w) -> float:
    total = 0.0
    for lead, to_act, won in rows:
        p = 1 / (1 + math.exp(-(w[0] * lead + w[1] * to_act + w[2])))
        p = min(max(p, 1e-12), 1 - 1e-12)
        total -= math.log(p if won else 1 - p)
    return total / len(rows)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve a·x = b (3×3, Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def main() -> None:
    """Simulate, fit and print the weights per game."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=int, default=7, help="record a position every this many moves")
    parser.add_argument("--games", default="makao-ru,makao-pl")
    args = parser.parse_args()
    for game in args.games.split(","):
        rows = positions(game, args.deals, args.players, args.seed, args.every)
        w, loss = fit(rows)
        base = sum(r[2] for r in rows) / len(rows)
        const = -(base * math.log(base) + (1 - base) * math.log(1 - base))
        print(f"{game}: {len(rows)} positions from {args.deals} deals, {args.players} players; "
              f"log-loss {loss:.4f} (constant model {const:.4f})")
        print(f"    position_weights = ({w[0]:.4f}, {w[1]:.4f}, {w[2]:.4f})")


if __name__ == "__main__":
    main()
