"""Text for people, from gettext message catalogs.

Every sentence a person reads is written once, in English, in the code, and
translated in ``aton/locale/<lang>/LC_MESSAGES/aton.po`` (compiled to
``aton.mo`` next to it).  English needs no catalog: its words are the
messages themselves.  Adding a language is adding a catalog; nothing in the
code names the languages.

Three ways to write a text (``pybabel extract`` finds all three, see ``babel.cfg``):

- ``gtext(lang, context, message, **fields)``: one sentence;
- ``ngtext(lang, context, singular, plural, n, **fields)``: a sentence that
  depends on a count ``n`` (each language's plural rule picks the form; in
  French 0 and 1 are singular);
- ``msg(context, message)`` / ``nmsg(context, singular, plural)``: a text kept
  in a table and rendered later with :func:`render` (the widgets' ``tr``).

The context (``msgctxt``) tells translators where a text appears and keeps
apart two uses of one English word.  ``{placeholders}`` are filled with
``str.format``; whole numbers are written the language's way (Babel) and
``{a!r}`` keeps a value as typed.

>>> gtext("fr", "player", "Red")
'Rouge'
>>> counted("point", 1, "en"), counted("point", 2, "en")
('1 point', '2 points')
>>> counted("counter", 0, "fr"), counted("counter", 1, "fr"), counted("counter", 2, "fr")
('0 pierre', '1 pierre', '2 pierres')
>>> join(["1", "2", "3"], "fr")
'1, 2 et 3'
>>> check_lang("de")
Traceback (most recent call last):
...
ValueError: unknown language 'de'; choose one of ('en', 'fr')
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import contextmanager
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, NamedTuple

__all__ = [
    "DOMAIN",
    "LANG_KEY",
    "LOCALE_DIR",
    "SOURCE_LANGUAGE",
    "Message",
    "check_lang",
    "counted",
    "decimal",
    "extra_locale_dir",
    "gtext",
    "join",
    "language_name",
    "languages",
    "msg",
    "ngtext",
    "nmsg",
    "number",
    "percent",
    "render",
    "render_key",
    "table",
    "tutorial_words",
]

DOMAIN = "aton"
"""The gettext domain: catalogs are ``<locale dir>/<lang>/LC_MESSAGES/aton.mo``."""
LOCALE_DIR = Path(__file__).with_name("locale")
"""Where the shipped catalogs live."""
SOURCE_LANGUAGE = "en"
"""The language the messages are written in (it needs no catalog)."""

LANG_KEY = "aton-lang"
"""The browser's localStorage key that keeps the language chosen on a page (every page served reads it)."""

_dirs: list[Path] = [LOCALE_DIR]


