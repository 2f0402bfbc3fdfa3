"""makao-ru — Russian Makao (makao_tui/rules/makao-ru.en.md, makao-ru.en.md#options): two packs, wild 9s and aces,
penalty 2/3/K♥,
played to a loss limit. The rules live in :mod:`.shedding`; this module holds the Russian config
record, its scoring and its texts."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import JOKER, Card
from ..engine.i18n import N_
from ..engine.match import Match
from ..engine.variant import Variant, option, register
from . import shedding
from .about import MAKAO_RU
from .shedding import KING_OF_HEARTS, ShedRules, deal_columns, hand_value


@dataclass(frozen=True)
class RuRules(ShedRules):
    """The makao-ru rule config: the fixed fields of makao_tui/rules/makao-ru.en.md (see :class:`ShedRules`) and the
    options ``loss_limit`` (200..1000 points, default 500, ends the match), ``auto_makao`` (default
    off), ``play_after_draw`` (``drawn`` default / ``any``), ``ace_points`` (``all`` default /
    ``hearts``) and ``jokers`` (§5: four jokers, default off)."""

    game: str = "makao-ru"
    decks: int = 2
    joker_copies: int = 4
    wild_ranks: str = "9A"
    #: §1 "Penalty cards": the king of hearts makes the next player draw 5
    king_hearts_penalty: int = 5
    answer_by: str = "kind"
    draw_when_playable: bool = True
    #: the hard AI's value of an unfinished deal (see :class:`ShedRules`), fitted by
    #: ``python bench/fit_shedding_value.py --deals 300 --games makao-ru``
    position_weights: tuple[float, float, float] = (0.1421, 0.1649, -0.0825)
    makao_cost: int = 2
    answer_after_going_out: bool = True
    ransom_word: bool = False
    loss_limit: int = option(500, N_("Loss limit (points)"),
                             N_("The match ends when a total reaches this many points."),
                             range=(200, 1000), flag="--loss-limit",
                             flag_help=N_("points that end the match (200-1000)."))
    auto_makao: bool = option(False, N_("Call Makao automatically"),
                              N_("The Makao call is made for you with the play that leaves one card."),
                              flag="--auto-makao", flag_help=N_("call Makao automatically."))
    play_after_draw: str = option(
        "drawn", N_("Play after a draw"),
        N_('"{drawn}": after a draw only the card just drawn may be played; "{any}": any card in hand '
           'that fits, or pass.'),
        choices=("drawn", "any"),
        choice_labels={"drawn": N_("only the drawn card"), "any": N_("any card that fits")})
    ace_points: str = option("all", N_("Aces in hand cost"),
                             N_('What an ace left in hand costs: "{all}", or "{hearts}" and every other ace 10.'),
                             choices=("all", "hearts"),
                             choice_labels={"all": N_("every ace 50"), "hearts": N_("only A♥ 50")})
    jokers: bool = option(False, N_("Jokers"),
                          N_("Four jokers join the packs: each plays as any card you name, costs 50."))

    def card_value(self, card: Card) -> int:
        """Minus points of a card left in hand (makao_tui/rules/makao-ru.en.md#end-of-the-deal-and-scoring): 2=20,
        3=30, 9=40, ace and K♥=50
        (``ace_points: hearts``: only A♥ 50, other aces 10), 4..8=5, 10, jack, queen and the other
        kings=10; a joker 50 (§5)."""
        if card == JOKER:
            return self.joker_value
        if card == KING_OF_HEARTS:
            return 50
        if card.rank == "A":
            return 50 if self.ace_points == "all" or card.suit == "H" else 10
        return {"2": 20, "3": 30, "9": 40, "T": 10, "J": 10, "Q": 10, "K": 10}.get(card.rank, 5)

    def score(self, hands, winner, out) -> list[int]:
        """Points added to each total: 0 for a seat that went out, else the value of its hand."""
        return [0 if seat in out else hand_value(hand, self.card_value) for seat, hand in enumerate(hands)]


def match_over(match: Match) -> bool:
    """The match ends when some total reaches the loss limit (makao_tui/rules/makao-ru.en.md#the-match)."""
    return max(match.totals) >= match.rules.loss_limit


HELP = N_("""\
Shed all your cards. Play one card of the same suit or rank as the top of the pile.
Nines and aces are wild (not on a penalty): a nine sets its own suit, an ace names any suit.
Penalty cards: 2 (take 2), 3 (take 3), K♥ (take 5). Answer with the same kind to pass the sum
on, or take the whole penalty and lose the turn.
Instead of playing you may draw one card; you may play that card at once, or pass.
Call Makao with the play that leaves you one card, or draw 2.
Cards left in hand cost points: 2=20, 3=30, 9=40, ace and K♥=50, 4-8=5, others 10.
The match ends when someone reaches the loss limit; the lowest total wins.""")

VARIANT = register(Variant(
    **MAKAO_RU.described(),
    rules_type=RuRules, **shedding.STATE_HOOKS, match_over=match_over, decks=2,
    help_text=HELP, presets={"seed": {}, "house": {}}, jokers=shedding.jokers,
    deal_columns=deal_columns,
))
