"""Where the hard Makao AI loses to the normal one: deals played out, decisions shown (issue 32 item 2).

Run from the project root with the venv active::

    python bench/makao_losses.py [--game makao-ru] [--preset seed] [--deals 20] [--playouts 400]
                                 [--seed 0] [--show 3] [--think S] [--peek N] [--draws]

It plays ``--deals`` two-player deals, each twice with the seats swapped (the duplicate deals of
``bench/ai_strength.py``), the hard level (capped at ``--playouts`` playouts a decision, no clock,
unless ``--think``) against the normal one, and prints:

- the deals won by each level, and how the hard level's lost deals split by the duplicate's other
  half (lost both ways: the cards; lost where normal, in the same seat, won: the play);
- counts of the hard level's decisions by kind, in won and in lost deals: plays that depart from
  the normal policy's choice, penalties taken while an answer was in hand, draws while a card
  fitted, attacks (penalty cards) played, aces and the suit they named;
- for the first ``--show`` deals that hard lost while normal, in its seat on the same cards, won:
  every action of the deal with the hands, the top card, the penalty, and at the hard level's
  searched decisions the values the search gave each candidate (mean of its worlds) and the
  normal policy's choice.

``--peek N`` measures what the hidden cards are worth, not a player: the hard level's worlds
then hold the other hand as it is (only the stock's order stays unknown) once some hand holds at
most ``N`` cards (``--peek 5``: from the start of a deal on). Without it every seat decides from
its own view. ``--draws`` tries an inference makao-ru's engine does not make: a seat that draws
with no penalty pending is taken to hold nothing that fitted (``ShedView.unfit``, as the engine
records a draw where a player draws only for want of a card; in makao-ru a player may draw while a
card fits, but the normal level never does), and the hard level's worlds agree with that. Not a
test; a tool for the one who tunes the hard AI.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections import Counter
from dataclasses import dataclass, field

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))

import makao_tui.ai.shedding as shedding
from makao_tui.ai import Thinking, ai_for
from makao_tui.ai.shedding import HardShedAI
from makao_tui.engine.actions import Draw, Play, Take
from makao_tui.games import get_variant
from makao_tui.sim import wilson_interval


def label(action) -> str:
    """A short text for an action."""
    if isinstance(action, Play):
        text = "+".join(c.label() for c in action.cards)
        if action.as_card is not None:
            text += f"(as {action.as_card.label()})"
        if action.suit:
            text += f"→{action.suit}"
        if action.demand:
            text += f"?{action.demand}"
        if action.makao:
            text += "!"
        return text
    return type(action).__name__.lower()


@dataclass
class Decision:
    """One decision of a seat: who, what it saw, what it did, and (hard) what the search said."""

    seat: int
    level: str
    hand: str
    top: str
    suit: str
    penalty: int
    counts: tuple
    stock: int
    action: str
    default: str = ""
    values: list = field(default_factory=list)
    kinds: list = field(default_factory=list)


class Recorder:
    """Wraps the hard AI's search to keep its result (the candidates' values) and its default."""

    def __init__(self) -> None:
        self.last = None
        self._search = shedding.search

    def __enter__(self):
        def spy(view, candidates, *args, **kwargs):
            result = self._search(view, candidates, *args, **kwargs)
            self.last = (list(candidates), result)
            return result

        shedding.search = spy
        return self

    def __exit__(self, *exc) -> None:
        shedding.search = self._search


def kinds_of(view, action) -> list[str]:
    """The kinds of a decision counted in the summary."""
    rules = view.rules
    plays = [a for a in view.legal if isinstance(a, Play)]
    out = []
    if isinstance(action, Take) and plays:
        out.append("takes with an answer in hand")
    if isinstance(action, Draw) and plays and view.drawn is None:
        out.append("draws while a card fits")
    if isinstance(action, Play):
        card = action.as_card or action.card
        if rules.is_attack(card):
            out.append("attacks" if not view.penalty else "answers a penalty")
        if action.suit:
            held = sum(1 for c in view.hand if c.suit == action.suit and c not in action.cards)
            out.append("ace names a suit it holds" if held else "ace names a suit it lacks")
    return out


class Peeking(HardShedAI):
    """The hard level whose worlds are the deal itself (``truth``, set before each decision), its
    stock shuffled, once some hand holds at most ``peek`` cards (``--peek``)."""

    peek = -1
    truth = None

    def _sample(self, view, rng):
        if min(view.counts) > self.peek or self.truth is None:
            return super()._sample(view, rng)
        world = self.truth.clone()
        rng.shuffle(world.stock)
        world.rng = random.Random(rng.getrandbits(64))
        return world


def play_deal(game: str, rules, i: int, swap: int, seed: int, thinking: Thinking, rec: Recorder, peek: int,
              draws: bool = False):
    """One deal, the hard level at seat ``swap``: (the winner's level or None, its decisions)."""
    variant = get_variant(game)
    order = ("hard", "normal") if swap == 0 else ("normal", "hard")
    players = {s: ai_for(game, lv, rules, thinking) for s, lv in enumerate(order)}
    if peek >= 0:
        players[swap] = Peeking(rules, thinking)
        players[swap].peek = peek
    rngs = {s: random.Random(f"{seed}/{game}/{i}/{swap}/{s}") for s in range(2)}
    state = variant.deal(rules, 2, i % 2, random.Random(f"{seed}/{game}/deal/{i}"), None)
    log: list[Decision] = []
    while not state.is_over:
        seat = state.to_act
        view = state.view(seat)
        rec.last = None
        if isinstance(players[seat], Peeking):
            players[seat].truth = state
        action = players[seat].choose(view, rngs[seat])
        d = Decision(seat, order[seat], " ".join(c.label() for c in view.hand), view.top.label(), view.suit,
                     view.penalty, view.counts, view.stock, label(action))
        if order[seat] == "hard":
            d.kinds = kinds_of(view, action)
            if rec.last is not None:
                cands, result = rec.last
                d.default = label(cands[0])
                d.values = [(label(a), m, n) for a, m, n in zip(cands, result.means, result.counts, strict=True)]
                if action != cands[0]:
                    d.kinds.append("departs from normal")
        log.append(d)
        drew = (draws and isinstance(action, Draw) and not state.penalty and state.drawn is None
                and not state.starter_draw)
        record = (state._allowed(), len(state.hands[seat])) if drew else None
        state.apply(action)
        if record is not None:
            state.unfit[seat] = record
    winner = None if state.winner is None else order[state.winner]
    return winner, log


def main() -> None:
    """Parse the options, play, print the summary and the lost deals."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="makao-ru")
    parser.add_argument("--preset", default="seed")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--playouts", type=int, default=400)
    parser.add_argument("--think", type=float, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=3)
    parser.add_argument("--draws", action="store_true", help="a draw tells that nothing fitted (see above)")
    parser.add_argument("--peek", type=int, default=-1, help="worlds hold the other hand once a hand holds at most "
                        "this many cards (a bound, not a player)")
    args = parser.parse_args()
    variant = get_variant(args.game)
    rules = variant.rules({}, preset=args.preset)
    thinking = Thinking(seconds=args.think, playouts=None) if args.think else Thinking(seconds=None,
                                                                                      playouts=args.playouts)
    wins = Counter()
    kinds = {"won": Counter(), "lost": Counter()}
    decisions = Counter()
    shown = 0
    split = Counter()
    with Recorder() as rec:
        for i in range(args.deals):
            results = [play_deal(args.game, rules, i, swap, args.seed, thinking, rec, args.peek, args.draws)
                       for swap in (0, 1)]
            for swap, (winner, log) in enumerate(results):
                wins[winner] += 1
                outcome = "won" if winner == "hard" else "lost"
                for d in log:
                    if d.level == "hard":
                        decisions[outcome] += 1
                        kinds[outcome].update(d.kinds)
                if winner != "hard":
                    other = results[1 - swap][0]
                    # the other half: the same cards, hard in the other seat: if hard won there, that
                    # seat won both halves (the cards); else normal won from hard's seat (the play)
                    split["the seat won both halves" if other == "hard" else "normal won both halves"] += 1
            for swap, (winner, log) in enumerate(results):
                if winner == "normal" and results[1 - swap][0] == "normal" and shown < args.show:
                    shown += 1
                    print(f"\n=== deal {i}, hard at seat {swap}: lost (normal won from this seat)")
                    for d in log:
                        who = "H" if d.level == "hard" else "n"
                        line = (f"{who} s{d.seat} [{d.hand:<40}] top {d.top} ({d.suit}) pen {d.penalty} "
                                f"counts {d.counts} stock {d.stock}: {d.action}")
                        print(line)
                        if d.values:
                            vals = ", ".join(f"{a} {m:.2f}" for a, m, _ in d.values)
                            print(f"      default {d.default}; worlds {d.values[0][2]}: {vals}")
    total = sum(wins.values())
    low, high = wilson_interval(wins["hard"], total)
    print(f"\n{args.game} {args.preset}, {args.playouts if not args.think else f'{args.think} s'} a decision"
          + (f", peeking at {args.peek} cards" if args.peek >= 0 else "") + (", draws read" if args.draws else "")
          + f": {total} deals, hard {wins['hard']} ({100 * wins['hard'] / total:.1f} %, 95 %: {100 * low:.0f}–"
          f"{100 * high:.0f}), normal {wins['normal']}, no winner {wins[None]}; hard's losses: {dict(split)}")
    for outcome in ("won", "lost"):
        n = decisions[outcome]
        print(f"  hard's decisions in deals it {outcome}: {n}")
        for kind, k in sorted(kinds[outcome].items()):
            print(f"    {kind:<32} {k:5d}  ({100 * k / max(n, 1):.1f} %)")


if __name__ == "__main__":
    main()