def _has_catalog(directory: Path, lang: str) -> bool:
    return (directory / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()


@lru_cache(maxsize=1)
def languages() -> tuple[str, ...]:
    """Every language with a catalog, English first.

    >>> languages()
    ('en', 'fr')
    """
    found = {entry.name for directory in _dirs if directory.is_dir() for entry in directory.iterdir()}
    return (SOURCE_LANGUAGE, *sorted(lang for lang in found if any(_has_catalog(d, lang) for d in _dirs)))


def check_lang(lang: str) -> str:
    """Return ``lang`` if a catalog speaks it, else raise ``ValueError`` naming the choices."""
    if lang not in languages():
        raise ValueError(f"unknown language {lang!r}; choose one of {languages()}")
    return lang


@cache
def _catalog(lang: str) -> gettext.NullTranslations:
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()  # English plural rule: n != 1
    for directory in _dirs:
        if _has_catalog(directory, lang):
            with open(directory / lang / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as file:
                return gettext.GNUTranslations(file)
    raise ValueError(f"unknown language {lang!r}; choose one of {languages()}")


def _clear() -> None:
    _templates.clear()
    _plural_templates.clear()
    _small_ints_plain.clear()
    languages.cache_clear()
    _catalog.cache_clear()
    number.cache_clear()
    _babel_locale.cache_clear()


@contextmanager
def extra_locale_dir(directory: Path) -> Any:
    """Use the catalogs in ``directory`` too while the ``with`` block runs (a translator's test drive).

    ``directory`` is laid out like ``aton/locale``: ``<lang>/LC_MESSAGES/aton.mo``.
    """
    _dirs.insert(0, Path(directory))
    _clear()
    try:
        yield
    finally:
        _dirs.remove(Path(directory))
        _clear()


@cache
def _babel_locale(lang: str) -> Any:
    from babel import Locale, UnknownLocaleError  # loaded on first use: it costs about 0.1 s

    try:
        return Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        return Locale.parse(SOURCE_LANGUAGE)


@lru_cache(maxsize=4096)
def number(value: int | float, lang: str) -> str:
    """``value`` written the way ``lang`` writes numbers (Babel).

    >>> number(1234, "en"), number(1234.5, "fr")
    ('1,234', '1\\u202f234,5')
    """
    from babel.numbers import format_decimal

    return str(format_decimal(value, locale=_babel_locale(lang)))


def percent(value: float, lang: str, decimals: int = 0) -> str:
    """A share written as a percentage with ``decimals`` digits after the point, the way ``lang`` writes it.

    >>> percent(0.25, "en"), percent(0.25, "fr")
    ('25%', '25\\xa0%')
    >>> percent(0.3421, "en", 1), percent(0.3421, "fr", 1)
    ('34.2%', '34,2\\xa0%')
    """
    from babel.numbers import format_percent, parse_pattern

    locale = _babel_locale(lang)
    if decimals == 0:
        return str(format_percent(value, locale=locale))
    pattern = parse_pattern(locale.percent_formats[None].pattern)
    pattern.frac_prec = (decimals, decimals)
    return str(pattern.apply(value, locale))


def decimal(value: float, lang: str, pattern: str = "0.0") -> str:
    """``value`` with a Babel number ``pattern`` (``"+0.0;-0.0"`` shows the sign), the way ``lang`` writes it.

    >>> decimal(1.25, "fr", "+0.0;-0.0")
    '+1,2'
    """
    from babel.numbers import format_decimal

    return str(format_decimal(value, format=pattern, locale=_babel_locale(lang)))


def language_name(lang: str) -> str:
    """``lang`` named in its own words (Babel), capitalised: ``"English"``, ``"Français"``; else the code."""
    from babel import Locale, UnknownLocaleError

    try:
        name = Locale.parse(lang).get_display_name(lang) or lang
    except (UnknownLocaleError, ValueError):
        name = lang
    return name[:1].upper() + name[1:]


def join(items: Sequence[str] | Iterable[str], lang: str, style: str = "standard") -> str:
    """``["a", "b", "c"]`` as a list in words (``"a, b, and c"``, ``"a, b et c"``); ``style="or"`` for choices."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    from babel.lists import format_list

    return str(format_list(words, style=style, locale=_babel_locale(lang)))  # type: ignore[arg-type]


_templates: dict[tuple[str, str, str], str] = {}
"""Translated messages already looked up, by (language, context, message): the hot path of every text."""
_plural_templates: dict[tuple[str, str, str, str, int], str] = {}
_small_ints_plain: dict[str, bool] = {}


def _plain_small_ints(lang: str) -> bool:
    """Whether ``lang`` writes whole numbers below 1000 as Python does (checked once with Babel)."""
    plain = _small_ints_plain.get(lang)
    if plain is None:
        plain = all(number(value, lang) == str(value) for value in (0, 7, 42, 999, -999))
        _small_ints_plain[lang] = plain
    return plain


def _fill(template: str, lang: str, fields: dict[str, object]) -> str:
    if not fields:
        return template
    for key, value in fields.items():
        if type(value) is int and not (-1000 < value < 1000 and _plain_small_ints(lang)):
            fields[key] = number(value, lang)
    return template.format_map(fields)


def gtext(lang: str, context: str, message: str, /, **fields: object) -> str:
    """``message`` (English) in ``lang``, its ``{placeholders}`` filled from ``fields``."""
    template = _templates.get((lang, context, message))
    if template is None:
        template = _catalog(check_lang(lang)).pgettext(context, message)
        _templates[lang, context, message] = template
    return _fill(template, lang, fields)


def ngtext(lang: str, context: str, singular: str, plural: str, n: int, /, **fields: object) -> str:
    """The form of ``singular``/``plural`` that ``lang`` uses for ``n``, its placeholders filled."""
    key = (lang, context, singular, plural, n)
    template = _plural_templates.get(key)
    if template is None:
        template = _catalog(check_lang(lang)).npgettext(context, singular, plural, n)
        if len(_plural_templates) < 100_000:
            _plural_templates[key] = template
    return _fill(template, lang, fields)


class Message(NamedTuple):
    """A text kept in a table: its context (the table key), its English words, and a plural form if counted."""

    context: str
    singular: str
    plural: str | None = None


def msg(context: str, message: str) -> Message:
    """A table entry (extracted by ``pybabel``; rendered with :func:`render`)."""
    return Message(context, message)


def nmsg(context: str, singular: str, plural: str) -> Message:
    """A counted table entry: :func:`render` picks the form from the field ``count``."""
    return Message(context, singular, plural)


def table(*messages: Message) -> dict[str, Message]:
    """Messages by context; a context used twice is an error."""
    found: dict[str, Message] = {}
    for message in messages:
        if message.context in found:
            raise ValueError(f"the text key {message.context!r} is defined twice")
        found[message.context] = message
    return found


def render(message: Message, lang: str, /, **fields: object) -> str:
    """A table entry in ``lang`` with its placeholders filled (the count of a counted entry is ``count``)."""
    if message.plural is None:
        return gtext(lang, message.context, message.singular, **fields)
    count = fields.get("count")
    if not isinstance(count, int):
        raise ValueError(f"the text {message.context!r} is counted: give count=<whole number>")
    return ngtext(lang, message.context, message.singular, message.plural, count, **fields)


def render_key(messages: Mapping[str, Message], key: str, lang: str, what: str, /, **fields: object) -> str:
    """The entry ``key`` of the table ``messages`` in ``lang``, its placeholders filled; an unknown key raises
    ``KeyError`` naming ``what`` the table holds (each panel's own ``tr``, ``say``, ... is this call).

    >>> render_key(table(msg("demo.hello", "Hello {name}")), "demo.hello", "en", "demo text", name="Ra")
    'Hello Ra'
    >>> render_key({}, "demo.bye", "en", "demo text")
    Traceback (most recent call last):
    ...
    KeyError: "no demo text 'demo.bye'"
    """
    try:
        message = messages[key]
    except KeyError:
        raise KeyError(f"no {what} {key!r}") from None
    return render(message, lang, **fields)


COUNTED = table(
    nmsg("counted point", "{count} point", "{count} points"),
    nmsg("counted counter", "{count} counter", "{count} counters"),
    nmsg("counted card", "{count} card", "{count} cards"),
    nmsg("counted square", "{count} square", "{count} squares"),
    nmsg("counted temple", "{count} temple", "{count} temples"),
    nmsg("counted round", "{count} round", "{count} rounds"),
    nmsg("counted step", "{count} step", "{count} steps"),
)
"""The counted nouns, by ``"counted <noun>"``."""


def counted(noun: str, count: int, lang: str) -> str:
    """``count`` and ``noun`` in the right form: ``counted("card", 2, "en") == "2 cards"``."""
    try:
        message = COUNTED[f"counted {noun}"]
    except KeyError:
        raise ValueError(f"no counted noun {noun!r}; known: {', '.join(k.split()[1] for k in COUNTED)}") from None
    return render(message, lang, count=count)


TUTORIAL_CONTEXT = "tutorial"
"""The context of the words a tutorial's code prints (``say("Blue's hand:")``), extracted from the English
tutorials' code cells (:func:`aton.i18n_extract.extract_tutorials`)."""


def tutorial_words(lang: str) -> Callable[..., str]:
    """``say(text, **fields)``: the words a tutorial's code prints, in ``lang``.

    A tutorial's code is the same in every language (only its ``LANG`` differs), so what it prints goes
    through the catalogs like every other text.

    >>> say = tutorial_words("fr")
    >>> say("Blue's hand:")
    'Main de Bleu :'
    """
    check_lang(lang)

    def say(text: str, /, **fields: object) -> str:
        return gtext(lang, TUTORIAL_CONTEXT, text, **fields)

    return say
