"""The ``makao`` command in the players' languages (issue 16): its help, its one-line errors and
what it prints, under ``--lang`` and under the locale variables; counts in each language's plural
forms."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from makao_tui.app.rules_book import rules_markdown
from makao_tui.cli import app
from makao_tui.engine.i18n import set_language
from makao_tui.games import get_variant


def makao(*args: str, **env: str) -> subprocess.CompletedProcess:
    """``makao ARGS`` in a process of its own (as a user runs it: the language is chosen before
    the command line is read) with the locale variables ``env`` over a C locale."""
    environ = {**os.environ, "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8", "COLUMNS": "100", **env}
    return subprocess.run([sys.executable, "-m", "makao_tui", *args], capture_output=True, text=True, env=environ,
                          stdin=subprocess.DEVNULL, timeout=120)


def test_makao_lang_pl_help_is_polish():
    done = makao("--lang", "pl", "--help")
    assert done.returncode == 0, done.stderr
    for words in ("Użycie: makao", "Opcje", "Polecenia", "Od razu zacznij partię", "Pokaż tę pomoc i zakończ.",
                  "Każde polecenie przyjmuje --lang"):
        assert words in done.stdout, words
    for english in ("Usage:", "Commands", "Show this message", "Start a match"):
        assert english not in done.stdout, english
    assert "--lang" in makao("--help").stdout  # documented in English too


def test_a_commands_help_follows_lang_anywhere_on_the_line():
    done = makao("play", "--help", "--lang", "ru")
    assert done.returncode == 0, done.stderr
    assert "Сразу начать партию" in done.stdout and "Аргументы" in done.stdout and "[обязательно]" in done.stdout
    assert "Использование: makao play" in done.stdout and "Показать эту справку и выйти." in done.stdout


def test_lang_ru_from_the_locale_variables_prints_the_rules_in_russian():
    done = makao("rules", "peklo", LANG="ru_RU.UTF-8")
    assert done.returncode == 0, done.stderr
    text = rules_markdown(get_variant("peklo"), "ru")  # the rules in full first, in Russian
    assert done.stdout.startswith(text + "\n") and text.startswith("# Пекло")
    first, presets = done.stdout[len(text) + 1:].splitlines()[:2]
    assert first == "Пекло (peklo): исходные правила" and presets.startswith("Наборы: seed")
    assert "Крючок:" in done.stdout  # an option's label, from the games' catalog
    assert "change one option" not in done.stdout and "Hook" not in done.stdout


@pytest.mark.parametrize("args,russian", [
    (["play", "makao-ru", "--bogus"], "makao: нет такого параметра: --bogus; см. 'makao play --help'"),
    (["play"], "makao: не хватает аргумента GAME; см. 'makao play --help'"),
    (["simulate", "peklo", "--games", "many"], "makao: неверное значение --games: нужно целое число"),
    (["join", "nonsense"], "makao: 'nonsense' — не код стола"),
    (["play", "makao-ru", "--seat", "ai:genius"], "makao: неизвестный уровень ИИ 'genius'"),
    (["play", "makao-ru", "--seat", "a", "--seat", "ai", "--loss-limit", "50"],
     "makao: опция '--loss-limit' должна быть от 200 до 1000"),  # the flag typed, not the option's name
    (["play", "makao-ru", "--seat", "a", "--seat", "ai", "--option", "loss_limit=50"],
     "makao: опция 'loss_limit' должна быть от 200 до 1000"),
])
def test_an_error_in_russian_is_one_line_exit_2(args, russian):
    done = makao(*args, LC_ALL="ru_RU.UTF-8")
    assert done.returncode == 2 and done.stdout == ""
    [line] = done.stderr.strip().splitlines()
    assert line.startswith(russian), line


def test_an_unknown_language_is_one_line():
    done = makao("--lang", "xx", "tables")
    assert done.returncode == 2 and done.stderr.strip() == "makao: unknown language 'xx' (known: en, ru, pl)"


@pytest.mark.parametrize("language,forms", [
    ("ru", {1: "1 лишний аргумент", 2: "2 лишних аргумента", 5: "5 лишних аргументов", 11: "11 лишних аргументов",
            21: "21 лишний аргумент", 22: "22 лишних аргумента"}),
    ("pl", {1: "1 argument za dużo", 2: "2 argumenty za dużo", 5: "5 argumentów za dużo",
            11: "11 argumentów za dużo", 21: "21 argumentów za dużo", 22: "22 argumenty za dużo"}),
    ("en", {1: "one argument too many", 2: "2 arguments too many", 5: "5 arguments too many",
            11: "11 arguments too many", 21: "21 arguments too many", 22: "22 arguments too many"}),
])
def test_counts_take_each_languages_plural_forms(language, forms):
    set_language(language)
    for count, words in forms.items():
        result = CliRunner().invoke(app, ["tables", *(f"x{i}" for i in range(count))])
        assert result.exit_code == 2 and words in result.output, (count, result.output)


def test_the_help_says_typers_words_and_types_in_the_language():
    done = makao("--lang", "pl", "play", "--help")
    assert done.returncode == 0, done.stderr
    assert "[OPCJE]" in done.stdout and "LICZBA" in done.stdout and "TEKST" in done.stdout
    for english in ("[OPTIONS]", "<int>", "<str>", "<bool>", "list[str]"):
        assert english not in done.stdout, english


def test_a_malformed_scenario_is_told_in_the_language(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"variant": "makao-pl", "players": 2, "hands": [["AS", "ZZ"], []]}', encoding="utf-8")
    done = makao("--lang", "ru", "scenario", str(bad))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == "makao: рука места 0: неизвестная карта 'ZZ'", done.stderr


def test_a_value_error_of_an_unknown_kind_is_not_told_in_pydantics_english():
    # (Typer's own exception: newer Typer carries Click inside it, with no module "click" installed;
    # the option is what the error names, its flags)
    from types import SimpleNamespace

    import typer

    from makao_tui.cli import usage_error_text
    from makao_tui.engine import i18n

    class Checked(ValueError):
        def errors(self):
            return [{"type": "string_too_long", "msg": "String should have at most 3 characters"}]

    error = typer.BadParameter("String should have at most 3 characters", param=SimpleNamespace(opts=["--pace"]))
    error.__cause__ = Checked()
    i18n.set_language("pl")
    assert usage_error_text(error) == "zła wartość --pace: wartość nie pasuje"


def test_the_left_over_english_is_said_in_the_language(tmp_path):
    # the group's usage line, a file that is not JSON, and the app's refusal of a pipe
    assert "КОМАНДА [АРГУМЕНТЫ]..." in makao("--lang", "ru", "--help").stdout
    bad = tmp_path / "notjson.json"
    bad.write_text("not json", encoding="utf-8")
    done = makao("--lang", "ru", "scenario", str(bad))
    assert done.returncode == 2 and "неверный JSON: ожидается значение, строка 1, столбец 1" in done.stderr
    done = makao("--lang", "pl", "play", "makao-pl", "--seat", "Ann", "--seat", "ai")  # stdout is a pipe here
    assert done.returncode == 2 and "aplikacja potrzebuje terminala" in done.stderr, done.stderr


def test_a_corrupt_saves_file_is_set_aside_in_the_language(tmp_path):
    from makao_tui.engine.i18n import set_language
    from makao_tui.store.database import open_store_or_recover

    path = tmp_path / "makao.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    set_language("ru")
    store, message = open_store_or_recover(path)
    store.close()
    assert message is not None and "Файл перенесён в" in message and "новый файл сохранённых партий" in message
    assert any(note.startswith("Файл сохранённых партий, который не удалось прочитать") for note in
               store.set_aside_notes())
