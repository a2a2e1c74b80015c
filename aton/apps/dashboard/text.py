"""Every visible word of the dashboard, from the message catalogs.

The board, the card panel and the explainer bring their own words
(:mod:`aton.widgets.i18n`); this table holds only what the dashboard adds
around them.  Each key is the text's context in the catalogs (prefixed
``dashboard``), the English words its message; a counted text picks its
plural form from the field ``count``.

>>> say("status.round", "en", round=3)
'Round 3'
>>> say("status.round", "fr", round=3)
'Manche 3'
"""

from __future__ import annotations

from ...i18n import Message, msg, nmsg, render_key, table

__all__ = ["DASHBOARD_STRINGS", "say", "since_text"]

_PREFIX = "dashboard "

DASHBOARD_STRINGS: dict[str, Message] = {
    message.context.removeprefix(_PREFIX): message
    for message in table(
        msg("dashboard title", "Aton"),
        msg("dashboard subtitle", "a card game of ancient Egypt"),
        msg("dashboard status.round", "Round {round}"),
        msg("dashboard status.scores", "{red} {red_score} : {blue_score} {blue}"),
        msg("dashboard status.seed", "Seed {seed}"),
        msg("dashboard status.mode.bot", "You ({human}) against the {level} bot"),
        msg("dashboard status.mode.two", "Two people on one screen"),
        msg("dashboard status.mode.watch", "Two {level} bots"),
        msg("dashboard status.loaded", "loaded from a file"),
        msg("dashboard status.looking", "Looking for a game kept in this browser…"),
        msg("dashboard status.offered", "A game kept in this browser is waiting for you"),
        msg("dashboard status.since.now", "started just now"),
        nmsg("dashboard status.since.minutes", "started {count} minute ago", "started {count} minutes ago"),
        nmsg("dashboard status.since.hours", "started {count} hour ago", "started {count} hours ago"),
        nmsg("dashboard status.since.days", "started {count} day ago", "started {count} days ago"),
        msg("dashboard tab.board", "Board"),
        msg("dashboard tab.explainer", "Step by step"),
        msg("dashboard tab.play", "Play"),
        msg("dashboard tab.coach", "Coach"),
        msg("dashboard tab.log", "Log"),
        msg("dashboard tab.game", "New game · files"),
        msg("dashboard twin.title", "The board as text (for screen readers)"),
        msg("dashboard theme", "Theme"),
        msg("dashboard theme.light", "Light"),
        msg("dashboard theme.dark", "Dark"),
        msg("dashboard new.title", "New game"),
        msg("dashboard new.mode", "Mode"),
        msg("dashboard new.mode.bot", "Against a bot"),
        msg("dashboard new.mode.two", "Two people, one screen"),
        msg("dashboard new.mode.watch", "Watch two bots"),
        msg("dashboard new.mode.friend", "Play a friend"),
        msg(
            "dashboard friend.help",
            "Each of you plays on your own screen. One creates a room and gives the other its code, its link or "
            "its QR code.",
        ),
        msg("dashboard friend.nickname", "Nickname"),
        msg("dashboard friend.nickname_placeholder", "optional, no account"),
        msg("dashboard friend.create", "Create a room"),
        msg("dashboard friend.code", "Code or link"),
        msg("dashboard friend.join", "Join the room"),
        msg("dashboard friend.leave", "Leave the room"),
        msg("dashboard friend.rematch", "Rematch"),
        msg("dashboard friend.room", "Room {code}"),
        msg(
            "dashboard friend.give",
            "Give your friend the code {code}, this link, or let their tablet scan the QR code:",
        ),
        msg(
            "dashboard friend.server_only",
            "Playing a friend needs the server (./run dashboard): this page runs in your browser alone, where no room "
            "can be kept. Play against a bot, or two people on one screen.",
        ),
        msg("dashboard friend.created", "Room {code} is open. Give your friend its code or its link."),
        msg("dashboard friend.seated", "You joined room {code}: you play {seat}."),
        msg("dashboard friend.resumed", "You are back in room {code}: you play {seat}."),
        msg("dashboard friend.full", "Room {code} is full: you watch the game as a spectator."),
        msg("dashboard friend.watching", "You watch room {code}."),
        msg("dashboard friend.spectator", "You watch room {code} as a spectator."),
        msg("dashboard friend.spectator_one", "{name} to play."),
        msg("dashboard friend.spectator_both", "Both players choose their cards."),
        msg("dashboard friend.spectator_board", "You are watching: only the two players choose moves."),
        msg("dashboard friend.waiting", "Waiting for your opponent to join room {code}…"),
        msg("dashboard friend.your_turn", "Your turn."),
        msg("dashboard friend.their_turn", "{name}'s turn."),
        msg("dashboard friend.away", "{name} left: their page is closed. The game goes on when they come back."),
        msg("dashboard friend.joined", "{name} joined the room."),
        msg("dashboard friend.left", "{name} left the room: their page is closed."),
        msg("dashboard friend.came_back", "{name} came back."),
        msg("dashboard friend.closed", "Room {code} is closed."),
        msg("dashboard friend.leave_ask", "Leave room {code}: what becomes of your seat?"),
        msg("dashboard friend.leave_end", "End the game"),
        msg("dashboard friend.leave_end_help", "{name} wins by forfeit; the game is over for both of you."),
        msg("dashboard friend.leave_keep", "Keep my seat"),
        msg(
            "dashboard friend.leave_keep_help",
            "You get a link that takes your seat back later, on this device or another.",
        ),
        msg("dashboard friend.leave_stay", "Stay"),
        msg("dashboard friend.ended", "You ended the game in room {code}: {name} wins by forfeit."),
        msg(
            "dashboard friend.kept",
            "You left room {code} and kept your seat. To come back, on this device or another, open the link "
            "below. It holds your seat's key: keep it to yourself.",
        ),
        msg("dashboard friend.kept_link", "Your seat's link"),
        msg("dashboard friend.forfeit_mine", "You ended the game: {name} wins by forfeit."),
        msg("dashboard friend.forfeit_theirs", "{name} ended the game: you win by forfeit."),
        msg(
            "dashboard friend.seat_lost",
            "The teacher gave your seat in room {code} to someone else or freed it: this page can no longer play "
            "there. You watch the game.",
        ),
        msg(
            "dashboard friend.handed",
            "The other seat now belongs to {name}, given by the teacher; the game goes on when their page comes.",
        ),
        msg("dashboard friend.seat_free", "The other seat is free: the game goes on when someone joins the room."),
        msg("dashboard friend.seat_link_bad", "This seat link no longer takes a seat: {reason}"),
        msg("dashboard friend.over", "The game is over. Ask for a rematch to play again in the same room."),
        msg("dashboard friend.rematch_offered", "{name} wants a rematch: click Rematch to start a new game."),
        msg("dashboard friend.rematch_offered.touch", "{name} wants a rematch: tap Rematch to start a new game."),
        msg("dashboard friend.rematch_waiting", "You asked for a rematch; waiting for {name}."),
        msg("dashboard friend.not_played", "Your move was not played: {reason}"),
        msg(
            "dashboard friend.elsewhere_cards",
            "Your cards for this round were confirmed on another page that holds your seat (another tab or "
            "device): they are the ones laid now.",
        ),
        msg(
            "dashboard friend.elsewhere",
            "Your seat played on another page that holds it (another tab or device): the game is shown as it is now.",
        ),
        msg(
            "dashboard friend.elsewhere_cards_refused",
            "Your cards were not played: this round's cards had already been confirmed on another page that holds "
            "your seat (another tab or device). They are the ones laid now.",
        ),
        msg(
            "dashboard friend.elsewhere_refused",
            "Your move was not played: your seat had already played on another page that holds it (another tab or "
            "device). The game is shown as it is now.",
        ),
        msg("dashboard friend.not_seated", "You watch this room: you cannot play in it."),
        msg("dashboard friend.other_seat", "{player} is played by your opponent on their screen: you play {seat}."),
        msg("dashboard friend.problem", "The room store cannot be used now: {reason}"),
        msg("dashboard new.level", "Bot level"),
        msg("dashboard new.level.easy", "easy"),
        msg("dashboard new.level.medium", "medium"),
        msg("dashboard new.level.hard", "hard"),
        msg(
            "dashboard new.level_help",
            "The three levels are one search bot given more and more time to think. Hard is medium with four "
            "times as long: it has not been shown to win more often than medium.",
        ),
        msg("dashboard new.human", "You play"),
        msg("dashboard new.names", "Names (optional)"),
        msg("dashboard new.name_red", "Red"),
        msg("dashboard new.name_blue", "Blue"),
        msg("dashboard new.seed", "Seed"),
        msg("dashboard new.seed_placeholder", "empty: at random"),
        msg(
            "dashboard new.seed_help",
            "The seed deals the cards: whoever knows it can work out every hidden card. Leave it empty for a new "
            "random seed, shown once the game is over for replaying and sharing. A seed you type is yours: share it "
            "only with people you would show your cards to.",
        ),
        msg("dashboard new.start", "Start a new game"),
        msg("dashboard new.started", "A new game has begun. Its seed is shown when it is over."),
        msg(
            "dashboard new.bad_seed",
            "The seed must be a whole number such as 1234, not “{text}”. The current game goes on.",
        ),
        msg(
            "dashboard new.seed_too_long",
            "The seed must be a whole number of at most {digits} digits; the one typed has {length} characters. The "
            "current game goes on.",
        ),
        msg("dashboard save.title", "Save and load"),
        msg("dashboard save.button", "Save the game"),
        msg("dashboard save.link", "Download {name}"),
        msg(
            "dashboard save.public",
            "The file holds what {who} may see now: the board, the scores, the discard piles{own}. Hidden cards are "
            "not in it; they are dealt again when the file is loaded.",
        ),
        msg("dashboard save.public.own", " and {player}'s own cards"),
        msg("dashboard save.public.everyone", "everyone"),
        msg(
            "dashboard save.full",
            "The game is over, so nothing is hidden any more: the file holds the whole game, every step included.",
        ),
        msg("dashboard load.label", "Load a game or a position (.json)"),
        msg("dashboard load.button", "Load a file"),
        msg("dashboard load.done", "Loaded {name}: round {round}, {phase}."),
        msg(
            "dashboard load.too_big",
            "{name} is too large ({size} bytes) to be a game of Aton. The current game goes on.",
        ),
        msg(
            "dashboard load.too_big_page",
            "{name} is too large ({size}) to be a game of Aton: a game file is at most {most}. Nothing was sent; "
            "the current game goes on.",
        ),
        msg("dashboard load.megabytes", "{count} MB"),
        msg("dashboard load.not_text", "{name} is not a text file (UTF-8). The current game goes on."),
        msg("dashboard load.error", "{name} cannot be loaded: {reason}. The current game goes on."),
        msg("dashboard steps.title", "What happened"),
        msg("dashboard steps.next", "Next step"),
        msg("dashboard steps.skip", "Skip to the end of the round"),
        msg("dashboard steps.skip_now", "Skip to now"),
        msg("dashboard steps.auto", "Play the steps"),
        msg("dashboard steps.pause", "Pause the steps"),
        msg("dashboard steps.main_only", "Only the main steps"),
        msg(
            "dashboard steps.main_only_help",
            "On: you watch only the main steps (the cards revealed, the points, who plays first, each turn, each "
            "scoring); the counters moved appear together at the next one.",
        ),
        msg(
            "dashboard steps.main_only_help_off",
            "Off: you watch every step, one counter at a time. Tick the box to watch only the main steps (the cards "
            "revealed, the points, who plays first, each turn, each scoring).",
        ),
        msg("dashboard steps.speed", "Speed"),
        msg("dashboard steps.step_through", "Step through each move"),
        msg(
            "dashboard steps.step_through_help",
            "Off: each move is played on the board at once and stays marked until the next one. On: you watch "
            "what each move caused step by step.",
        ),
        nmsg("dashboard steps.position", "{count} step still to watch", "{count} steps still to watch"),
        msg("dashboard steps.none", "Up to date. Last step:"),
        msg("dashboard steps.last_move", "Up to date. The last move (marked on the board):"),
        msg("dashboard steps.why", "Why: {rule}"),
        msg("dashboard steps.watching", "Watch the steps above, or skip them, to come back to the game."),
        nmsg(
            "dashboard steps.board",
            "What happened, step by step: {count} more to watch (the buttons are on the right).",
            "What happened, step by step: {count} more to watch (the buttons are on the right).",
        ),
        nmsg(
            "dashboard steps.board_elsewhere",
            "What happened, step by step: {count} more to watch (the buttons are in the “{tab}” tab on the right).",
            "What happened, step by step: {count} more to watch (the buttons are in the “{tab}” tab on the right).",
        ),
        nmsg(
            "dashboard steps.board_below",
            "What happened, step by step: {count} more to watch (the buttons are below the board).",
            "What happened, step by step: {count} more to watch (the buttons are below the board).",
        ),
        nmsg(
            "dashboard steps.board_elsewhere_below",
            "What happened, step by step: {count} more to watch (the buttons are in the “{tab}” tab below the board).",
            "What happened, step by step: {count} more to watch (the buttons are in the “{tab}” tab below the board).",
        ),
        msg("dashboard play.bot_side", "{player} is played by the bot: you play {human}."),
        msg("dashboard play.not_at_screen", "{player} must take the screen first (the cover names who chooses now)."),
        msg("dashboard play.watching", "Watch the steps, or skip them, before playing."),
        msg("dashboard play.refused", "Not allowed: {reason}"),
        msg("dashboard turn.place", "Your turn: click a marked square on the board."),
        msg("dashboard turn.remove", "Your turn: click a marked counter on the board to remove it."),
        msg("dashboard turn.scoring_remove", "Take back your counters: click a marked counter on the board."),
        msg("dashboard turn.people", "{player}: click a marked square on the board."),
        msg("dashboard turn.place.touch", "Your turn: tap a marked square on the board."),
        msg("dashboard turn.remove.touch", "Your turn: tap a marked counter on the board to remove it."),
        msg("dashboard turn.scoring_remove.touch", "Take back your counters: tap a marked counter on the board."),
        msg("dashboard turn.people.touch", "{player}: tap a marked square on the board."),
        msg("dashboard turn.waiting_assign", "Your cards lie face down. Waiting for {player}."),
        msg("dashboard bot.thinking", "{player} is thinking…"),
        msg("dashboard bot.done", "{player} has decided."),
        msg("dashboard bot.error", "{player} could not decide: {reason}"),
        msg("dashboard cover.title", "Pass the screen to {player}"),
        msg(
            "dashboard cover.text",
            "{player}: your cards are hidden from everyone else. Make sure only you can see the screen.",
        ),
        msg("dashboard cover.ready", "I am {player}: show my cards"),
        msg("dashboard cover.done", "{player} has laid their cards face down."),
        msg("dashboard result.again", "Start a new game in the “{tab}” tab, or step through this one."),
        msg(
            "dashboard result.seed", "This game's seed was {seed}: type it in a new game to deal the same cards again."
        ),
        msg("dashboard watch.paused", "The bots wait while you look back."),
        msg("dashboard coach.button", "Ask the coach"),
        msg("dashboard coach.thinking", "The coach is thinking…"),
        msg("dashboard coach.help", "The coach looks only at what you may see and suggests a move, with its reasons."),
        msg(
            "dashboard coach.nothing",
            "The coach helps the player who must decide; nobody at this screen must decide now.",
        ),
        msg("dashboard coach.result", "Suggestion for {player}:"),
        msg("dashboard coach.play", "Play this"),
        msg("dashboard coach.not_live", "Come back to the game first (skip the steps)."),
        msg("dashboard coach.error", "The coach could not answer: {reason}"),
        msg("dashboard log.title", "Every step so far, in order"),
        msg("dashboard log.round", "Round {round}"),
        msg("dashboard log.empty", "Nothing has happened yet."),
        msg(
            "dashboard explainer.help",
            "Go back through any step of this game: the board shows the game as it was then.",
        ),
        msg("dashboard resume.title", "Continue your game?"),
        msg(
            "dashboard resume.offer",
            "A game was left in progress in this browser. {who}: round {round}, {red} {red_score} : {blue_score} "
            "{blue}.",
        ),
        msg("dashboard resume.continue", "Continue that game"),
        msg("dashboard resume.decline", "No, start a new game"),
        msg("dashboard resume.started", "It was {ago}."),
        msg("dashboard resume.done", "Your game is back where it was, in round {round}."),
        msg("dashboard resume.not_kept", "This game cannot be kept for a reload ({reason}); you can play on."),
        msg("dashboard error", "Something went wrong: {reason}. The game is kept as it was."),
        msg(
            "dashboard connection.lost",
            "The connection to the server is lost: moves are paused. The page comes back by itself as soon as the "
            "server answers again.",
        ),
        msg("dashboard connection.back", "The server answers again: the page is coming back…"),
    ).values()
}
"""Dashboard texts by key."""


def say(key: str, lang: str = "en", **fields: object) -> str:
    """The dashboard text ``key`` in ``lang`` with its ``{placeholders}`` filled."""
    if "seed" in fields:  # a seed is a name to type back, not a quantity: no digit grouping
        fields["seed"] = str(fields["seed"])
    return render_key(DASHBOARD_STRINGS, key, lang, "dashboard text", **fields)


def since_text(seconds: float, lang: str) -> str:
    """How long ago a game began, in words: "started just now", "started 5 minutes ago", "started 2 hours ago".

    >>> [since_text(s, "en") for s in (20, 61, 7200, 200_000)]
    ['started just now', 'started 1 minute ago', 'started 2 hours ago', 'started 2 days ago']
    """
    minutes = int(max(seconds, 0) // 60)
    if minutes < 1:
        return say("status.since.now", lang)
    if minutes < 60:
        return say("status.since.minutes", lang, count=minutes)
    hours = minutes // 60
    if hours < 48:
        return say("status.since.hours", lang, count=hours)
    return say("status.since.days", lang, count=hours // 24)
