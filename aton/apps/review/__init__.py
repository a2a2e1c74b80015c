"""The game review: a bot replays a finished game and marks a player's mistakes, with a graph of the chances.

:mod:`~aton.apps.review.flow` is the flow without widgets; :class:`~aton.apps.review.panel.ReviewPanel` shows it.
"""
