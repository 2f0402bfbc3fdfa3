"""makao-ru — Russian Makao (RULES.md §1): two packs, wild 9s and aces, penalty 2/3/K♥,
played to a loss limit. The rules live in :mod:`.shedding`; this module holds what is Russian."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.match import Match
from ..engine.variant import Variant, option, register
from .shedding import KING_OF_HEARTS, ShedGame, deal_columns, hand_value


@dataclass(frozen=True)
class RuRules:
    """makao-ru options (RULES.md §1): ``loss_limit`` 200..1000 points (default 500) ends the match;
    ``auto_makao`` makes the Makao call automatic (default off)."""

    loss_limit: int = option(500, "Loss limit (points)", range=(200, 1000))
    auto_makao: bool = option(False, "Call Makao automatically")


def card_value(card: Card) -> int:
    """Minus points of a card left in hand (RULES.md §1 "Scoring"): 2=20, 3=30, 9=40, ace and K♥=50,
    4..8=5, 10, jack, queen and the other kings=10."""
    if card == KING_OF_HEARTS or card.rank == "A":
        return 50
    return {"2": 20, "3": 30, "9": 40, "T": 10, "J": 10, "Q": 10, "K": 10}.get(card.rank, 5)


def score(hands, winner, out, value) -> list[int]:
    """Points added to each total: 0 for a seat that went out, else the value of its hand."""
    return [0 if seat in out else hand_value(hand, value) for seat, hand in enumerate(hands)]


GAME = ShedGame(
    id="makao-ru", decks=2, wild_ranks=frozenset("9A"), makao_cost=2, four_skips=False,
    jack_demands=False, draw_when_playable=True, answer_after_going_out=True, ransom_word=False,
    card_value=card_value, score=score,
)


def match_over(match: Match) -> bool:
    """The match ends when some total reaches the loss limit (RULES.md §1 "Match")."""
    return max(match.totals) >= match.rules.loss_limit


HELP = """\
Shed all your cards. Play one card of the same suit or rank as the top of the pile.
Nines and aces are wild (not on a penalty): a nine sets its own suit, an ace names any suit.
Penalty cards: 2 (take 2), 3 (take 3), K♥ (take 5). Answer with the same kind to pass the sum
on, or take the whole penalty and lose the turn.
Instead of playing you may draw one card; you may play that card at once, or pass.
Call Makao (m) with the play that leaves you one card, or draw 2.
Cards left in hand cost points: 2=20, 3=30, 9=40, ace and K♥=50, 4-8=5, others 10.
The match ends when someone reaches the loss limit; the lowest total wins."""

VARIANT = register(Variant(
    id="makao-ru", name="Russian Makao", family="shedding", min_players=2, max_players=5,
    rules_type=RuRules, deal=GAME.deal, from_layout=GAME.from_layout, match_over=match_over, decks=2,
    higher_wins=False, blurb="Shedding game, two packs, penalty 2/3/K♥, to a loss limit",
    help_text=HELP, deal_columns=deal_columns,
))
