"""A third shedding game from configuration alone (issue 14 item 3): Czech *Prší*, built here from
the public API (a :class:`~makao_tui.games.shedding.ShedRules` record, a
:class:`~makao_tui.engine.variant.Variant` and its texts; no engine, AI or scenario code of its
own), plays whole matches with every AI level and replays scenario files. Nothing in the engine or
the AI branches on a game's id: the same code runs a game it has never heard of.

Prší as configured here: one 32-card pack (7 to ace), 4 cards each; a seven makes the next player
draw 2 unless he answers with a seven (the penalty adds up: 2, 4, 6…); an ace makes the next player
stand unless he answers with an ace (then the one after stands twice, as Polish fours stack under
``fours_stack``); a queen goes on anything and names the suit; no jack demands;
a player may draw instead of playing; going out wins, the others lose their cards' values.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import pytest

from makao_tui.ai import Thinking
from makao_tui.ai.shedding import EasyShedAI, HardShedAI, ShedAI
from makao_tui.engine.match import Match
from makao_tui.engine.scenario import parse_layout, run_scenario
from makao_tui.engine.variant import Variant, option
from makao_tui.games import shedding
from makao_tui.games.shedding import ShedRules


@dataclass(frozen=True)
class PrsiRules(ShedRules):
    """Prší's fixed rules, and two options."""

    game: str = "prsi"
    pack_ranks: str = "789TJQKA"
    hand_size: int = 4
    wild_ranks: str = "Q"
    namer_rank: str = "Q"
    penalty_cards: tuple[tuple[str, int], ...] = (("7", 2),)
    king_hearts_penalty: int = 0
    skip_rank: str = "A"
    demand_rank: str = ""
    fours_stack: bool = True
    ransom_stacking: str = "add"
    draw_when_playable: bool = True
    auto_makao: bool = True
    deals: int = option(3, "Deals in the match", "The match lasts this many deals.", range=(1, 20))
    jokers: bool = option(False, "Jokers", "Two jokers join the pack.")

    def score(self, hands, winner, out) -> list[int]:
        """0 for the winner, minus each other hand's cards (court cards 10, ace 11)."""
        return [0 if seat == winner else -sum(self.card_value(c) for c in hand) for seat, hand in enumerate(hands)]


PRSI = Variant(
    id="prsi", name="Prší", family="shedding", min_players=2, max_players=4, rules_type=PrsiRules,
    deal=shedding.deal, from_layout=shedding.from_layout,
    match_over=lambda match: len(match.deals) >= match.rules.deals, decks=1, jokers=shedding.jokers,
    blurb="Czech shedding game, 32 cards", help_text="Sevens draw 2, aces stand, queens change the suit.",
    presets={"seed": {}, "house": {"jokers": True}},
)


def _ai(level: str, rules: PrsiRules):
    return {"easy": EasyShedAI(), "normal": ShedAI(),
            "hard": HardShedAI(rules, Thinking(seconds=None, playouts=30))}[level]


@pytest.mark.parametrize("players,levels,preset", [
    (2, ("normal", "easy"), "seed"), (3, ("hard", "normal", "easy"), "seed"),
    (4, ("normal", "normal", "easy", "easy"), "house")])
def test_whole_matches_with_every_ai_level(players, levels, preset):
    rules = PRSI.rules(preset=preset)
    match = Match(PRSI, rules, [f"P{i}" for i in range(players)], seed=players)
    ais = [_ai(level, rules) for level in levels]
    rng = random.Random(players)
    pack = Counter(rules.pack())
    assert sum(pack.values()) == 32 + (2 if preset == "house" else 0)
    for _ in range(5000):
        state = match.state
        if state.is_over:
            if match.is_over:
                break
            match.next_deal()
            continue
        held = Counter(c for h in state.hands for c in h) + Counter(state.stock) + Counter(state.pile)
        assert held == pack  # no card made or lost
        seat = state.to_act
        view = state.view(seat)
        assert view.legal and all(c.rank in "789TJQKAX" for c in view.hand)
        action = ais[seat].choose(view, rng)
        assert action in view.legal
        match.apply(action)
    assert match.is_over and len(match.deals) == 3


def _replay(hands, starter, actions, **options):
    data = {"variant": "prsi", "players": len(hands), "dealer": 0, "options": options, "hands": hands,
            "starter": starter, "stock": ["8C", "TC", "JC", "KC", "8D", "9D", "TD"], "actions": actions}
    out, status = run_scenario(parse_layout(data, {"prsi": PRSI}))
    return out, status


def test_sevens_add_up_aces_stand_queens_name_the_suit():
    hands = [["7S", "8H"], ["7H", "AH", "QS"], ["AS", "TH", "KH"]]
    out, status = _replay(hands, "9H", [{"seat": 1, "do": "play", "card": "7H"},
                                        {"seat": 2, "do": "take"}])
    assert status == 0 and out["to_act"] == 0 and len(out["hands"][2]) == 5  # took 2
    out, status = _replay(hands, "9H", [{"seat": 1, "do": "play", "card": "7H"},
                                        {"seat": 2, "do": "play", "card": "AS"}])
    assert status == 2 and "does not answer the penalty" in out["error"]["reason"]
    out, status = _replay([["7S", "8H"], ["7H", "AH", "QS"], ["AS", "TH", "KH"]], "9H",
                          [{"seat": 1, "do": "play", "card": "AH"}, {"seat": 2, "do": "play", "card": "AS"}])
    assert status == 0 and out["to_act"] == 1  # the ace answered: seat 0 stands, seat 1 acts
    out, status = _replay(hands, "9C", [{"seat": 1, "do": "play", "card": "QS", "suit": "D"}])
    assert status == 0 and out["top"] == "QS" and out["suit"] == "D"


def test_a_jack_demands_nothing_here():
    out, status = _replay([["JH", "8H", "9S"], ["7H", "8S"]], "TH",
                          [{"seat": 1, "do": "draw"}, {"seat": 0, "do": "play", "card": "JH", "demand": "8"}])
    assert status == 2 and "no demands" in out["error"]["reason"]
