"""Targets a finger can hit: the CSS that makes every button, tab, field, link and check box of a page part at
least :data:`TOUCH_TARGET` pixels tall, for the pages' touch layouts (with a mouse they keep their density)."""

from __future__ import annotations

__all__ = ["TOUCH_MEDIA", "TOUCH_TARGET", "touch_targets"]

TOUCH_TARGET = 44
"""The least height (CSS pixels) of a button, tab, link or check box for a finger, as phone platforms ask: on a
screen whose main pointer is a finger (``pointer: coarse``) and in a phone's layout."""

TOUCH_MEDIA = "(pointer: coarse), (max-width: 700px)"
"""The media query of a touch layout, for a page without layouts of its own: a finger points, or the screen is
a phone's width."""


def touch_targets(root: str) -> str:
    """The CSS rules that make every target under ``root`` (a selector) at least :data:`TOUCH_TARGET` px tall.

    ipywidgets size their buttons, toggle buttons, check boxes and fields by ``--jp-widgets-inline-height``
    (28 px) and their tabs by ``--jp-widgets-horizontal-tab-height``; a link becomes a block as tall, and a
    ``<summary>`` (a part to open) at least as tall.

    >>> "min-height: 44px" in touch_targets(".x")
    True
    """
    tall = f"{TOUCH_TARGET}px"
    return f"""{root} {{ --jp-widgets-inline-height: {tall}; --jp-widgets-horizontal-tab-height: {tall}; }}
{root} .jupyter-button, {root} .widget-toggle-button {{ min-height: {tall}; }}
{root} .widget-tab > .lm-TabBar {{ min-height: {tall}; max-height: none; height: auto; }}
{root} .widget-tab > .lm-TabBar .lm-TabBar-tab {{ min-height: {tall} !important; line-height: {tall}; }}
{root} .widget-checkbox, {root} .widget-checkbox label {{ min-height: {tall}; align-items: center; }}
{root} a[href] {{ display: inline-block; min-height: {tall}; line-height: {tall}; }}
{root} summary {{ min-height: {tall}; box-sizing: border-box; padding: 10px 0; }}"""
