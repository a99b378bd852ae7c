"""Every Route opens a screen, and every argument a route takes is typed.

A scene opens another only by ``Route`` (``app.open(Route.RULES, rules=...)``), so a route
without a screen is a dead button, and an untyped argument (``lesson: Any``) lets any value
through to a scene that then fails far from the call.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from game.ui.routes import ROUTES
from game.ui.scene import Route


def untyped_arguments(routes: Mapping[Route, Callable[..., Any]]) -> list[str]:
    """Each route argument with no annotation, or annotated ``Any``/``object``."""
    bad = []
    for route, make in routes.items():
        target = make.__init__ if inspect.isclass(make) else make  # type: ignore[misc]
        params = list(inspect.signature(target).parameters.values())
        if inspect.isclass(make):
            params = params[1:]  # self
        for p in params:
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                bad.append(f"{route.name}: takes *{p.name}, so its arguments are not typed")
                continue
            note = p.annotation
            text = note if isinstance(note, str) else getattr(note, "__name__", str(note))
            if note is inspect.Parameter.empty or text in ("Any", "object", "typing.Any"):
                bad.append(f"{route.name}: argument {p.name!r} is not typed")
    return bad


def missing_screens(routes: Mapping[Route, Callable[..., Any]]) -> list[str]:
    return [r.name for r in Route if not callable(routes.get(r))]


def test_every_route_opens_a_screen():
    assert missing_screens(ROUTES) == []


def test_every_route_argument_is_typed():
    assert untyped_arguments(ROUTES) == []


def _untyped(app, lesson):  # noqa: ANN001, ANN202 - the planted fault
    return None


def _any(app: Any, lesson: Any) -> None:
    return None


@pytest.mark.parametrize("planted", [_untyped, _any])
def test_a_planted_untyped_route_is_found(planted):
    routes = dict(ROUTES)
    routes[Route.LESSON] = planted
    assert any("LESSON" in line for line in untyped_arguments(routes))


def test_a_planted_route_without_a_screen_is_found():
    routes = dict(ROUTES)
    del routes[Route.DRILL]
    routes[Route.HELP] = None  # type: ignore[assignment]
    assert missing_screens(routes) == ["HELP", "DRILL"]
