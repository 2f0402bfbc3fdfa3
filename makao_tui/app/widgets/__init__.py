"""Widgets the table screens of every game share: cards, hands, seats, the log, the status line
and the score sheet."""

from .cards import CardView, HandView, card_text
from .log import EventLog
from .scores import ScoreSheet, ScoreTable, TotalsChart
from .seats import SeatPanel
from .status import StatusLine

__all__ = ["CardView", "EventLog", "HandView", "ScoreSheet", "ScoreTable", "SeatPanel", "StatusLine",
           "TotalsChart", "card_text"]
