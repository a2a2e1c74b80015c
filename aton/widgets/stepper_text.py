"""What the step-through explainer says and where its end-of-round button goes: plain Python.

:func:`explanation_html` writes a step in full sentences with the rule behind it (or, while a question
about it waits in "predict first" mode, only where it is); :func:`tally_html` lists the right answers per
rule; :func:`round_end_after` finds the step that ends the round.  The explainer
(:class:`~aton.widgets.stepper.Stepper`) shows them.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..events import GameOver, RoundEnded
from ..explain import explain, rule_of
from ..timeline import Step
from .i18n import tr

__all__ = ["ends_a_round", "explanation_html", "round_end_after", "tally_html"]


def explanation_html(step: Step | None, index: int, count: int, lang: str, *, waiting: bool = False) -> str:
    """Step ``index`` of ``count`` explained, as a polite status (``waiting``: a question about it is open)."""
    if step is None:
        return f'<div role="status">{escape(tr("step.empty", lang))}</div>'
    position = tr("step.position", lang, number=index + 1, count=count, round=step.state.round)
    head = f'<div role="status" aria-live="polite"><p class="aton-step-position"><b>{escape(position)}</b></p>'
    if waiting:
        return head + f'<p class="aton-step-waiting"><i>{escape(tr("step.predict_waiting", lang))}</i></p></div>'
    return (
        head + f'<p class="aton-step-text">{escape(explain(step.event, lang))}</p>'
        f'<p class="aton-step-why"><i>{escape(tr("step.why", lang, rule=rule_of(step.event, lang)))}</i></p>'
        "</div>"
    )


def tally_html(lines: Sequence[str], lang: str) -> str:
    """The right answers per rule in "predict first" mode (``""``: none yet)."""
    if not lines:
        return ""
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f"<p>{escape(tr('step.predict_tally', lang))}</p><ul>{items}</ul>"


def ends_a_round(step: Step) -> bool:
    """Whether ``step`` ends a round (or the game)."""
    return isinstance(step.event, (RoundEnded, GameOver))


def round_end_after(steps: Sequence[Step], index: int) -> int:
    """The next step after ``index`` that ends a round or the game, else the last step."""
    for position in range(index + 1, len(steps)):
        if ends_a_round(steps[position]):
            return position
    return len(steps) - 1
