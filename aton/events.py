"""Structured events: every resolution step the engine takes, as ``kind`` + ``data``.

``data`` holds only JSON values (numbers, strings, lists, ``None``) and
squares as ``(temple, index)`` tuples, as in actions; a log round-trips
through JSON unchanged.  Players are ``"red"``/``"blue"``.  Events never hold a hidden card: the log is
public.  :func:`aton.explain` turns an event into a sentence.

>>> event = Event("place", {"player": "red", "square": (2, 5), "square_kind": "Y", "automatic": False})
>>> Event.from_dict(event.to_dict()) == event
True
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    """One step of the game: ``kind`` names it, ``data`` carries its facts."""

    kind: str
    data: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        """``{"kind": ..., **data}``, the form used in snapshots."""
        return {"kind": self.kind, **self.data}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Event:
        """Inverse of :meth:`to_dict`."""
        body = dict(raw)
        kind = body.pop("kind")
        if isinstance(body.get("square"), list):
            body["square"] = tuple(body["square"])
        return cls(str(kind), body)


EVENT_KINDS: dict[str, str] = {
    "round_start": "round: a new round begins",
    "reshuffle": "player, cards: a draw pile ran out; the discard pile was shuffled into a new pile",
    "draw": "player, count: cards drawn to fill the hand (the values stay hidden)",
    "exchange": "player, discarded: the exchange counter was handed in; the discarded cards are public",
    "assign": "player: the player put their cards face down on the cartouches",
    "reveal": "red, blue: the cards on cartouches 1-4 of each player",
    "cartouche1": "red, blue, scorer, points: cartouche 1 compared",
    "order": "first, reason (lower_card | cartouche1 | war | war_exhausted), red, blue: who acts first",
    "war_turn": "red, blue: one pair of cards turned in a war",
    "war_cards": "destination (bottom | discard), red, blue: where the war cards went",
    "turn_start": "player, position (first | second), temples: the player resolves cartouches 2-4",
    "removal_allowed": "player, target, count, temples, present: what cartouche 2 asks",
    "removal_skipped": "player, card: no removal in the very first round",
    "remove": "player, owner, square, square_kind, destination (kingdom | stock), automatic, scoring",
    "placement_allowed": "player, count, stock, empty: what cartouche 4 asks",
    "place": "player, square, square_kind, automatic",
    "to_kingdom": "player, count: counters that found no empty square went to the Kingdom of the Dead",
    "kingdom_full": "player, count: counters that had to go to a full Kingdom of the Dead went back to stock",
    "no_stock": "player, missing: fewer counters in stock than cartouche 4 allows",
    "round_end": "round, kingdom: the cards go to the discard piles; kingdom is its counter count",
    "scoring_start": "round: the Kingdom of the Dead is full, a scoring takes place",
    "score_line": "category, red, blue, scorer, points, detail: one line of a scoring",
    "scoring_removal": "player, count, temples: the player must take counters back after a scoring",
    "kingdom_return": "red, blue: the counters of the Kingdom of the Dead go back to stock",
    "game_over": "winner, reason, red, blue: the game ended",
}
"""Every event kind with the fields of its ``data``."""
