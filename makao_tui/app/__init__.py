"""The Textual app: start, setup and table screens over the engine (docs/design.md#the-layers).

Only this package imports Textual; it knows the engine API and asks the engine every rule question
(legal actions, refusal reasons, scores), never answering one itself.
"""
