"""Room codes and seat keys.

A room code is 6 capital letters without the ones that read like digits or
like each other (no I, L or O): easy to say aloud and to type on a phone.
A seat key (token) is a random secret that only its holder's page keeps; the
store keeps its SHA-256 hash, never the key itself.

>>> len(new_code()), set(new_code()) <= set(CODE_LETTERS)
(6, True)
>>> normalize_code(" abc-def ")
'ABCDEF'
>>> normalize_code("ABC0EF")
Traceback (most recent call last):
...
aton.rooms.errors.BadRequest: 'ABC0EF' is not a room code; a code has 6 letters, such as KTXHMA
>>> token = new_token()
>>> len(token), token_hash(token) == token_hash(token), token_hash(token) == token
(24, True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import string

from .errors import BadRequest

CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"
"""Letters a room code is made of: the alphabet without I, L and O."""
CODE_LENGTH = 6
TOKEN_LENGTH = 24
_TOKEN_CHARACTERS = frozenset(string.ascii_letters + string.digits + "-_")


def new_code() -> str:
    """A fresh random room code (the store retries on the rare clash)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def normalize_code(text: object) -> str:
    """The code as stored: capitals, spaces and dashes dropped; :class:`BadRequest` if it cannot be one."""
    code = text.upper().replace(" ", "").replace("-", "") if isinstance(text, str) else ""
    if len(code) != CODE_LENGTH or not set(code) <= set(CODE_LETTERS):
        raise BadRequest("bad_code", given=repr(text)[:40], length=CODE_LENGTH, example="KTXHMA")
    return code


def new_token() -> str:
    """A fresh seat key: 24 URL-safe characters (144 random bits)."""
    return secrets.token_urlsafe(TOKEN_LENGTH * 3 // 4)


def well_formed(token: object) -> bool:
    """Whether ``token`` looks like a seat key (before its hash is compared)."""
    return isinstance(token, str) and len(token) == TOKEN_LENGTH and set(token) <= _TOKEN_CHARACTERS


def token_hash(token: str) -> str:
    """The SHA-256 of a seat key, as 64 hexadecimal digits: what the store keeps."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def matches(token: object, stored: str | None) -> bool:
    """Whether ``token`` is the key whose hash is ``stored`` (compared in constant time)."""
    if stored is None or not well_formed(token):
        return False
    assert isinstance(token, str)
    return hmac.compare_digest(token_hash(token), stored)
