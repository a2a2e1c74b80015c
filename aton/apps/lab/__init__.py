"""The simulation lab (``notebooks/simulation-lab.ipynb``): bot tournaments with progress, a stop button and plots.

:class:`~aton.apps.lab.flow.TournamentFlow` is the flow without widgets; :class:`~aton.apps.lab.panel.TournamentPanel`
shows it.
"""
