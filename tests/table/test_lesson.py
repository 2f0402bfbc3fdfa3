"""Lessons (issue 30 "Learn to play", makao_tui/table/lesson.py): each shipped lesson replays
through the engine (every scripted action legal, every rule its coach lines name coming up, the
deal over at the end), a damaged lesson or one that does not fit the rules is refused in one line,
and the lesson's table plays the script and refuses the learner's off-script moves."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from makao_tui.engine.actions import Draw, Pass, Play, Take
from makao_tui.engine.cards import Card
from makao_tui.engine.i18n import language, set_language
from makao_tui.engine.scenario import run_scenario
from makao_tui.games import variants
from makao_tui.table.lesson import LESSONS_DIR, LessonError, LessonTable, load_lesson, matches, parse_lesson
from makao_tui.table.wire import said

GAMES = ["makao-ru", "makao-pl", "macao", "peklo"]

#: what the issue asks each game's lesson to teach, as the engine's events
TAUGHT = {
    "makao-ru": [{"event": "CardPlayed", "seat": 0, "card": "9C"},              # a 9 changes the suit
                 {"event": "CardPlayed", "seat": 0, "named": "S"},               # an ace names a suit
                 {"event": "PenaltyPending", "seat": 1, "amount": 6},            # a penalty 3 answered
                 {"event": "CardsDrawn", "seat": 1, "reason": "penalty"},        # … and taken
                 {"event": "CardPlayed", "seat": 0, "makao": True}],             # the Makao call
    "makao-pl": [{"event": "PenaltyPending", "seat": 1, "ransom": True},         # a ransom
                 {"event": "TurnSkipped", "seat": 1},                            # a four
                 {"event": "CardPlayed", "seat": 0, "demand": "7"}],             # a jack's demand
    "macao": [{"event": "Settled", "seat": 1, "natural": True, "rate": 3},       # a natural, paid
              {"event": "CardDrawn", "seat": 0},                                 # the draw
              {"event": "Settled", "seat": 0, "punter_wins": True}],             # the banker's payout
    "peklo": [{"event": "BidMade", "seat": 0},                                   # a bid
              {"event": "TrickWon", "seat": 0, "card": "AS"},                     # following suit
              {"event": "TrickWon", "seat": 0, "card": "3H"},                     # trump
              {"event": "DealScored"}],                                           # an exact bid scored
}


def lesson_data(game: str) -> dict:
    return json.loads((LESSONS_DIR / f"{game}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", GAMES)
def test_each_lesson_replays_through_the_engine(game):
    lesson = load_lesson(game)
    out, status = run_scenario(lesson.layout)  # the same replay as `makao scenario FILE`
    assert status == 0 and "error" not in out
    assert out["deal_over"] is True
    assert lesson.script and lesson.lines[0].at == 0


@pytest.mark.parametrize("game", GAMES)
def test_each_lesson_teaches_what_the_issue_names(game):
    lesson = load_lesson(game)
    state = lesson.layout.variant.from_layout(lesson.layout)
    events = [e for _seat, action in lesson.script for e in state.apply(action)]
    for pattern in TAUGHT[game]:
        assert any(matches(e, pattern) for e in events), pattern
    learner = [seat for seat, _action in lesson.script if seat == lesson.learner]
    assert len(learner) >= 2  # the learner plays, not only watches
    if game == "peklo":
        assert state.points()[lesson.learner] == 12  # bid 2 made exactly: 2 + 10


def test_the_makao_ru_lesson_has_a_penalty_answered_then_taken():
    data = lesson_data("makao-ru")
    verbs = [(a["seat"], a["do"], a.get("card")) for a in data["actions"]]
    answered = verbs.index((0, "play", "3D"))
    assert verbs[answered - 1] == (1, "play", "3C") and verbs[answered + 1] == (1, "take", None)


def test_the_coach_line_follows_the_actions_taken():
    lesson = load_lesson("makao-ru")
    assert lesson.line_at(0) == lesson.lines[0].say
    last = lesson.lines[-1]
    assert lesson.line_at(last.at) == last.say == lesson.line_at(len(lesson.script))
    assert lesson.line_at(lesson.lines[1].at) == lesson.lines[1].say


# ------------------------------------------------------------ damaged lessons


def damaged(tmp_path: Path, game: str, change) -> Path:
    """A copy of the lessons folder with ``game``'s file changed by ``change(data)`` (or replaced
    by the text ``change``)."""
    folder = tmp_path / "lessons"
    shutil.copytree(LESSONS_DIR, folder)
    path = folder / f"{game}.json"
    if isinstance(change, str):
        path.write_text(change, encoding="utf-8")
    else:
        data = lesson_data(game)
        change(data)
        path.write_text(json.dumps(data), encoding="utf-8")
    return folder


def refusal(folder: Path, game: str) -> str:
    with pytest.raises(LessonError) as caught:
        load_lesson(game, folder)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"The lesson {game}.json cannot be used: ")
    return message


def test_a_file_that_is_not_json(tmp_path):
    assert "cannot be read as JSON" in refusal(damaged(tmp_path, "peklo", '{"variant": "peklo", '), "peklo")


def test_a_missing_file(tmp_path):
    folder = damaged(tmp_path, "macao", "")
    (folder / "macao.json").unlink()
    assert "the file is missing" in refusal(folder, "macao")


def test_an_action_the_rules_refuse(tmp_path):
    def play_a_card_not_in_hand(data):
        data["actions"][1] = {"seat": 0, "do": "play", "card": "QS"}  # after the draw: not held

    assert "action 1 is refused by the rules" in refusal(damaged(tmp_path, "makao-ru", play_a_card_not_in_hand),
                                                          "makao-ru")


def test_a_scripted_action_out_of_turn(tmp_path):
    def swap(data):
        data["actions"][0]["seat"] = 0  # the opponent plays first

    assert "action 0 is refused by the rules" in refusal(damaged(tmp_path, "makao-pl", swap), "makao-pl")


def test_a_rule_that_does_not_come_up(tmp_path):
    def wrong_rule(data):
        data["coach"][0]["rules"] = [{"event": "CardPlayed", "seat": 0, "card": "KS"}]

    assert "coach line 0 names" in refusal(damaged(tmp_path, "makao-ru", wrong_rule), "makao-ru")


def test_a_lesson_that_stops_before_the_deal_ends(tmp_path):
    def cut(data):
        data["actions"] = data["actions"][:3]
        data["coach"] = data["coach"][:1]

    assert "the deal is not over" in refusal(damaged(tmp_path, "peklo", cut), "peklo")


def test_a_damaged_coach_list(tmp_path):
    def unordered(data):
        data["coach"][1]["at"] = 0

    assert "coach line 1 must be" in refusal(damaged(tmp_path / "a", "macao", unordered), "macao")
    assert "coach must be a list" in refusal(damaged(tmp_path / "b", "macao", lambda d: d.pop("coach")), "macao")


def test_a_malformed_deal(tmp_path):
    def twice(data):
        data["hands"][1][0] = data["hands"][0][0]  # one pack: a card given twice

    assert "is given 2 times" in refusal(damaged(tmp_path, "makao-pl", twice), "makao-pl")


def test_another_games_lesson(tmp_path):
    folder = damaged(tmp_path, "peklo", (LESSONS_DIR / "macao.json").read_text(encoding="utf-8"))
    assert "the lesson is one of" in refusal(folder, "peklo")


def test_the_refusal_is_said_in_the_language_in_use(tmp_path):
    folder = damaged(tmp_path, "peklo", "[")
    before = language()
    set_language("ru")
    try:
        with pytest.raises(LessonError, match=r"Урок peklo\.json не открыть"):
            load_lesson("peklo", folder)
    finally:
        set_language(before)


def test_parse_lesson_needs_a_learner():
    data = lesson_data("macao")
    data["learner"] = 7
    with pytest.raises(LessonError, match="learner must be a seat"):
        parse_lesson("macao", data, variants())


# ------------------------------------------------------------ the lesson's table


def lesson_table(game: str):
    lesson = load_lesson(game)
    names = ["Ann"] + [""] * (lesson.layout.players - 1)
    table = LessonTable(lesson, names)
    updates: list = []
    sub = table.join(lesson.learner, updates.append)
    table.start()
    return lesson, table, sub


def test_the_table_deals_the_lessons_deal_and_plays_the_script():
    lesson, table, sub = lesson_table("makao-pl")
    # the opponent opened with the scripted 2♣ at once (no worker: AI turns are played in a row)
    assert table.match.action_count == 1
    assert table.match.state.to_act == lesson.learner
    assert table.coach_line() == lesson.lines[1].say
    for seat, action in lesson.script[1:]:
        if seat == lesson.learner:
            assert sub.act(table.seq, action) is None
    assert table.match.is_over and not table.match.awaiting_next_deal
    assert table.match.all_actions() == lesson.script


def test_the_learners_illegal_move_is_refused_in_the_engines_words():
    _lesson, table, sub = lesson_table("makao-ru")
    refusal = sub.act(table.seq, Take())
    assert refusal is not None and refusal.kind == "illegal" and "penalty" in said(refusal.words)
    assert table.match.action_count == 0


def test_a_move_the_rules_allow_off_the_script_is_refused_by_the_lesson():
    _lesson, table, sub = lesson_table("makao-ru")
    assert sub.act(table.seq, Draw()) is None  # the script's first move
    refusal = sub.act(table.seq, Pass())  # legal: keep the drawn 5♥
    assert refusal is not None and refusal.kind == "lesson" and "coach line" in said(refusal.words)
    assert sub.act(table.seq, Play(Card.parse("5H"))) is None  # the lesson goes on
    assert table.match.action_count == 3  # … and the opponent answered


def test_no_undo_or_hint_in_a_lesson():
    _lesson, table, _sub = lesson_table("peklo")
    assert "lesson takes no move back" in table.undo_refusal(0).text()
    assert table.hint_refusal(0) is not None
