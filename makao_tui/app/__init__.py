"""The Textual app: start, setup and table screens over the engine (DESIGN.md "The app").

Only this package imports Textual; it knows the engine API and asks the engine every rule question
(legal actions, refusal reasons, scores), never answering one itself.
"""
