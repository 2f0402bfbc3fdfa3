"""Two players at one shared table, each in their own language (issue 16 item 2): the server sends
data (events, seats, refusals as kinds and fields), each client process words it in its player's
language; and the table's refusals, ends and notices worded at the client."""

from __future__ import annotations

import json
import subprocess
import sys

from makao_tui.engine.i18n import N_, set_language
from makao_tui.net.protocol import ChatLine, Closed, TableSeat, encode, refusal, said
from makao_tui.net.words import chat_speaker, closed_text, notice_text, refusal_text
from makao_tui.table import Notice, Refusal

from .test_processes import ROOT, environment, makao, tables, wait_gone


def lang_player(env: dict[str, str], code: str, name: str, language: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "tests.net.lang_player", code, name, language], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)


def test_two_players_at_one_table_read_it_in_two_languages(tmp_path):
    host_env, guest_env = environment(tmp_path, "host"), environment(tmp_path, "guest")
    done = makao(host_env, "host", "makao-ru", "--seat", "open", "--seat", "open", "--seat", "ai", "--detach")
    assert done.returncode == 0, done.stderr
    code = done.stdout.split()[1]
    try:
        olga, jan = lang_player(host_env, code, "Olga", "ru"), lang_player(guest_env, code, "Jan", "pl")
        seen = {}
        for who, proc in (("olga", olga), ("jan", jan)):
            out, err = proc.communicate(timeout=120)
            assert proc.returncode == 0, err
            seen[who] = json.loads(out)
    finally:
        for listed in tables(host_env):
            subprocess.run(["kill", str(listed["pid"])], check=False)
            wait_gone(listed["pid"])
    ru, pl = seen["olga"], seen["jan"]
    # the same events, each in its reader's words (makao-ru deals 5 cards: the plural of 5)
    assert any("сдаёт по 5 карт" in line for line in ru["log"]), ru["log"]
    assert any("rozdaje po 5 kart" in line for line in pl["log"]), pl["log"]
    assert not any("deals" in line for line in ru["log"] + pl["log"])
    # the seats: the players' own names literally, the words around them in each language
    for seats in (ru["seats"], pl["seats"]):
        assert {seat.split()[0] for seat in seats[:2]} == {"Olga", "Jan"}
    assert ru["seats"][2].startswith("ИИ") and pl["seats"][2].startswith("SI")
    # a refusal: kind and fields over the wire, worded by each client
    assert ru["refusal"].startswith("это соединение играет за место"), ru["refusal"]
    assert pl["refusal"].startswith("to połączenie gra na miejscu"), pl["refusal"]


def test_the_tables_refusals_ends_and_notices_are_worded_at_the_client():
    full = refusal("no_seat", "join", 3, N_("no free seat at table {code}: every seat is taken"), code="crane-47")
    taken = refusal("join", "join", 3, N_("{name!r} sits at this table already: choose another name"), name="Olga")
    over = Closed(words=said(N_("the match is over")).data)
    waits = said(N_("The next deal waits for {names}."), names="Olga, Jan")
    waiting = Notice(kind="waiting", words=waits.data)
    assert full.reason is None and b"reason" not in encode(full)  # the words are the client's
    assert refusal_text(full).startswith("no free seat at table crane-47: every seat is taken")
    assert closed_text(over) == "the match is over"
    set_language("ru")
    assert refusal_text(full).startswith("за столом crane-47 нет свободного места: все места заняты")
    assert refusal_text(taken) == "'Olga' уже сидит за этим столом: выберите другое имя"
    assert closed_text(over) == "партия окончена"
    assert notice_text(waiting) == "Следующая сдача ждёт: Olga, Jan."
    assert TableSeat(kind="human", name="Jan", user="jan", connected=False).label() == "Jan — отключён"
    set_language("pl")
    assert refusal_text(full).startswith("przy stole crane-47 nie ma wolnego miejsca")
    assert closed_text(over) == "partia się skończyła"
    assert TableSeat(kind="ai", level="hard").describe() == "SI (trudny)"
    assert chat_speaker(ChatLine(name="", user="olga", text="cześć", watching=True)) == "olga (obserwuje)"
    assert chat_speaker(ChatLine(name="Jan", user="jan", text="cześć")) == "Jan (jan)"
    # data this client cannot read (a newer server's, a broken one): said as such, in Polish too
    unread = "stół przysłał wiadomość, której ta wersja makao nie umie odczytać"
    assert refusal_text(Refusal(kind="new", intent="act", seq=0, words={"words": "{missing}", "fields": {}})) == unread
    assert refusal_text(Refusal(kind="new", intent="act", seq=0, words={"words": 5})) == unread
