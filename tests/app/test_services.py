"""The app gives the screens what they may ask of it (makao_tui/app/services.py): each member of
the protocol the screens name instead of the app class, with a method where the protocol has one."""

import inspect

from makao_tui.app.main import MakaoApp
from makao_tui.app.services import AppServices


def test_the_app_has_every_member_the_screens_use():
    app = MakaoApp(ai_delay=0)
    assert isinstance(app, AppServices)
    for name, member in vars(AppServices).items():
        if inspect.isfunction(member) and not name.startswith("_"):
            assert callable(getattr(app, name)), name
            assert inspect.signature(getattr(MakaoApp, name)).parameters.keys() == \
                inspect.signature(member).parameters.keys(), name
