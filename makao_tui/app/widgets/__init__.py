"""Widgets the table screens of every game share: cards, hands, seats, the log, the status line
and the score sheet, one module each (imported one by one, so that a screen loads only its own)."""
