"""A screen shown while the app is blurred takes the keys once the app has them back. In a browser
tab of the web door the app is blurred at the start and whenever the page's terminal loses the
focus (textual-serve's page tells it so); a screen that opens then (a shared match's end, a
question) was given no focus by Textual, which gives back only a widget of the screen that was
blurred: its Enter did nothing (tests/serve/test_web_start_keys.py drives the start screen so)."""

from textual import events

from makao_tui.app.main import MakaoApp
from makao_tui.app.screens.common import ConfirmScreen

from .test_table import run


def asked_while_blurred(back: events.Event | None):
    """The app is blurred, a question opens, then ``back`` (None: the first key) brings the app
    the focus: the answers given, and the widget focused once it is back."""
    app = MakaoApp(ai_delay=0)
    answers: list[bool | None] = []
    focused = []

    async def body(pilot):
        app.post_message(events.AppBlur())
        await pilot.pause()
        app.push_screen(ConfirmScreen("Leave the table?"), answers.append)
        await pilot.pause()
        assert app.focused is None  # Textual's way: nothing focused while blurred
        if back is not None:
            app.post_message(back)
            await pilot.pause()
            focused.append(app.focused)
        await pilot.press("enter")  # the button focused: No
        await pilot.pause()

    run(app, body)
    return answers, focused


def test_the_first_key_after_a_blur_reaches_the_screen_that_opened_meanwhile():
    assert asked_while_blurred(None) == ([False], [])


def test_the_focus_coming_back_goes_to_the_widget_the_screen_focuses_first():
    answers, focused = asked_while_blurred(events.AppFocus())
    assert answers == [False] and [w.id for w in focused] == ["no"]
