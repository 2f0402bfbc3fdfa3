"""One hand of Macao (makao_tui/rules/macao.en.md#a-hand): :class:`MacaoState`, its legal actions, its
one legality path (:meth:`MacaoState.refusal`), the actions' effects and the settlement.

The banker deals one card face down to every player still at the table, each punter from the
banker's left and then the banker may replace a card worth 0, and then stands or draws once; the
punters settle one by one against the banker (the rates: :mod:`~makao_tui.games.macao_rules`).

Readings of §3 taken here (where makao_tui/rules/macao.en.md leaves a gap, **[reading]** says so):

- Punters settle one by one from the banker's left: a punter who cannot pay in full pays what he
  has and leaves the table; the banker pays each winning punter from what he holds at that moment,
  chips collected earlier in the same settlement included, what he cannot pay is lost to that
  punter, and a banker left with nothing leaves the table after the settlement
  (makao_tui/rules/macao.en.md#settlement).
- **[reading]** The cards a player throws away stay face down (only the count of replacements is
  public) until the settlement, when every card of the hand is shown; they are not part of the shoe
  again before the hand is over.
- **[reading]** A hand in which the shoe ran out (and was refilled from the earlier hands of the
  bank) is the last hand of that bank: the shoe has been used up (:attr:`MacaoState.refilled`).
"""

from __future__ import annotations

import random
from typing import Any

from ..engine.actions import Action, Draw, Replace, Stand
from ..engine.cards import Card
from ..engine.events import Event
from ..engine.state import GameState, IllegalAction, Refusal, turn_refusal
from ..engine.words import Words
from .about import MACAO
from .macao_events import (
    BankBroken,
    CardDrawn,
    CardReplaced,
    HandSettled,
    HandShown,
    HandStarted,
    LeftTable,
    Settled,
    ShoeShuffled,
    Stood,
)
from .macao_rules import MacaoRules, banker_rate, card_points, hand_total, punter_rate
from .macao_view import MacaoView


