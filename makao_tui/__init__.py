"""makao-tui: Russian Makao, Polish Makao, Macao and Peklo in the terminal."""

__version__ = "0.1.0"
