"""The app's screens: start, setup, the tables (one per game family) and the shared ones."""
