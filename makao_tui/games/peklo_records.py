"""Peklo's rule config (:class:`PekloRules`) and what one seat may know of a deal (:class:`PekloView`)
(makao_tui/rules/peklo.en.md): records the rules code (:mod:`~makao_tui.games.peklo_core`) reads
and makes, kept outside it (mypyc compiles no class that an interpreted module subclasses, nor a
dataclass with ``__slots__``) and outside :mod:`~makao_tui.games.peklo`, which imports the rules
code.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..engine.actions import Action
from ..engine.cards import Card
from ..engine.i18n import N_
from ..engine.variant import option
from .peklo_events import Trick


@dataclass(frozen=True)
class PekloRules:
    """Peklo options: ``hook`` (makao_tui/rules/peklo.en.md) — the dealer may not bid so that the bids add up to the
    number of cards dealt (default off); ``cycle`` (§5) — ``up``: deals of 1..m cards (default),
    ``up_down``: 1..m then m−1..1, the deal of m cards without trump; ``scoring`` (§5) —
    ``exact``: bid + 10 for an exact bid, else 0 (default), ``tricks``: 1 per trick taken plus 10
    for an exact bid.

    **[decision, makao_tui/rules/peklo.en.md silent]** Under ``up_down`` every deal after the one of m cards has a trump
    turned up, the last (1 card) included: "the last deal of m cards without trump" is read as the
    one deal of m cards.
    """

    hook: bool = option(False, N_("Hook: bids may not add up to the deal"),
                        N_("The dealer may not bid so that the bids add up to the cards dealt."),
                        flag="--hook", flag_help=N_("the dealer may not make the bids add up to the deal size."))
    cycle: str = option("up", N_("Deals go"),
                        N_('"{up}": 1, 2 … m cards; "{up_down}": 1 … m, then m−1 … 1 (only the m-card deal '
                           'without trump).'),
                        choices=("up", "up_down"), choice_labels={"up": N_("up"), "up_down": N_("up and down")})
    scoring: str = option("exact", N_("Scoring"),
                          N_('"{exact}": bid + 10 for an exact bid, else 0; "{tricks}": 1 per trick taken, plus 10 '
                             'for an exact bid.'),
                          choices=("exact", "tricks"),
                          choice_labels={"exact": N_("exact bids only"), "tricks": N_("every trick")})





@dataclass(frozen=True, slots=True)
class PekloView:
    """What one seat may know of a Peklo deal (makao_tui/rules/peklo.en.md).

    ``hand``: the seat's own cards (display order); ``counts``: cards left in every hand, by seat;
    ``number``: the deal's number in the match (1..``deals``), None for a lone deal (a scenario);
    ``deals``: the number of deals in a match of this many players under these rules
    (:func:`match_deals`); ``rules``: the match's rules config; ``size``: cards dealt to
    each seat this deal (= tricks in the deal); ``trump``: the turned-up card or None (no trump);
    ``phase``: ``"bid"``, ``"play"`` or ``"over"``; ``bids``: per seat, None until it has bid;
    ``tricks``: tricks taken per seat; ``trick``: the trick under way (``trick.cards`` empty before
    the lead; ``trick.leader`` is the seat that leads or led it), None unless in the play phase;
    ``history``: the finished tricks of this deal, in order (public); ``hook``: the option is on;
    ``forbidden_bid``: the bid the hook forbids the seat to act (the dealer, last to bid), or None;
    ``legal``: this seat's legal actions (empty unless it is to act); ``points``: per seat once
    the deal is over, else None.
    """

    seat: int
    players: int
    dealer: int
    number: int | None
    deals: int
    size: int
    trump: Card | None
    phase: str
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    bids: tuple[int | None, ...]
    tricks: tuple[int, ...]
    trick: Trick | None
    history: tuple[Trick, ...]
    hook: bool
    forbidden_bid: int | None
    to_act: int | None
    legal: tuple[Action, ...]
    points: tuple[int, ...] | None
    rules: PekloRules = PekloRules()

    #: the fields only the seat itself may see, with what a spectator's view holds instead
    PRIVATE: ClassVar[dict[str, Any]] = {"hand": (), "legal": ()}

    @property
    def trump_suit(self) -> str | None:
        """The trump suit letter, or None in a deal without trump."""
        return self.trump.suit if self.trump is not None else None

    @property
    def led_suit(self) -> str | None:
        """The suit of the card that led the trick under way, or None before the lead."""
        return self.trick.cards[0].suit if self.trick is not None and self.trick.cards else None
