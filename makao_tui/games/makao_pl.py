"""makao-pl — Polish Makao (RULES.md §2): one pack, ransoms, fours skip, jacks demand, +10 for
going out, a number of deals or a time limit. The rules live in :mod:`.shedding`; this module holds
what is Polish."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.match import Match
from ..engine.variant import Variant, option, register
from .shedding import KING_OF_HEARTS, ShedGame, deal_columns, hand_value


@dataclass(frozen=True)
class PlRules:
    """makao-pl options (RULES.md §2): ``draw_until_playable`` (default on), ``ransom_stacking``
    ``"double"`` (default) or ``"add"``, ``deals`` per match (default 6), ``time_limit_min``
    (minutes, default None = off; the deal under way is finished), ``auto_makao`` (default off)."""

    draw_until_playable: bool = option(True, "Draw until a card fits")
    ransom_stacking: str = option("double", "Ransom stacking", choices=("double", "add"))
    deals: int = option(6, "Deals in the match", range=(1, 100))
    time_limit_min: int | None = option(None, "Time limit (minutes, instead of deals)", range=(1, 600))
    auto_makao: bool = option(False, "Call Makao automatically")


def card_value(card: Card) -> int:
    """Minus points of a card left in hand (RULES.md §2 "Scoring"): ace 100, K♥ 50, 3=30, 2=20,
    jack, queen and the other kings 10, 4..10 by their pips."""
    if card == KING_OF_HEARTS:
        return 50
    return {"A": 100, "3": 30, "2": 20, "J": 10, "Q": 10, "K": 10, "T": 10}.get(card.rank) or int(card.rank)


def score(hands, winner, out, value) -> list[int]:
    """+10 for the winner, minus the value of the hand for every other seat."""
    return [10 if seat == winner else -hand_value(hand, value) for seat, hand in enumerate(hands)]


GAME = ShedGame(
    id="makao-pl", decks=1, wild_ranks=frozenset("A"), makao_cost=5, four_skips=True,
    jack_demands=True, draw_when_playable=False, answer_after_going_out=False, ransom_word=True,
    card_value=card_value, score=score,
)


def match_over(match: Match) -> bool:
    """The match ends after ``deals`` deals, or with a time limit once time is up (RULES.md §2)."""
    if match.rules.time_limit_min is not None:
        return match.time_up
    return len(match.deals) >= match.rules.deals


HELP = """\
Shed all your cards. Play one card of the same suit or rank as the top of the pile; an ace goes
on anything and names a suit. Without a playable card you draw until one fits, and play it.
2 and 3: the next player takes 2 or 3, or ransoms with the same rank and doubles the penalty
for the player after. 4: the next player loses the turn. Jack: demand a rank (5-10, Q) of the
next player. K♥: the next player takes 5. Call Makao (m) with the play that leaves you one card,
or draw 5. The winner scores +10; the others lose their cards' values (ace 100, K♥ 50, 3=30,
2=20, J/Q/K 10, others by pips). Highest total after the deals wins."""

VARIANT = register(Variant(
    id="makao-pl", name="Polish Makao", family="shedding", min_players=2, max_players=4,
    rules_type=PlRules, deal=GAME.deal, from_layout=GAME.from_layout, match_over=match_over, decks=1,
    higher_wins=True, blurb="Shedding game, one pack, ransoms, fours skip, jacks demand",
    help_text=HELP, deal_columns=deal_columns,
))
