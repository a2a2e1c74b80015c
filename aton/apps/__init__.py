"""The apps people open: the dashboard (Voila), the simulation lab and the game review.

Each app is a plain flow object tested without a browser (``controller``, ``flow``) and a few widgets
that show it (``app``, ``panel``).  Apps are built from :mod:`aton.widgets`; nothing below imports an app.
:mod:`~aton.apps.work` runs bots and searches in the background for all of them.
"""
