"""The dashboard's words as HTML, drawn from its controller: status line, steps, result, coach, log, messages.

Plain functions of a :class:`~aton.apps.dashboard.controller.DashboardController` and a
language, without widgets, so what the page says is tested without a browser and the widgets
only put these strings in place.  Every text is escaped.

>>> from aton.apps.dashboard.controller import DashboardController
>>> flow = DashboardController(seed=5)
>>> 'data-seed=""' in status_html(flow, "en"), "Seed" in status_html(flow, "en")
(True, False)
"""

from __future__ import annotations

from html import escape

from ...events import GameOver, RoundStarted
from ...explain import explain, rule_of
from ...i18n import gtext
from ...widgets.i18n import player_word
from ...widgets.thinking import candidates_html
from ...widgets.words import result_text
from .controller import DashboardController
from .session import SavedFile
from .text import say

__all__ = [
    "coach_html",
    "log_html",
    "message_html",
    "result_html",
    "saved_html",
    "status_html",
    "step_html",
    "turn_html",
]


def status_html(flow: DashboardController, lang: str) -> str:
    """The header's status line; its ``div`` carries the public facts as ``data-*`` attributes."""
    attributes = " ".join(f'data-{name}="{escape(str(value))}"' for name, value in flow.status_facts().items())
    items = "".join(f"<span>{escape(part)}</span>" for part in flow.status_parts(lang))
    return f'<div class="aton-status-line" {attributes}>{items}</div>'


def message_html(flow: DashboardController, lang: str) -> str:
    """The message for people ("" when there is none); an alert for refusals and problems."""
    text = flow.message_text(lang)
    if not text:
        return ""
    role = 'class="aton-reason" role="alert"' if flow.message_alert else 'role="status"'
    return f"<div {role}>{escape(text)}</div>"


def step_html(flow: DashboardController, lang: str) -> str:
    """The explanation of the step shown, with how many are left and the rule behind it."""
    game = flow.game
    events = game.events
    if flow.shown == 0 or not events or flow.over:
        return ""  # nothing yet, or the result box says it
    event = events[min(flow.shown, len(events)) - 1]
    pending = flow.pending
    last_move = flow.last_move_steps()
    if not pending and last_move:  # a room followed live: what the last move caused, said as it is marked
        lines = "".join(f"<li>{escape(explain(step, lang))}</li>" for step in last_move)
        return (
            f'<div role="status" aria-live="polite" data-shown="{flow.shown}">'
            f'<p class="aton-step-position"><b>{escape(say("steps.last_move", lang))}</b></p>'
            f'<ul class="aton-step-text aton-last-move">{lines}</ul></div>'
        )
    if pending:
        head = say("steps.position", lang, count=pending)
        why = f'<p class="aton-step-why"><i>{escape(say("steps.why", lang, rule=rule_of(event, lang)))}</i></p>'
    else:
        head, why = say("steps.none", lang), ""
    return (
        f'<div role="status" aria-live="polite" data-shown="{flow.shown}">'
        f'<p class="aton-step-position"><b>{escape(head)}</b></p>'
        f'<p class="aton-step-text">{escape(explain(event, lang))}</p>{why}</div>'
    )


def turn_html(flow: DashboardController, lang: str) -> str:
    """What the person at the screen should do now."""
    text = flow.turn_text(lang)
    return f'<p role="status">{escape(text)}</p>' if text else ""


def result_html(flow: DashboardController, lang: str) -> str:
    """Who won and why, once the end has been watched."""
    if not flow.over:
        return ""
    game = flow.game
    over = [e for e in game.events if isinstance(e, GameOver)]
    why = explain(over[-1], lang) if over else ""
    again = say("result.again", lang, tab=say("tab.game", lang))
    seed = flow.shown_seed
    share = f"<p><small>{escape(say('result.seed', lang, seed=seed))}</small></p>" if seed is not None else ""
    return (
        f'<div role="status"><h2 class="aton-h3">{escape(result_text(game, lang))}</h2><p>{escape(why)}</p>'
        f"<p><small>{escape(again)}</small></p>{share}</div>"
    )


def coach_html(flow: DashboardController, lang: str) -> str:
    """The coach's hint for the person deciding, or what it says instead (thinking, not now, a problem)."""
    advice = flow.hint
    player = flow.hint_player
    if advice is not None and player is not None:
        head = say("coach.result", lang, player=player_word(player.label, lang))
        table = ""
        if len(advice.candidates) > 1:
            tried = gtext(lang, "coach candidate", "What the search tried:")
            table = f"<p>{escape(tried)}</p>{candidates_html(flow.game, advice.candidates, lang)}"
        return f'<div role="status"><p><b>{escape(head)}</b></p><p>{escape(advice.text)}</p>{table}</div>'
    note = flow.coach_note
    if note is None:
        return ""
    if flow.coach_alert:
        return f'<p class="aton-reason">{escape(note(lang))}</p>'
    return f"<p><i>{escape(note(lang))}</i></p>"


def log_html(flow: DashboardController, lang: str) -> str:
    """Every step watched so far, round by round."""
    events = flow.game.events[: flow.shown]
    if not events:
        return f"<p>{escape(say('log.empty', lang))}</p>"
    title = escape(say("log.title", lang))
    parts = [f'<h2 class="aton-h4">{title}</h2>']
    open_list = False
    for event in events:
        if isinstance(event, RoundStarted):
            if open_list:
                parts.append("</ol>")
            parts.append(f'<h3 class="aton-h5">{escape(say("log.round", lang, round=event.round))}</h3><ol>')
            open_list = True
        elif not open_list:
            parts.append("<ol>")
            open_list = True
        parts.append(f"<li>{escape(explain(event, lang))}</li>")
    if open_list:
        parts.append("</ol>")
    # a region that scrolls: keyboard users reach it with Tab and scroll it with the arrow keys
    return f'<div class="aton-log-body" tabindex="0" role="region" aria-label="{title}">{"".join(parts)}</div>'


def saved_html(saved: SavedFile, payload: str, lang: str) -> str:
    """The download link of a saved file (``payload``: its text in base64) and what it holds."""
    if saved.full:
        note = say("save.full", lang)
    else:
        who = saved.viewer
        own = "" if who is None else say("save.public.own", lang, player=player_word(who.label, lang))
        name = say("save.public.everyone", lang) if who is None else player_word(who.label, lang)
        note = say("save.public", lang, who=name, own=own)
    return (
        f'<a class="aton-download-link" download="{escape(saved.name)}" '
        f'href="data:application/json;base64,{payload}">{escape(say("save.link", lang, name=saved.name))}</a>'
        f"<p><small>{escape(note)}</small></p>"
    )
