"""The dashboard's flow without any widget: modes, turns, bots, the cover, the steps, the coach, files, messages.

:class:`DashboardController` is a plain Python object.  It holds the game with its players
(:class:`~aton.apps.dashboard.session.Session`), decides whose turn it is, starts the bots and the
coach through a :class:`~aton.apps.work.Worker`, puts up the "pass the screen" cover
between two people, keeps the step the page shows (watching a resolution step by step), saves and
loads files, and keeps the message for people.  The widgets (:class:`aton.apps.dashboard.app.Dashboard`)
only show it and forward what people do; scripts and tests drive it without a browser.

Its listeners (:meth:`DashboardController.on_change`) are called after every change, so a page
redraws from the controller's state and nothing else.

>>> import aton
>>> flow = DashboardController(seed=12)          # a person (red) against the easy bot, deciding at once
>>> flow.game.has_assigned(aton.BLUE), flow.assigning_person()  # the bot chooses its cards after the person
(False, RED)
>>> flow.play(aton.Assign(aton.RED, tuple(flow.game.hand(aton.RED))))
True
>>> flow.game.round > 1 or flow.game.revealed  # then the bot chose at once, and the cards were turned up
True
>>> flow.live, flow.pending > 0, flow.shown_seed is None
(False, True, True)
>>> flow.play(aton.Assign(aton.BLUE, (1, 1, 1, 1)))  # the bot's colour is not the person's to play
False
>>> flow.message_text("en")
'Blue is played by the bot: you play Red.'
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any

from ... import data
from ...actions import RED, Action, Assign, Exchange, Place, Player, Remove, Square
from ...bots.base import Steps
from ...bots.coach import Hint, hint_steps
from ...events import (
    Assigned,
    CardsDrawn,
    CounterPlaced,
    CounterRemoved,
    Event,
    GameOver,
    NoStock,
    PlacementAllowed,
    RemovalAllowed,
    RemovalSkipped,
    Reshuffled,
    RoundEnded,
    ScoringStarted,
    SentToKingdom,
    WarCardsMoved,
)
from ...explain import LANGUAGES
from ...game import Game, Phase
from ...refusals import error_text
from ...timeline import Step, timeline
from ...widgets.i18n import Language, player_word, tr
from ...widgets.referee import Draw, Outcome, register
from ..work import Job, Schedule, Worker, bot_work
from .friend import FriendFlow
from .session import (
    MAX_FILE_BYTES,
    LoadError,
    Mode,
    SavedFile,
    Session,
    Setup,
    fresh_seed,
    read_game_file,
    save_file,
)
from .text import say, since_text

__all__ = ["MAX_SEED_DIGITS", "DashboardController", "SeedError", "Text", "parse_seed"]

Text = Callable[[str], str]
"""Words for people as a function of the language, so a language switch rewrites them."""

ACTING = (Phase.REMOVE, Phase.PLACE, Phase.SCORING_REMOVE)
"""Phases where a player clicks squares on the board."""
ROUND_ENDS = (RoundEnded, GameOver)
"""Events that close a round."""

MINOR_STEPS = (
    Assigned,
    CardsDrawn,
    Reshuffled,
    RemovalSkipped,
    RemovalAllowed,
    PlacementAllowed,
    CounterRemoved,
    CounterPlaced,
    SentToKingdom,
    NoStock,
    WarCardsMoved,
)
"""Steps that "Only the main steps" does not stop at: cards drawn or laid face down, each counter removed or
placed and what allows it.  The main steps are the reveal, the points, the order, each turn, the war, the end
of a round and each line of a scoring: the board shows the counters moved at the next main step."""

MAX_SEED_DIGITS = data.MAX_NUMBER_DIGITS
"""A seed typed in the form is a whole number of at most this many digits (the engine's bound)."""


class SeedError(ValueError):
    """A seed typed in the form that is not a whole number of at most :data:`MAX_SEED_DIGITS` digits.

    The message quotes at most the first 24 characters of what was typed, never thousands of digits;
    :meth:`text` gives it in another language.
    """

    def __init__(self, key: str, typed: str) -> None:
        self.key = key
        self.quoted = typed if len(typed) <= 24 else typed[:24] + "…"
        self.length = len(typed)
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        """The message in ``lang``."""
        return say(self.key, lang, text=self.quoted, length=self.length, digits=MAX_SEED_DIGITS)


def parse_seed(text: str) -> int | None:
    """The seed a person typed (``None`` when the field is empty: a new random seed).

    Raises :class:`SeedError` saying what is allowed.

    >>> parse_seed(" 1234 "), parse_seed("")
    (1234, None)
    >>> try:
    ...     parse_seed("9" * 4000)
    ... except SeedError as problem:
    ...     print(problem.length, problem.quoted)
    4000 999999999999999999999999…
    """
    text = text.strip()
    if not text:
        return None
    if len(text) > MAX_SEED_DIGITS:
        raise SeedError("new.seed_too_long", text)
    if not text.isascii() or not text.isdigit():
        raise SeedError("new.bad_seed", text)
    return int(text)


class DashboardController:
    """A game of the dashboard with its flow, without widgets.

    ``DashboardController(seed=None, *, mode="bot", level="easy", human=RED, schedule=None, lang="en")``

    - ``mode``: ``"bot"`` (a person against a bot), ``"two"`` (two people on one screen) or
      ``"watch"`` (two bots); ``level``: the bots' level; ``human``: the person's colour against a bot.
    - ``schedule``: runs a function on the page's thread (in a kernel); with it bots and the coach
      think in threads, without it they decide at once (scripts and tests).
    - ``lang``: the page's first language (:attr:`language`, which the page follows; the coach advises in
      it; the rest is :data:`Text`, rendered by the page).
    - ``worker``: where bots and the coach think, if not a ``Worker(schedule)``: anything with
      :class:`~aton.apps.work.Worker`'s ``run`` and ``call_soon`` (another runner, say).

    It is the only code that applies actions to its game: people's (:meth:`submit`, which the
    board and the card panel call as their referee, or :meth:`play`), the bots', and loaded files.

    What people do: :meth:`new_game`, :meth:`start_from_form`, :meth:`submit`, :meth:`play`, :meth:`next_step`,
    :meth:`skip`, :meth:`set_auto`, :meth:`tick`, :meth:`lift_cover`, :meth:`ask_coach`, :meth:`save`,
    :meth:`load_bytes`, :meth:`set_lang`.
    What the page shows: :attr:`live`, :attr:`pending`, :meth:`shown_state`, :meth:`shown_step`,
    :meth:`cover_for`, :meth:`assigning_person`, :meth:`board_viewer`, :meth:`status_facts`,
    :attr:`shown_seed`, :meth:`turn_text`, :meth:`bot_progress`, the message, the coach's note and hint.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        mode: str | Mode = "bot",
        level: str = "easy",
        human: Player = RED,
        schedule: Schedule | None = None,
        lang: str = "en",
        worker: Worker[Any] | None = None,
    ) -> None:
        self.worker: Worker[Any] = worker if worker is not None else Worker(schedule)
        self.language = Language(lang)
        """The page's one language: the switch sets it, every part of the page follows it."""
        self.language.on_change(self._on_lang)
        self.session = Session(Setup(mode=Mode(mode), level=level, human=Player(human), seed=seed))
        self.shown = 0
        """Events of the game the page shows (fewer than the game's while steps wait to be watched)."""
        self.at_screen: Player | None = None
        """Two people on one screen: whose cards may show now (``None`` while the cover is up)."""
        self.auto = False
        """Whether the steps play by themselves ("Play the steps")."""
        self.main_only = False
        """Whether the steps to watch are only the main ones (:data:`MINOR_STEPS` are passed over)."""
        self.last_move = 0
        """In a room: where the events of the last move begin (what it caused is said and marked until the next)."""
        self.step_through = False
        """In a room: whether the moves that arrive wait to be watched step by step (off: the page follows
        the game live, each move played at once and marked on the board until the next one)."""
        self.touch = False
        """Whether the person points with a finger (the words say "tap") rather than a mouse ("click")."""
        self.jobs: dict[str, Job] = {}
        """Background work running, by name (``"bot:blue"``, ``"coach"``)."""
        self.message: Text | None = None
        self.message_alert = False
        self.coach_note: Text | None = None
        """What the coach says when it has no hint: thinking, not now, an error."""
        self.coach_alert = False
        self.saved: SavedFile | None = None
        """The last file saved (the page offers it for download)."""
        self.applied = 0
        self.resume_offer: Any = None
        """A game in progress kept from an earlier visit of this browser
        (:class:`~aton.apps.dashboard.resume.ResumeOffer`): the page asks whether to continue it."""
        self.resumed: Any = None
        """The offer last accepted (the game it brought back is the one on the page)."""
        self.holding = False
        """Whether the page holds its new game back: the browser has not said yet whether it keeps a game
        from an earlier visit (see :meth:`hold`)."""
        self.clock: Callable[[], float] = time.time
        """The time now, in seconds since the epoch (how long ago the game began)."""
        self.room: FriendFlow | None = None
        """Playing a friend: this page's room (its seat's view is :attr:`game`; moves go to the store)."""
        self._room_said: Text | None = None
        """The room's message the page shows (it goes when the room has nothing more to say)."""
        self._room_seen = (0, -1)
        """How many actions this controller has played (people's and bots')."""
        self.generation = 0
        """Counts new games and loaded files: a page rebuilds what belongs to one game when it changes."""
        self._hint: tuple[tuple[int, int, Player], Hint] | None = None
        self._count = 0
        self._round = 0
        self._board_viewer: Player | None = None
        self._steps_cache: tuple[int, int, list[Step]] | None = None
        self._listeners: list[Callable[[], None]] = []
        self._progress_listeners: list[Callable[[Job, float], None]] = []
        self._install()

    # ================================================================ listeners
    def on_change(self, callback: Callable[[], None], remove: bool = False) -> None:
        """Call ``callback()`` after every change of what the page shows."""
        register(self._listeners, callback, remove)

    def on_progress(self, callback: Callable[[Job, float], None], remove: bool = False) -> None:
        """Call ``callback(job, fraction)`` as a bot's search goes on (no other change comes with it)."""
        register(self._progress_listeners, callback, remove)

    def _changed(self) -> None:
        game = self.session.game
        if self.main_only and not self.live:
            self.shown = self._settled(game.events)
        if self.cover_for() is not None:
            self._forget_private()
        self._count = len(game.events)
        self._round = game.round
        for callback in list(self._listeners):
            callback()

    # ================================================================ what the page shows
    @property
    def game(self) -> Game:
        """The live game."""
        return self.session.game

    @property
    def mode(self) -> Mode:
        """Who plays: :class:`~aton.apps.dashboard.session.Mode`."""
        return self.session.mode

    @property
    def live(self) -> bool:
        """Whether the page shows the game as it is now (no step left to watch)."""
        return self.shown >= len(self.session.game.events)

    @property
    def pending(self) -> int:
        """Steps not watched yet (with "Only the main steps", the main ones: how many "Next step" clicks are left)."""
        events = self.session.game.events
        if not self.main_only:
            return max(0, len(events) - self.shown)
        return len(_stops(events, self.shown))

    @property
    def over(self) -> bool:
        """Whether the game is over and its end has been watched."""
        return self.session.game.result is not None and self.live

    @property
    def thinking(self) -> list[str]:
        """Names of the background jobs running (``"bot:blue"``, ``"coach"``)."""
        return sorted(self.jobs)

    @property
    def covered(self) -> bool:
        """Whether the "pass the screen" cover is up."""
        return self.cover_for() is not None

    @property
    def shown_seed(self) -> int | None:
        """The seed the page may show: only once the game is over and its end watched.

        The seed deals every card, so while cards are hidden (from a person against the bot, from one
        person to the other, from people watching two bots) whoever knows it can work them all out.
        """
        return self.session.game.seed if self.over else None

    @property
    def hint(self) -> Hint | None:
        """The coach's hint for the person deciding now, if they asked (``None`` once it no longer applies)."""
        stored = self._hint
        if stored is None:
            return None
        key, advice = stored
        person = self.deciding_person()
        game = self.session.game
        if person is None or key != (id(game), len(game.actions), person):
            return None
        return advice

    @property
    def hint_player(self) -> Player | None:
        """Whom the hint is for."""
        return self._hint[0][2] if self.hint is not None and self._hint is not None else None

    @property
    def suggested_square(self) -> Square | None:
        """The square the coach's hint names (to mark on the board), if it names one."""
        advice = self.hint
        if advice is None or not isinstance(advice.action, (Place, Remove)):
            return None
        return advice.action.square

    def message_text(self, lang: str) -> str:
        """The message for people in ``lang`` ("" when there is none)."""
        return self.message(lang) if self.message is not None else ""

    def _room_ended(self) -> bool:
        """In a room: whether its game ended without the engine's end (a forfeit) or the room closed."""
        status = self.room.status if self.room is not None and self.session.mode is Mode.FRIEND else None
        return status is not None and status.state in ("over", "closed", "abandoned")

    def deciding_person(self) -> Player | None:
        """The person at the screen who must decide now, if any."""
        session = self.session
        game = session.game
        if game.result is not None or self._room_ended():
            return None
        to_act = [p for p in game.to_act if session.controller(p) == "human"]
        if session.mode is Mode.TWO and game.phase is Phase.ASSIGN:
            return self.at_screen if self.at_screen in to_act else None
        return to_act[0] if to_act else None

    def cover_for(self) -> Player | None:
        """Two people on one screen: who must take the screen next to choose their cards (``None``: no cover)."""
        session = self.session
        game = session.game
        if session.mode is not Mode.TWO or not self.live or game.phase is not Phase.ASSIGN or game.result:
            return None
        waiting = list(game.to_act)
        if not waiting or self.at_screen in waiting:
            return None
        return waiting[0]

    def assigning_person(self) -> Player | None:
        """Whose card panel belongs on the page now: the person choosing cards (or waiting for a bot)."""
        session = self.session
        game = session.game
        if not self.live or game.phase is not Phase.ASSIGN or game.result is not None or self._room_ended():
            return None
        if session.mode is Mode.BOT:
            return session.setup.human
        if session.mode is Mode.FRIEND:
            # no card to confirm before the opponent is in: the room would refuse it
            status = self.room.status if self.room is not None else None
            return session.viewer if status is None or status.state != "waiting" else None
        if session.mode is Mode.TWO and self.at_screen is not None and not game.has_assigned(self.at_screen):
            return self.at_screen
        return None

    def board_viewer(self) -> Player | None:
        """Whose eyes the board uses now.

        Two people on one screen: the person at the screen, else the next one to take it.  (A board's
        text twin cannot go back to "nobody" once it had a viewer, so the board keeps a person whose
        cards are not face down on the cartouches.)  Otherwise: the person against the bot, or nobody.
        """
        session = self.session
        if session.mode is not Mode.TWO:
            return session.viewer
        if session.game.phase is Phase.ASSIGN:
            for candidate in (self.at_screen, self.cover_for()):
                if candidate is not None:
                    self._board_viewer = candidate
                    break
        return self._board_viewer

    def save_viewer(self) -> Player | None:
        """Whose eyes a saved file uses: the person against the bot, else nobody (public information)."""
        return self.session.setup.human if self.session.mode is Mode.BOT else None

    def steps(self) -> list[Step]:
        """The game's steps as the page's viewer sees them (cached per game and length)."""
        game = self.session.game
        if self.room is not None and self.session.mode is Mode.FRIEND:
            return self.room.steps()  # the store's steps, each as this page's seat sees it
        key = (id(game), len(game.events))
        cache = self._steps_cache
        if cache is None or (cache[0], cache[1]) != key:
            cache = (key[0], key[1], timeline(game, viewer=self.session.viewer))
            self._steps_cache = cache
        return cache[2]

    def step_at(self, count: int) -> Step | None:
        """The step of event ``count - 1`` (the state after the first ``count`` events)."""
        steps = self.steps()
        index = count - 1 - (len(self.session.game.events) - len(steps))
        return steps[index] if 0 <= index < len(steps) else None

    def shown_step(self) -> Step | None:
        """The step being watched (``None`` when the page shows the game as it is now)."""
        return None if self.live else self.step_at(self.shown)

    def shown_state(self) -> Game:
        """The state the board shows: the step being watched, or the game as it is now."""
        step = self.shown_step()
        return step.state if step is not None else self.session.game

    def last_move_steps(self, most: int = 8) -> list[Event]:
        """In a room followed live: the main steps the last move caused (at most the ``most`` last ones)."""
        if self.session.mode is not Mode.FRIEND or not self.live:
            return []
        events = self.session.game.events[self.last_move :]
        main: list[Event] = [event for event in events if not isinstance(event, MINOR_STEPS)]
        return main[-most:]

    def round_end_ahead(self) -> bool:
        """Whether a step still to watch closes the round (what "skip" jumps to)."""
        return any(isinstance(e, ROUND_ENDS) for e in self.session.game.events[self.shown :])

    def bot_progress(self) -> tuple[Player, float] | None:
        """The bot thinking now and how far its search is, if one thinks."""
        bots = [name for name in self.jobs if name.startswith("bot:")]
        if not bots:
            return None
        player = Player.parse(bots[0].split(":")[1])
        return player, min(1.0, max(0.0, self.jobs[bots[0]].progress))

    def turn_text(self, lang: str) -> str:
        """What the person at the screen should do now ("" when nothing)."""
        session = self.session
        game = session.game
        if not self.live:
            return say("steps.watching", lang)
        if session.mode is Mode.FRIEND and self.room is not None:
            text = self.room.turn_text(lang, self.touch)  # whose turn, the opponent gone or back, a rematch
            status = self.room.status
            if session.setup.spectator and status is not None and status.state == "playing" and game.result is None:
                waiting = [session.name(p, player_word(p.label, lang)) for p in game.to_act]
                if len(waiting) == 1:  # a spectator is told whom the game waits for, by name
                    text = f"{text} {say('friend.spectator_one', lang, name=waiting[0])}"
                elif waiting:
                    text = f"{text} {say('friend.spectator_both', lang)}"
            return text
        if game.result is not None:
            return ""
        person = self.deciding_person()
        if person is None or game.phase not in ACTING:
            return ""
        device = ".touch" if self.touch else ""  # "tap" for a finger, "click" for a mouse
        if session.mode is Mode.TWO:
            return say(f"turn.people{device}", lang, player=session.name(person, player_word(person.label, lang)))
        return say(f"turn.{game.phase.value}{device}", lang)

    def status_parts(self, lang: str) -> list[str]:
        """The header's words: round, scores, the seed once the game is over, who plays."""
        session = self.session
        if self.resume_offer is not None:
            return [say("status.offered", lang)]
        if self.holding:
            return [say("status.looking", lang)]
        state = self.shown_state()
        red, blue = player_word("red", lang), player_word("blue", lang)
        level = say(f"new.level.{session.setup.level}", lang)
        if session.mode is Mode.BOT:
            mode = say("status.mode.bot", lang, human=player_word(session.setup.human.label, lang), level=level)
        elif session.mode is Mode.FRIEND:
            mode = say("friend.room", lang, code=self.room.code if self.room is not None else "")
        else:
            mode = say(f"status.mode.{session.mode.value}", lang, level=level)
        if session.source:
            mode = f"{mode} · {say('status.loaded', lang)}"
        parts = [
            say("status.round", lang, round=state.round),
            say(
                "status.scores",
                lang,
                red=red,
                blue=blue,
                red_score=state.score(RED),
                blue_score=state.score(Player.BLUE),
            ),
        ]
        seed = self.shown_seed
        if seed is not None:
            parts.append(say("status.seed", lang, seed=seed))
        parts.append(mode)
        parts.append(since_text(self.clock() - session.started, lang))
        return parts

    def status_facts(self) -> dict[str, object]:
        """The public facts of the step shown, for tests and tools (``data-*`` attributes of the page).

        ``seed`` is empty until the game is over (see :attr:`shown_seed`).
        """
        game = self.session.game
        state = self.shown_state()
        seed = self.shown_seed
        return {
            "round": state.round,
            "phase": state.phase.value,
            "red-score": state.score(RED),
            "blue-score": state.score(Player.BLUE),
            "red-stock": state.stock(RED),
            "blue-stock": state.stock(Player.BLUE),
            "kingdom": len(state.kingdom),
            "live": str(self.live).lower(),
            "pending": self.pending,
            "shown": self.shown,
            "to-act": " ".join(p.label for p in game.to_act) if self.live else "",
            "thinking": " ".join(sorted(self.jobs)),
            "mode": self.session.mode.value,
            "seed": "" if seed is None else seed,
            "over": str(self.over).lower(),
            "cover": str(self.cover_for() is not None).lower(),
            "at-screen": self.at_screen.label if self.at_screen is not None else "",
            "auto": str(self.auto).lower(),
            "game": self.generation,
            "in-game": str(self.in_game).lower(),
            "offer": str(self.resume_offer is not None).lower(),
        }

    @property
    def in_game(self) -> bool:
        """Whether people are in the middle of a game here (leaving the page asks first).

        Against a bot or two people on one screen, once a person has played and until the game is over.
        """
        session = self.session
        game = session.game
        if session.mode not in (Mode.BOT, Mode.TWO) or game.result is not None:
            return False
        return any(action.player in session.humans for action in game.actions)

    # ================================================================ what people do
    def new_game(
        self,
        seed: int | None = None,
        *,
        mode: str | Mode | None = None,
        level: str | None = None,
        human: Player | None = None,
        names: tuple[str, str] = ("", ""),
    ) -> None:
        """Start a new game (unchanged settings keep their current value; ``seed=None``: a new seed)."""
        old = self.session.setup
        setup = Setup(
            mode=Mode(mode) if mode is not None else old.mode,
            level=level if level is not None else old.level,
            human=Player(human) if human is not None else old.human,
            seed=seed if seed is not None else fresh_seed(),
            names=names,
        )
        self._cancel_jobs()
        self.session = Session(setup)
        self._set_message(lambda lang: say("new.started", lang))
        self._install()

    def start_from_form(
        self, seed_text: str, *, mode: str, level: str, human: Player, names: tuple[str, str] = ("", "")
    ) -> bool:
        """A new game from the form's fields; a seed that is not a whole number is refused with a message."""
        try:
            seed = parse_seed(seed_text)
        except SeedError as problem:
            self._set_message(problem.text, alert=True)
            self._changed()
            return False
        self.new_game(seed, mode=mode, level=level, human=human, names=names)
        return True

    def play(self, action: Action) -> bool:
        """Play a person's action (scripts and tests): :meth:`submit`, saying only whether it was played."""
        return self.submit(action).accepted

    def submit(self, action: Action, draw: Draw | None = None) -> Outcome:
        """Play a person's action, chosen on the board, the card panel or in a script; the only way in.

        Only a person at the screen may act, on their turn; the engine's rules decide the rest.  The
        game stays as it was after a refusal, which the widget that chose the action shows where it was
        made (``draw(outcome)``), or else becomes the page's message.  The outcome holds the events the
        action caused (before any bot answered), or why it was refused; ``draw`` shows it first, before
        the page moves on.
        """
        refusal, reason = self._refusal(action)
        if refusal is not None and reason is not None:
            refused = Outcome.refused(action, reason)
            if draw is not None:
                self._guard(draw, refused)
            else:
                self._set_message(refusal, alert=True)
                self._changed()
            return refused
        game = self.session.game
        before = len(game.events)
        if self.session.mode is Mode.FRIEND:
            return self._send(action, draw)
        game.apply(action)
        self.applied += 1
        outcome = Outcome(action, tuple(game.events[before:]))
        if draw is not None:
            self._guard(draw, outcome)
        self._guard(self._acted, action)  # a problem drawing what follows is a message, never the move undone
        return outcome

    # ================================================================ a game kept from an earlier visit
    @property
    def held(self) -> bool:
        """Whether the page shows no game: it waits for the browser to say whether it keeps one, or offers it.

        Nothing of the new game is on the page meanwhile (no board, no cards), so that one game only is ever
        on the screen, and the offer never sits above another game.
        """
        return self.holding or self.resume_offer is not None

    def hold(self) -> None:
        """Hold the new game back until :meth:`release` (the browser may keep a game to offer back first)."""
        self.holding = True
        self._changed()

    def release(self) -> None:
        """The browser said (or took too long): show the new game, or the offer of the kept one."""
        if self.holding:
            self.holding = False
            self._changed()

    def offer_resume(self, offer: Any) -> None:
        """Offer to continue ``offer`` (a :class:`~aton.apps.dashboard.resume.ResumeOffer`): the page asks."""
        self.resume_offer = offer
        self._changed()

    def accept_resume(self) -> bool:
        """Continue the game offered, where it was (the bot's cards stay in the kernel, never on the page)."""
        offer = self.resume_offer
        if offer is None:
            return False
        self.resume_offer = None
        self.resumed = offer
        self._cancel_jobs()
        from .resume import restore_states

        self.session = Session(offer.setup, offer.game, started=offer.started)
        restore_states(self.session, offer.bot_states)  # the bot answers as it would have without the reload
        self._set_message(functools.partial(_resumed_text, offer.game.round))
        self._install()
        return True

    def decline_resume(self) -> None:
        """Keep the new game on the page; the game offered is forgotten."""
        if self.resume_offer is None:
            return
        self.resume_offer = None
        self._set_message(None)
        self._changed()

    # ================================================================ a room: playing a friend
    def tell(self, text: Text | None, *, alert: bool = False) -> None:
        """Show ``text`` as the page's message (``None``: no message); the game is unchanged."""
        self._set_message(text, alert=alert)
        self._changed()

    def enter_room(self, room: FriendFlow) -> None:
        """Show the room ``room`` has entered (created, joined, resumed or watched): its seat's view, a new game."""
        status = room.status
        if status is None:
            return
        self._cancel_jobs()
        self.room = room
        info = room.store.info(status.code)
        names = tuple(seat.nickname or "" for seat in info.seats)
        seat = room.seat
        setup = Setup(mode=Mode.FRIEND, human=seat or RED, spectator=seat is None, names=(names[0], names[1]))
        self.session = Session(setup, status.view)
        self._room_seen = (room.game_no, status.version)
        self._set_message(room.message, alert=room.alert)
        self._install()

    def room_changed(self, status: Any) -> None:
        """The room moved on (the opponent's move, presence, a rematch): show its seat's view now.

        Called on the page's thread with each :class:`aton.rooms.RoomStatus` the follower brings, and
        after this page's own move landed.
        """
        room = self.room
        if room is None or self.session.mode is not Mode.FRIEND or status.code != room.code:
            return
        if room.game_no != self._room_seen[0]:  # a rematch: the same room, a new game
            self.enter_room(room)
            return
        room.note_event(status)
        if room.message is not None:
            self._set_message(room.message, alert=room.alert)
        elif self.message is not None and self.message is self._room_said:
            self._set_message(None)  # what the room said is over (the store answers again)
        self._room_said = room.message
        if status.version <= self._room_seen[1]:
            self._changed()  # presence, a rematch wish: words only
            return
        self._room_seen = (room.game_no, status.version)
        game = self.session.game
        was_live = self.shown >= len(game.events)
        if len(status.view.events) > len(game.events):
            self.last_move = len(game.events)
        self.session.game = status.view
        new = status.view.actions[len(game.actions) :]
        if not self.step_through:
            self.shown = len(status.view.events)  # live: the move is played at once (the board marks it)
        elif was_live and all(isinstance(a, (Assign, Exchange)) for a in new) and status.view.phase is Phase.ASSIGN:
            self.shown = len(status.view.events)  # face-down cards or an exchange: nothing moves on the board
        self._after_change()

    def _send(self, action: Action, draw: Draw | None = None) -> Outcome:
        """Playing a friend: send the move to the room's store, the one writer of the room's game.

        A move the store refused is said in the page's message (and by ``draw`` where it was made): it did
        not land.  A move that landed is drawn with the rest of the page, from the seat's new view.
        """
        room = self.room
        if room is None or not room.send(action):
            message = room.message if room is not None else functools.partial(say, "friend.not_seated")
            reason = message or functools.partial(say, "friend.not_seated")
            self._set_message(reason, alert=True)
            not_played = Outcome.refused(action, reason, by_rule=False)  # allowed here, but it did not land
            if draw is not None:
                self._guard(draw, not_played)
            if room is not None and room.status is not None:
                self.room_changed(room.status)  # a stale move: the page shows the game as it is now
            else:
                self._changed()
            return not_played
        before = self.session.game
        status = room.status
        self.applied += 1
        self._room_seen = (room.game_no, status.version)
        self.last_move = len(before.events)
        self.session.game = status.view
        self._count = min(self._count, len(before.events))
        outcome = Outcome(action, tuple(status.view.events[len(before.events) :]))
        self._guard(self._acted, action)
        return outcome

    def _refusal(self, action: Action) -> tuple[Text | None, Text | None]:
        """Why ``action`` may not be played now: the page's message and the bare reason (``None``: it may)."""
        session = self.session
        game = session.game
        player = action.player
        if session.mode is Mode.FRIEND and session.controller(player) != "human":
            other = functools.partial(_refusal_friend, player, None if session.setup.spectator else session.setup.human)
            return other, other
        if session.controller(player) != "human":
            bot_side = functools.partial(_refusal_bot, player, session.setup.human)
            return bot_side, bot_side
        if not self.live:
            watching = functools.partial(say, "play.watching")
            return watching, watching
        if session.mode is Mode.TWO and game.phase is Phase.ASSIGN and self.at_screen is not player:
            screen = functools.partial(_refusal_screen, player)
            return screen, screen
        if game.why_illegal(action) is not None:
            reasons = {lang: game.why_illegal(action, lang) or "" for lang in LANGUAGES}
            return functools.partial(_refusal_rule, reasons), reasons.__getitem__
        return None, None

    def _acted(self, action: Action) -> None:
        """A person's action was played: move the flow on."""
        game = self.session.game
        before = self._count
        if self.shown >= before:
            # the person's own step needs no watching; what follows it does, unless they decide on (a round
            # their move ended is watched step by step, its scoring too, even when they lead the take-back)
            ended = any(isinstance(event, (*ROUND_ENDS, ScoringStarted)) for event in game.events[before:])
            still = (
                action.player in game.to_act
                and game.round == self._round
                and not isinstance(action, Assign)
                and not ended
            )
            self.shown = len(game.events) if still else before + 1
        if isinstance(action, Assign) and self.session.mode is Mode.TWO:
            self.at_screen = None
        if self.session.mode is Mode.FRIEND and not self.step_through:
            self.shown = len(game.events)  # a room followed live: what the move caused is shown at once
        self._set_message(None)
        self._after_change()

    def next_step(self) -> None:
        """Show the next step not watched yet (the board catches up with the game at the last one)."""
        if self.live:
            return
        if self.main_only:
            self.shown = _stops(self.session.game.events, self.shown)[0]
        else:
            self.shown += 1
        self._after_step()

    def skip(self) -> None:
        """Go to the end of this round (a scoring follows it step by step), or to now."""
        events = self.session.game.events
        target = len(events)
        for index in range(self.shown, len(events)):
            if isinstance(events[index], ROUND_ENDS):
                target = index + 1
                break
        if target == self.shown:
            target = len(events)
        self.shown = target
        self._after_step()

    def set_auto(self, on: bool) -> None:
        """Turn "Play the steps" on or off."""
        if self.auto != bool(on):
            self.auto = bool(on)
            self._changed()

    def set_main_only(self, on: bool) -> None:
        """Turn "Only the main steps" on or off (the step shown moves on to a main one)."""
        if self.main_only != bool(on):
            self.main_only = bool(on)
            self._changed()
            if self.live:
                self._advance()

    def set_step_through(self, on: bool) -> None:
        """In a room: watch the moves that arrive step by step (on), or follow the game live (off: now at once)."""
        on = bool(on)
        if self.step_through == on:
            return
        self.step_through = on
        if not on:
            self.auto = False
            self.shown = len(self.session.game.events)
        self._after_change()

    def play_hint(self) -> bool:
        """Play the coach's suggestion ("Play this"), through the same checks as a person's own move."""
        advice = self.hint
        if advice is None:
            self._set_coach(functools.partial(say, "coach.nothing"))
            self._changed()
            return False
        return self.submit(advice.action).accepted

    def tick(self) -> None:
        """A tick of the page's timer: with "Play the steps" on, show the next step."""
        if self.auto and not self.live:
            self.next_step()

    def lift_cover(self) -> None:
        """Two people on one screen: the player named on the cover looks now; their cards appear."""
        wanted = self.cover_for()
        if wanted is None:
            return
        self.at_screen = wanted
        self._changed()

    def ask_coach(self) -> None:
        """Ask the coach for a hint for the person who must decide (in a background thread)."""
        game = self.session.game
        player = self.deciding_person()
        if player is None or not self.live:
            key = "coach.not_live" if player is not None else "coach.nothing"
            self._set_coach(functools.partial(say, key))
            self._changed()
            return
        if "coach" in self.jobs:
            return
        view = game.view(player)
        lang = self.lang
        key3 = (id(game), len(game.actions), player)
        job = Job("coach")
        self.jobs["coach"] = job
        self._hint = None
        self._set_coach(functools.partial(say, "coach.thinking"))
        self._changed()

        def work(report: Callable[[float], bool]) -> Steps[Hint]:
            return hint_steps(view, lang, on_progress=report)

        def done(job: Job, result: Hint | None, error: BaseException | None) -> None:
            self._guard(self._finish_coach, job, key3, result, error)

        self.worker.run(job, work, done)

    def save(self) -> SavedFile:
        """The file to download: what the people at the screen may see (the whole game once it is over)."""
        saved = save_file(self.session.game, self.save_viewer(), self.lang)
        self.saved = saved
        self._changed()
        return saved

    def load_bytes(self, content: bytes, name: str = "file") -> bool:
        """Load a saved game, a teacher's position or a record; on a problem say why and keep the game."""
        if len(content) > MAX_FILE_BYTES:
            size = len(content)
            self._set_message(lambda lang: say("load.too_big", lang, name=name, size=size), alert=True)
            self._changed()
            return False
        try:
            game = read_game_file(content, name, seed_if_missing=fresh_seed())
        except LoadError as error:
            refused = error
            self._set_message(
                lambda lang: say("load.error", lang, name=name, reason=error_text(refused, lang)), alert=True
            )
            self._changed()
            return False
        self._cancel_jobs()
        self.session = Session(self.session.setup, game, source=name)
        self._set_message(
            lambda lang: say(
                "load.done", lang, name=name, round=game.round, phase=tr(f"phase.{game.phase.value}", lang)
            )
        )
        self._install()
        return True

    @property
    def lang(self) -> str:
        """The page's language now (:attr:`language` holds it)."""
        return self.language.value

    def set_touch(self, touch: bool) -> None:
        """The person points with a finger (``True``: the words say "tap") or a mouse ("click")."""
        if touch != self.touch:
            self.touch = touch
            self._changed()

    def set_lang(self, lang: str) -> None:
        """Speak ``lang``: the page follows, and a hint in another language is dropped."""
        self.language.set(lang)

    def _on_lang(self, lang: str) -> None:
        self._hint = None
        self._set_coach(None)
        self._changed()

    def report(self, error: BaseException) -> None:
        """Show an unexpected problem as a message (never a traceback); the game stays as it was."""
        self._set_message(
            lambda lang: say("error", lang, reason=error_text(error, lang, unexpected=_plain)), alert=True
        )
        for callback in list(self._listeners):
            callback()

    def close(self) -> None:
        """Stop the background work."""
        self._cancel_jobs()

    # ================================================================ flow
    def _install(self) -> None:
        """Start showing the session's game from scratch (new game, loaded file); an offer of a kept game
        goes (it would sit above another game)."""
        game = self.session.game
        self.resume_offer = None
        self.holding = False
        self.generation += 1
        self.shown = len(game.events)
        self.last_move = len(game.events)
        self.at_screen = None
        self._hint = None
        self._set_coach(None)
        self._steps_cache = None
        self.saved = None
        self.auto = self.session.mode is Mode.WATCH
        self._board_viewer = self.session.viewer
        if self.session.mode is Mode.TWO and game.phase is Phase.ASSIGN and game.to_act:
            self._board_viewer = game.to_act[0]  # the first to choose cards: nothing of theirs lies face down yet
        self._after_change()

    def _after_change(self) -> None:
        # the bots that must decide now start first, so the page hears of the change and of their thinking at
        # once (the person's cards confirmed, the bot choosing its own): never "blue to act" with nobody thinking
        self._advance(tell=False)
        self._changed()

    def _after_step(self) -> None:
        """A step more was watched: "Play the steps" stops at a round's end (people), then catch up."""
        events = self.session.game.events
        if self.auto and 0 < self.shown <= len(events):
            event = events[self.shown - 1]
            if isinstance(event, GameOver) or (isinstance(event, RoundEnded) and self.session.mode is not Mode.WATCH):
                self.auto = False
        self._changed()
        if self.live:
            self._advance()

    def _settled(self, events: list[Event]) -> int:
        """With "Only the main steps": the step shown moved on to a main one (or to now)."""
        shown = self.shown
        if shown > 0 and not isinstance(events[shown - 1], MINOR_STEPS):
            return shown
        return _stops(events, shown)[0]

    def _advance(self, tell: bool = True) -> None:
        """Start the bots that must decide now (two bots wait until the steps are watched); ``tell``: the
        listeners hear of a bot started (the caller tells them itself otherwise)."""
        session = self.session
        game = session.game
        if game.result is not None:
            self._cancel_jobs(keep_coach=True)
            return
        if session.mode is Mode.WATCH and not self.live:
            return
        started = False
        for player in session.bots_to_decide():
            name = f"bot:{player.label}"
            if name in self.jobs or player not in game.to_act or game.result is not None:
                continue  # a bot deciding at once may have moved the game on meanwhile
            job = Job(name)
            self.jobs[name] = job
            started = True
            work = bot_work(session.bots[player], game.view(player), session.bot_rngs[player])
            self.worker.run(job, work, functools.partial(self._guard, self._finish_bot, game, player), self._progress)
        if started and tell:
            self._changed()

    def _progress(self, job: Job, fraction: float) -> None:
        if self.jobs.get(job.name) is job:
            for callback in list(self._progress_listeners):
                callback(job, fraction)

    def _finish_bot(self, game: Game, player: Player, job: Job, action: Any, error: BaseException | None) -> None:
        name = f"bot:{player.label}"
        if self.jobs.get(name) is job:
            del self.jobs[name]
        if job.cancelled or game is not self.session.game:
            return
        if error is not None:
            failed = error
            self._set_message(
                lambda lang: say(
                    "bot.error",
                    lang,
                    player=player_word(player.label, lang),
                    reason=error_text(failed, lang, unexpected=_plain),
                ),
                alert=True,
            )
            self._changed()
            return
        if player not in game.to_act or not game.is_legal(action):
            self._advance()
            return
        was_live = self.shown >= len(game.events)
        game.apply(action)
        self.applied += 1
        if was_live and isinstance(action, (Assign, Exchange)) and game.phase is Phase.ASSIGN:
            self.shown = len(game.events)  # face-down cards or an exchange: nothing moves on the board
        self._after_change()

    def _finish_coach(
        self, job: Job, key: tuple[int, int, Player], result: Hint | None, error: BaseException | None
    ) -> None:
        if self.jobs.get("coach") is job:
            del self.jobs["coach"]
        if job.cancelled:
            return
        if error is not None or result is None:
            failed = error if error is not None else RuntimeError("no hint")
            self._set_coach(
                lambda lang: say("coach.error", lang, reason=error_text(failed, lang, unexpected=_plain)), alert=True
            )
        else:
            self._hint = (key, result)
            self._set_coach(None)
        self._changed()

    def _guard(self, function: Callable[..., None], *args: Any) -> None:
        """Run a callback of background work; an error becomes the message."""
        try:
            function(*args)
        except Exception as error:
            self.report(error)

    def _forget_private(self) -> None:
        """Forget everything shown for one person (a hint names their cards) before the screen passes."""
        self._hint = None
        self._set_coach(None)
        job = self.jobs.pop("coach", None)
        if job is not None:
            job.cancel()

    def _cancel_jobs(self, *, keep_coach: bool = False) -> None:
        for name in list(self.jobs):
            if keep_coach and name == "coach":
                continue
            self.jobs.pop(name).cancel()

    def _set_message(self, text: Text | None, *, alert: bool = False) -> None:
        self.message = text
        self.message_alert = alert

    def _set_coach(self, text: Text | None, *, alert: bool = False) -> None:
        self.coach_note = text
        self.coach_alert = alert


def _stops(events: list[Event], shown: int) -> list[int]:
    """With "Only the main steps": the counts of events "Next step" shows after ``shown``, the last one now."""
    stops = [count for count in range(shown + 1, len(events) + 1) if not isinstance(events[count - 1], MINOR_STEPS)]
    if not stops or stops[-1] != len(events):
        stops.append(len(events))
    return stops if shown < len(events) else []


def _resumed_text(round_number: int, lang: str) -> str:
    return say("resume.done", lang, round=round_number)


def _refusal_bot(player: Player, human: Player, lang: str) -> str:
    return say("play.bot_side", lang, player=player_word(player.label, lang), human=player_word(human.label, lang))


def _refusal_friend(player: Player, seat: Player | None, lang: str) -> str:
    if seat is None:
        return say("friend.not_seated", lang)
    return say("friend.other_seat", lang, player=player_word(player.label, lang), seat=player_word(seat.label, lang))


def _refusal_screen(player: Player, lang: str) -> str:
    return say("play.not_at_screen", lang, player=player_word(player.label, lang))


def _refusal_rule(reasons: dict[str, str], lang: str) -> str:
    return say("play.refused", lang, reason=reasons[lang])


def _plain(error: BaseException) -> str:
    """An error with no words of its own in the catalogs, as it says itself (the page's sentence says "a problem")."""
    return str(error) or type(error).__name__