class MacaoState(GameState):
    """One hand of Macao. Build with :func:`~makao_tui.games.macao.deal` (a match) or
    :func:`~makao_tui.games.macao.from_layout` (a scenario).

    ``hands``: one list per seat, one card each for the seats at the table, none for the others;
    ``shoe``: the shoe, the first card drawn first; ``spent``: cards of earlier hands of this bank
    (shuffled into the shoe if it runs out); ``bankrolls``: chips per seat
    (a scenario); ``opening``: events before the first action (passing the bank, the shuffle, the
    deal). Raises ValueError for a seat holding more than one card, a banker without a card, or a
    player at the table without chips. See :class:`~makao_tui.engine.state.GameState` for the contract.
    """

    def __init__(self, rules: MacaoRules, players: int, banker: int, hands: list[list[Card]],
                 shoe: list[Card], spent: list[Card], bankrolls: list[int], rng: random.Random,
                 opening: list[Event] | None = None):
        if len(hands) != players:
            raise ValueError(f"a hand needs {players} seats, got {len(hands)}")
        if any(len(h) > 1 for h in hands):
            raise ValueError("a Macao hand starts with one card per player")
        if not hands[banker]:
            raise ValueError("the banker must hold a card")
        if any(h and chips <= 0 for h, chips in zip(hands, bankrolls, strict=False)):
            raise ValueError("a player without chips is not dealt in")
        self.rules = rules
        self.players = players
        self.dealer = banker
        self.hands = [list(h) for h in hands]
        self.in_play = [bool(h) for h in hands]
        self.shoe = list(reversed(shoe))  # internally the next card is shoe[-1]
        self.spent = list(spent)
        self.bankrolls = list(bankrolls)
        self.rng = rng
        self.thrown: list[list[Card]] = [[] for _ in range(players)]
        self.drew = [False] * players
        self.stood = [False] * players
        self.refilled = False
        self.order = [s % players for s in range(banker + 1, banker + players) if self.in_play[s % players]]
        self.order.append(banker)
        self.pos = 0
        self.settlement: list[Settled] = []
        self.changes: list[int] | None = None
        self.opening: list[Event] = list(opening or [])
        self.opening.append(HandStarted(None, banker, tuple(self.order), len(self.shoe)))

    # ------------------------------------------------------------ facts

    @property
    def banker(self) -> int:
        """The banker's seat (the same as ``dealer``)."""
        return self.dealer

    @property
    def to_act(self) -> int | None:
        return None if self.changes is not None else self.order[self.pos]

    def total(self, seat: int) -> int:
        """Points of ``seat``'s hand now (0 for a seat not at the table)."""
        return hand_total(self.hands[seat])

    def natural(self, seat: int) -> bool:
        """Whether ``seat`` holds a hand that never drew (a seat not at the table does not)."""
        return self.in_play[seat] and not self.drew[seat]

    def _cards_left(self) -> bool:
        return bool(self.shoe) or bool(self.spent)

    # ------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        out: list[Action] = []
        if self._cards_left():
            if card_points(self.hands[seat][0]) == 0:
                out.append(Replace())
            out.append(Draw())
        out.append(Stand())
        return out

    def refusal(self, action: Action, seat: int | None = None) -> Refusal | None:
        """Why ``action`` (of ``seat``, if given) is illegal, as a
        :class:`~makao_tui.engine.state.Refusal` (kind, fields, words), or None if it is legal:
        the one legality path, which :meth:`apply` follows too (makao_tui/rules/macao.en.md).

        A card is named with its suit symbol (``K♥``); :func:`~makao_tui.engine.cards.ascii_text`
        turns the words into ``KH`` for terminals without them.
        """
        to_act = self.to_act
        if to_act is None:
            return Refusal("deal_over", Words("the hand is over"))
        turn = turn_refusal(to_act, seat)
        if turn is not None:
            return turn
        if isinstance(action, Stand):
            return None
        if isinstance(action, Replace):
            card = self.hands[to_act][0]
            if card_points(card) != 0:
                return Refusal("not_zero", Words("only a card worth 0 may be thrown away, and {card} is worth {points}",
                                                 card=card.label(), points=card_points(card)),
                               {"card": str(card), "points": card_points(card)})
            return None if self._cards_left() else Refusal("nothing_to_take", Words("no card is left to take"))
        if isinstance(action, Draw):
            return None if self._cards_left() else Refusal("nothing_to_draw", Words("no card is left to draw"))
        return Refusal("not_an_action", Words("that is not an action of Macao (replace, draw or stand)"))

    # ------------------------------------------------------------ applying

    def apply(self, action: Action) -> list[Event]:
        refusal = self.refusal(action)
        if refusal is not None:
            raise IllegalAction(refusal)
        seat = self.order[self.pos]
        events: list[Event] = []
        if isinstance(action, Replace):
            card = self._take(events)
            thrown = self.hands[seat][0]
            self.thrown[seat].append(thrown)
            self.hands[seat] = [card]
            events.append(CardReplaced(seat, thrown, card))
            return events
        if isinstance(action, Draw):
            card = self._take(events)
            self.hands[seat].append(card)
            self.drew[seat] = True
            events.append(CardDrawn(seat, card))
        else:
            self.stood[seat] = True
            events.append(Stood(seat))
        self.pos += 1
        if self.pos == len(self.order):
            events += self._settle()
        return events

    def _take(self, events: list[Event]) -> Card:
        """The next card of the shoe, shuffling the earlier hands' cards in first if it is empty."""
        if not self.shoe:
            refill = self.spent
            self.spent = []
            self.rng.shuffle(refill)
            self.shoe = refill
            self.refilled = True
            events.append(ShoeShuffled(None, len(refill), refill=True))
        return self.shoe.pop()

    def _settle(self) -> list[Event]:
        """Show every hand and settle each punter against the banker, from the banker's left."""
        banker = self.dealer
        events: list[Event] = [
            HandShown(s, tuple(self.hands[s]), self.total(s), self.natural(s), tuple(self.thrown[s]))
            for s in self.order
        ]
        chips = self.bankrolls
        change = [0] * self.players
        b_total = self.total(banker)
        broken_at: int | None = None  # where the bank's breaking is told, while it has held nothing since
        for punter in self.order[:-1]:
            p_total, natural = self.total(punter), self.natural(punter)
            wins = p_total > b_total
            rate = punter_rate(p_total, natural) if wins else banker_rate(b_total, p_total, self.rules.banker_rates)
            owed = self.rules.stake * rate
            payer, payee = (banker, punter) if wins else (punter, banker)
            held = chips[payer] + change[payer]
            paid = min(owed, held)
            change[payer] -= paid
            change[payee] += paid
            line = Settled(punter, banker, p_total, b_total, natural, wins, rate, owed, paid)
            self.settlement.append(line)
            events.append(line)
            if payee == banker and paid:
                broken_at = None
            if held > 0 and chips[payer] + change[payer] == 0:
                if payer == banker:
                    broken_at = len(events)
                events.append(BankBroken(banker) if payer == banker else LeftTable(punter))
        if chips is not None and chips[banker] + change[banker] == 0:
            if broken_at is not None:  # broken and paid nothing since: he leaves, which is said once
                del events[broken_at]
            events.append(LeftTable(banker))
        self.changes = change
        events.append(HandSettled(None, None, tuple(change)))
        return events

    # ------------------------------------------------------------ results, views, copies

    def points(self) -> list[int] | None:
        """Each seat's chip change from the settlement (sum 0), or None before it."""
        return None if self.changes is None else list(self.changes)

    def view(self, seat: int) -> MacaoView:
        over = self.changes is not None
        acting = not over and seat == self.order[self.pos]
        return MacaoView(
            seat=seat, players=self.players, banker=self.dealer, stake=self.rules.stake,
            to_act=self.to_act, hand=tuple(self.hands[seat]), total=self.total(seat),
            natural=self.natural(seat), thrown=tuple(self.thrown[seat]),
            in_play=tuple(self.in_play), counts=tuple(len(h) for h in self.hands),
            replaced=tuple(len(t) for t in self.thrown), drew=tuple(self.drew),
            stood=tuple(self.stood), shoe=len(self.shoe), spent=tuple(self.spent), over=over,
            revealed=tuple(tuple(h) for h in self.hands) if over else None,
            totals=tuple(self.total(s) for s in range(self.players)) if over else None,
            naturals=tuple(self.natural(s) for s in range(self.players)) if over else None,
            settlement=tuple(self.settlement), points=tuple(self.changes or ()) if over else None,
            legal=tuple(self.legal_actions()) if acting else (),
        )

    def clone(self) -> MacaoState:
        new = object.__new__(MacaoState)
        new.__dict__.update(self.__dict__)
        new.hands = [list(h) for h in self.hands]
        new.in_play = list(self.in_play)
        new.shoe = list(self.shoe)
        new.spent = list(self.spent)
        new.bankrolls = list(self.bankrolls)
        new.thrown = [list(t) for t in self.thrown]
        new.drew = list(self.drew)
        new.stood = list(self.stood)
        new.order = list(self.order)
        new.settlement = list(self.settlement)
        new.changes = None if self.changes is None else list(self.changes)
        new.opening = list(self.opening)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        return new

    def shoe_cards(self) -> list[Card]:
        """The shoe, the next card first (for the next hand of the bank, and for tests)."""
        return list(reversed(self.shoe))

    def used_cards(self) -> list[Card]:
        """Every card that has left the shoe in this bank and not gone back: the spent cards, then
        this hand's cards and thrown-away cards."""
        return [*self.spent, *(c for h in self.hands for c in h), *(c for t in self.thrown for c in t)]

    def snapshot(self) -> dict[str, Any]:
        return {
            "variant": MACAO.id,
            "to_act": self.to_act,
            "hands": [[str(c) for c in h] for h in self.hands],
            "deal_over": self.changes is not None,
            "points": self.points(),
            "totals": [self.total(s) for s in range(self.players)],
            "naturals": [self.natural(s) for s in range(self.players)],
        }

