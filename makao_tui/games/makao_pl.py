"""makao-pl — Polish Makao (makao_tui/rules/makao-pl.en.md, makao-pl.en.md#house-rules): one pack, ransoms, fours
skip, jacks demand, +10 for
going out, a number of deals or a time limit; the house rules of §5 as options and the ``house``
preset. The rules live in :mod:`.shedding`; this module holds the Polish config record, its scoring
and its texts."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.cards import JOKER, Card
from ..engine.i18n import N_
from ..engine.match import Match
from ..engine.variant import Variant, option, register
from . import shedding
from .about import MAKAO_PL
from .shedding import KING_OF_HEARTS, ShedRules, deal_columns, hand_value


@dataclass(frozen=True)
class PlRules(ShedRules):
    """The makao-pl rule config: the fixed fields of makao_tui/rules/makao-pl.en.md (see :class:`ShedRules`) and the
    options of §2 (``draw_until_playable``, ``ransom_stacking``, ``king_ransom``,
    ``starter_penalty``, ``deals``, ``time_limit_min``, ``auto_makao``) and §5 (``queens``,
    ``fours_stack``, ``battle_kings``, ``multi_play``, ``demand_round``, ``makao_out``, ``jokers``),
    each with its makao_tui/rules/makao-pl.en.md default."""

    game: str = "makao-pl"
    #: §2 "Special cards": K♥ makes the next player draw 5 (or is ransomed by a king)
    king_hearts_penalty: int = 5
    skip_rank: str = "4"
    demand_rank: str = "J"
    #: the hard AI's value of an unfinished deal (see :class:`ShedRules`), fitted by
    #: ``python bench/fit_shedding_value.py --deals 300 --games makao-pl``
    position_weights: tuple[float, float, float] = (0.0103, 0.0381, -0.0191)
    draw_until_playable: bool = option(True, N_("Draw until a card fits"),
                                       N_("On: without a playable card, draw until one fits and play it; "
                                       "off: draw one card, play it if it fits."))
    ransom_stacking: str = option("double", N_("Ransom stacking"),
                                  N_('"{double}": each ransom doubles the penalty (2, 4, 8); "{add}": each adds its '
                                     'own (2, 4, 6).'),
                                  choices=("double", "add"),
                                  choice_labels={"double": N_("doubles"), "add": N_("adds")})
    king_ransom: str = option("any_king", N_("King of hearts ransom"),
                              N_('"{any_king}": any king ransoms the K♥ penalty of 5; "{none}": the K♥ cannot be '
                                 'ransomed.'),
                              choices=("any_king", "none"),
                              choice_labels={"any_king": N_("any king"), "none": N_("no ransom")})
    starter_penalty: str = option("draw_until", N_("Penalty starter"),
                                  N_('"{draw_until}": the first player ransoms a 2, 3 or K♥ turned up, or draws '
                                     'until a card fits; "{take}": he takes 2, 3 or 5 cards.'),
                                  choices=("draw_until", "take"),
                                  choice_labels={"draw_until": N_("ransom or draw until a card fits"),
                                                 "take": N_("take the penalty")})
    deals: int = option(6, N_("Deals in the match"), N_("The match lasts this many deals."), range=(1, 100),
                        flag="--deals", flag_help=N_("deals in the match."))
    time_limit_min: int | None = option(None, N_("Time limit (minutes, instead of deals)"),
                                        N_("The match lasts this many minutes (the deal under way is finished)."),
                                        range=(1, 600), flag="--time-limit",
                                        flag_help=N_("minutes the match lasts (instead of deals)."))
    auto_makao: bool = option(False, N_("Call Makao automatically"),
                              N_("The Makao (and po makale) calls are made for you."),
                              flag="--auto-makao", flag_help=N_("call Makao automatically."))
    queens: bool = option(False, N_("Queens on everything"),
                          N_("A queen goes on any card and any card on a queen (not on a penalty, four or demand)."))
    fours_stack: bool = option(False, N_("Fours stack"),
                               N_("A four may be answered with a four; whoever cannot waits one turn per four."))
    battle_kings: bool = option(False, N_("Battle kings"),
                                N_("K♥ hits the next player with 5, K♠ the previous one; only K♥/K♠ answer, adding 5."))
    multi_play: bool = option(False, N_("Several cards at once"),
                              N_("Lay 2 to 4 cards of one rank in one play, the first matching; effects add up."))
    demand_round: bool = option(
        False, N_("Demand lasts a round"),
        N_("A jack's demand binds every player in turn until it comes back to the jack's player."))
    makao_out: bool = option(False, N_("Po makale"),
                             N_('Going out needs a second call, "po makale", with the last card, or draw 5.'))
    jokers: bool = option(False, N_("Jokers"),
                          N_("Two jokers join the pack: each plays as any card you name, costs 50."))

    def card_value(self, card: Card) -> int:
        """Minus points of a card left in hand (makao_tui/rules/makao-pl.en.md#scoring-and-the-match): ace 100, K♥
        50, 3=30, 2=20,
        jack, queen and the other kings 10, 4..10 by their pips; a joker 50 (§5)."""
        if card == JOKER:
            return self.joker_value
        if card == KING_OF_HEARTS:
            return 50
        return {"A": 100, "3": 30, "2": 20, "J": 10, "Q": 10, "K": 10, "T": 10}.get(card.rank) or int(card.rank)

    def score(self, hands, winner, out) -> list[int]:
        """+10 for the winner, minus the value of the hand for every other seat (makao_tui/rules/makao-pl.en.md)."""
        return [10 if seat == winner else -hand_value(hand, self.card_value) for seat, hand in enumerate(hands)]


def match_over(match: Match) -> bool:
    """The match ends after ``deals`` deals, or with a time limit once time is up (makao_tui/rules/makao-pl.en.md)."""
    if match.rules.time_limit_min is not None:
        return match.time_up
    return len(match.deals) >= match.rules.deals


#: makao_tui/rules/makao-pl.en.md#house-rules: the common table rules
HOUSE = {"draw_until_playable": False, "queens": True, "fours_stack": True, "battle_kings": True,
         "multi_play": True, "demand_round": True}

HELP = N_("""\
Shed all your cards. Play one card of the same suit or rank as the top of the pile; an ace goes
on anything and names a suit. Without a playable card you draw until one fits, and play it.
2 and 3: the next player takes 2 or 3, or ransoms with the same rank and doubles the penalty
for the player after. 4: the next player loses the turn. Jack: demand a rank (5-10, Q) of the
next player. K♥: the next player takes 5 or ransoms with a king. Call Makao with the play
that leaves you one card, or draw 5. The winner scores +10; the others lose their cards' values
(ace 100, K♥ 50, 3=30, 2=20, J/Q/K 10, others by pips). Highest total after the deals wins.""")

VARIANT = register(Variant(
    **MAKAO_PL.described(),
    rules_type=PlRules, **shedding.STATE_HOOKS, match_over=match_over, decks=1,
    help_text=HELP, presets={"seed": {}, "house": HOUSE}, jokers=shedding.jokers,
    deal_columns=deal_columns,
))
