"""A game that survives a reload, without any widget: the page's game kept in the room store, offered back.

A game against a bot, or between two people on one screen, lives in the page's kernel; a reload, a
closed tab or a lost connection starts a new kernel with a new game.  :class:`GameKeeper` keeps the
game in the room store (:mod:`aton.rooms`, the same database as "Play a friend") after each move, under
a key the browser keeps in its ``localStorage`` (:data:`GAME_KEY`, written through the "Play a friend"
panel's bridge).  When the page opens again and the browser names a key with a game in progress, the
controller offers to continue it (:attr:`~aton.apps.dashboard.controller.DashboardController.resume_offer`):
:meth:`~aton.apps.dashboard.controller.DashboardController.accept_resume` plays on where it was,
:meth:`~aton.apps.dashboard.controller.DashboardController.decline_resume` keeps the new game (and the
kept one is forgotten).

Hidden cards stay hidden: the store holds the whole game on the server; the browser holds only the key,
and the page shows the game as the dashboard always does, through a player's view.

>>> import tempfile, aton
>>> from aton.apps.dashboard.controller import DashboardController
>>> url = f"sqlite:///{tempfile.mkdtemp()}/rooms.db"
>>> first = DashboardController(seed=12)
>>> kept: list[str] = []
>>> keeper = GameKeeper(first, url, remember=kept.append)
>>> keeper.browser_said("")                         # a first visit: nothing kept in this browser
>>> first.play(aton.Assign(aton.RED, tuple(first.game.hand(aton.RED))))
True
>>> len(kept[0])                                    # the key the browser keeps
24
>>> again = DashboardController()                   # the page reloaded: a new kernel, a new game
>>> GameKeeper(again, url).browser_said(kept[0])
>>> again.resume_offer is not None and again.accept_resume()
True
>>> again.game.actions == first.game.actions, again.game.hand(aton.RED) == first.game.hand(aton.RED)
(True, True)
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...actions import Player
from ...game import Game
from ...refusals import error_text
from ...widgets.bridge import bridge_reader as shared_reader
from .session import Mode, Setup
from .text import say, since_text

if TYPE_CHECKING:
    from .controller import DashboardController

__all__ = [
    "GAME_KEY",
    "HERE_KEY",
    "KEPT_MODES",
    "BrowserStore",
    "GameKeeper",
    "ResumeOffer",
    "bot_states",
    "bridge_reader",
    "restore_states",
    "setup_from_dict",
    "setup_to_dict",
]

GAME_KEY = "aton-game"
"""The browser's localStorage key that keeps the key of this page's game in the room store."""
HERE_KEY = "aton-game-here"
"""The browser's localStorage key that keeps the page's game itself where there is no store (the static site)."""
HERE_LIMIT = 400_000
"""The most characters of a game kept in the browser that the page reads back (a whole game is about 10,000)."""

_LEAVE_ASKS = """  if (!window.atonLeaveAsks) {
    window.atonLeaveAsks = true;
    window.addEventListener('beforeunload', function (event) {
      if (document.querySelector('.aton-status-line[data-in-game="true"]')) {
        event.preventDefault();
        event.returnValue = '';
        return '';
      }
    });
  }"""
"""Asks before the page is left while a game is in progress."""


def bridge_reader(bridge: str, stored: dict[str, str], page_facts: str = "{}") -> str:
    """The script that tells the kernel what the browser keeps, once the page has drawn the hidden field.

    It types into the field of class ``bridge`` a JSON object: ``page_facts`` (a script expression for an
    object, such as the page's address) and, for each ``name: key`` of ``stored``, the text the browser keeps
    under ``key`` in ``localStorage`` (``null``: none, or storage refused).  It also asks before the page is
    left while a game is in progress.

    >>> "'aton-game-here'" in bridge_reader("aton-here-bridge", {"kept": HERE_KEY}).replace('"', "'")
    True
    """
    return shared_reader(bridge, stored, page_facts, before=_LEAVE_ASKS)


KEPT_MODES = (Mode.BOT, Mode.TWO)
"""The modes whose games are kept (two bots need nobody; a friend's room is kept by the room itself)."""


@dataclass(frozen=True)
class ResumeOffer:
    """A game in progress found in the store: the page asks whether to continue it."""

    game: Game
    setup: Setup
    bot_states: dict[str, Any] = field(default_factory=dict)
    """Where each bot's random generator was (``random.Random.getstate``, as JSON), by colour: the bot answers
    after a reload as it would have without one."""
    started: float | None = None
    """When the kept game began (seconds since the epoch), if the store says."""

    def text(self, lang: str, now: float | None = None) -> str:
        """What the offer says: the round, the scores, who plays and (given the time ``now``) when it began."""
        from ...widgets.i18n import player_word

        game, setup = self.game, self.setup
        if setup.mode is Mode.BOT:
            who = say(
                "status.mode.bot",
                lang,
                human=player_word(setup.human.label, lang),
                level=say(f"new.level.{setup.level}", lang),
            )
        else:
            who = say("status.mode.two", lang)
        text = say(
            "resume.offer",
            lang,
            round=game.round,
            red=player_word("red", lang),
            blue=player_word("blue", lang),
            red_score=game.score(Player.RED),
            blue_score=game.score(Player.BLUE),
            who=who,
        )
        if self.started is not None and now is not None:
            text += " " + say("resume.started", lang, ago=since_text(now - self.started, lang))
        return text


def setup_to_dict(setup: Setup) -> dict[str, Any]:
    """The settings kept with a game (JSON-ready)."""
    return {"mode": setup.mode.value, "level": setup.level, "human": setup.human.label, "names": list(setup.names)}


def bot_states(session: Any) -> dict[str, Any]:
    """Each bot's generator state, JSON-ready (kept with the game)."""
    return {player.label: list_state(rng.getstate()) for player, rng in session.bot_rngs.items()}


def list_state(state: Any) -> Any:
    """A generator state with its tuples as lists (JSON); :func:`restore_states` reads it back."""
    return [list_state(part) for part in state] if isinstance(state, (tuple, list)) else state


def restore_states(session: Any, states: object) -> None:
    """Put each bot's generator back where it was; a state that is not one leaves that generator as dealt."""
    if not isinstance(states, dict):
        return
    for player, rng in session.bot_rngs.items():
        state = states.get(player.label)
        if not (isinstance(state, list) and len(state) == 3 and isinstance(state[1], list)):
            continue
        try:
            rng.setstate((state[0], tuple(state[1]), state[2]))
        except (TypeError, ValueError, OverflowError):
            continue


def setup_from_dict(data: object) -> Setup | None:
    """Settings read back from the store (``None`` when they are not settings of a kept mode).

    >>> setup_from_dict({"mode": "two", "level": "easy", "human": "red", "names": ["Ana", ""]}).names
    ('Ana', '')
    >>> setup_from_dict({"mode": "watch"}), setup_from_dict([1, 2])
    (None, None)
    """
    if not isinstance(data, dict):
        return None
    names = data.get("names", ["", ""])
    try:
        setup = Setup(
            mode=Mode(data.get("mode")),
            level=str(data.get("level", "easy")),
            human=Player.parse(str(data.get("human", "red"))),
            names=(str(names[0])[:40], str(names[1])[:40]) if isinstance(names, list) and len(names) == 2 else ("", ""),
        )
    except ValueError:
        return None
    return setup if setup.mode in KEPT_MODES else None


class GameKeeper:
    """Keeps a controller's game in the room store after each move, and offers it back after a reload.

    ``GameKeeper(controller, url=None, *, store=None, remember=None)``: ``url`` of the room store
    (``None``: ``ATON_ROOMS`` or the default file) or an open ``store``; ``remember(key)`` writes a new
    key into the browser (the page's bridge).  Nothing is kept before :meth:`browser_said` (the browser
    may hold a game to offer back, which a fresh game must not overwrite), nor while an offer waits.
    A store that fails says so once, in the page's message; the game goes on.  ``hold``: the page shows no
    game until the browser said (:meth:`~aton.apps.dashboard.controller.DashboardController.hold`): then the
    kept game is offered before any new one is on the screen.
    """

    def __init__(
        self,
        controller: DashboardController,
        url: str | None = None,
        *,
        store: Any = None,
        remember: Callable[[str], None] | None = None,
        hold: bool = False,
    ) -> None:
        self.controller = controller
        self.url = url
        self._store = store
        self._owns_store = store is None
        self.remember = remember
        self.key: str | None = None
        """The key of this page's game in the store (the browser keeps it)."""
        self.ready = False
        """Whether the browser said what it holds (before that nothing is kept)."""
        self.failed = False
        """Whether the store failed (then nothing more is tried on this page)."""
        self._offered: ResumeOffer | None = None
        self._mark: tuple[int, int] | None = None
        controller.on_change(self._changed)
        if hold:
            controller.hold()

    @property
    def store(self) -> Any:
        """The room store, opened on first use."""
        if self._store is None:
            from ... import rooms

            self._store = rooms.open_store(self.url or rooms.default_url())
        return self._store

    def browser_said(self, key: str) -> None:
        """The key the browser keeps (``""``: none): offer its game if one is in progress, then keep this page's."""
        if self.ready:
            return
        self.ready = True
        try:
            self._offer(key)
        finally:
            self.controller.release()  # the page shows the new game, or the offer of the kept one

    def _offer(self, key: str) -> None:
        controller = self.controller
        if key:
            self.key = key
            try:
                kept = self.store.kept_game(key)
            except _store_errors() as error:
                self._fail(error)
                return
            setup = setup_from_dict(kept[1]) if kept is not None else None
            if kept is not None and setup is not None and kept[0].result is None and controller.mode in KEPT_MODES:
                started = kept[1].get("started")
                self._offered = ResumeOffer(
                    kept[0],
                    setup,
                    dict(kept[1].get("bots") or {}),
                    _when(started),
                )
                controller.offer_resume(self._offered)
                return
        self._changed()

    def _changed(self) -> None:
        """After every change of the controller: keep its game when a person moved it on."""
        controller = self.controller
        if not self.ready or self.failed or controller.resume_offer is not None:
            return
        try:
            if self._offered is not None:  # the offer was answered
                if controller.resumed is not self._offered:
                    self.store.forget_game(self.key)
                self._offered = None
            game = controller.game
            if controller.mode not in KEPT_MODES:
                return
            if game.result is not None:
                if self._mark is not None:
                    self.store.forget_game(self.key)
                    self._mark = None
                return
            humans = controller.session.humans
            if not any(action.player in humans for action in game.actions):
                return  # nothing a person did yet: nothing worth offering back
            mark = (controller.generation, len(game.actions))
            if mark == self._mark:
                return
            session = controller.session
            settings = dict(setup_to_dict(session.setup), bots=bot_states(session), started=session.started)
            key = self.store.keep_game(self.key, game, settings)
            self._mark = mark
        except _store_errors() as error:
            self._fail(error)
            return
        if key != self.key:
            self.key = key
            if self.remember is not None:
                self.remember(key)

    def _fail(self, error: BaseException) -> None:
        self.failed = True

        def reason(lang: str) -> str:
            return error_text(error, lang, unexpected=lambda e: str(e) or type(e).__name__)

        self.controller.tell(functools.partial(_not_kept, reason), alert=True)

    def close(self) -> None:
        """Stop keeping (and close the store if this keeper opened it)."""
        self.controller.on_change(self._changed, remove=True)
        if self._owns_store and self._store is not None:
            self._store.dispose()
            self._store = None


class BrowserStore:
    """The three calls :class:`GameKeeper` makes to the room store, for one game kept in the browser itself.

    Where there is no server (the static site: Python runs in the browser, and the page holds every card
    anyway), the game is kept as text in the browser's ``localStorage`` (:data:`HERE_KEY`).
    ``BrowserStore(write)``: ``write(text)`` puts the text into the browser (``""``: forget it);
    :meth:`load` takes what the browser held when the page opened and names the key to give
    :meth:`GameKeeper.browser_said`.  A damaged text is no game.

    >>> import aton
    >>> from aton.apps.dashboard.controller import DashboardController
    >>> browser: list[str] = []
    >>> first = DashboardController(seed=12)
    >>> keeper = GameKeeper(first, store=BrowserStore(browser.append))
    >>> keeper.browser_said("")
    >>> first.play(aton.Assign(aton.RED, tuple(first.game.hand(aton.RED))))
    True
    >>> again = DashboardController()                # the page reloaded: Python starts again in the browser
    >>> store = BrowserStore(browser.append)
    >>> GameKeeper(again, store=store).browser_said(store.load(browser[-1]))
    >>> again.resume_offer is not None and again.accept_resume()
    True
    >>> again.game.actions == first.game.actions
    True
    >>> BrowserStore(browser.append).load('{"game": "not a game"')  # damaged: nothing to offer
    ''
    """

    KEY = "here"
    """The key of the one game the browser keeps."""

    def __init__(self, write: Callable[[str], None]) -> None:
        self.write = write
        self.text = ""

    def load(self, text: object) -> str:
        """What the browser held (its text); the key to offer back, or ``""`` when it held no game."""
        self.text = text if isinstance(text, str) and len(text) <= HERE_LIMIT else ""
        return self.KEY if self.kept_game(self.KEY) is not None else ""

    def keep_game(self, key: str | None, game: Game, setup: dict[str, Any]) -> str:
        """Keep ``game`` and its settings in the browser; returns the key."""
        self.text = json.dumps({"game": game.to_json(), "setup": setup}, separators=(",", ":"))
        self.write(self.text)
        return self.KEY

    def kept_game(self, key: object) -> tuple[Game, dict[str, Any]] | None:
        """The game and settings the browser keeps (``None``: none, or damaged)."""
        if key != self.KEY or not self.text:
            return None
        try:
            raw = json.loads(self.text)
            game = Game.from_json(raw["game"])
            setup = raw["setup"]
        except (ValueError, KeyError, TypeError):
            return None
        return (game, setup) if isinstance(setup, dict) else None

    def forget_game(self, key: object) -> None:
        """Forget the kept game."""
        if self.text:
            self.text = ""
            self.write("")

    def dispose(self) -> None:
        """Nothing to close (the room store's call)."""


def _when(value: object) -> float | None:
    """A time kept with a game (seconds since the epoch), or ``None`` when it is not one.

    >>> _when(1_700_000_000.5), _when("yesterday"), _when(True), _when(float("inf"))
    (1700000000.5, None, None, None)
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)


def _store_errors() -> tuple[type[Exception], ...]:
    """The room store's refusals, to catch; none where there is no room store (the static site's Pyodide has no
    SQLAlchemy, so :mod:`aton.rooms` does not import there, and the browser keeps the game: :class:`BrowserStore`)."""
    try:
        from ...rooms import RoomError
    except ImportError:
        return ()
    return (RoomError,)


def _not_kept(reason: Callable[[str], str], lang: str) -> str:
    return say("resume.not_kept", lang, reason=reason(lang))
