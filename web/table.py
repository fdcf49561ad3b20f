"""A table's agreed rules: a variant and its house-rule choices, kept in a cookie (no accounts)
and shared as a short code (``/t/1a1``) so that every phone at the table rules alike.

The code is the variant (``1`` or ``p``) then, per changed option, the option's position and
the choice's position, one base-36 character each:

>>> from referee import Rules
>>> encode(Rules.preset("plain").with_options({"wrap_13_1": "never"}))
'p50'
>>> decode("p50").changed()
{'wrap_13_1': 'never'}
"""

from __future__ import annotations

from flask import Flask, g, request
from flask_babel import gettext

from referee import Rules
from referee.errors import OkeyError
from web.errors import InputError

COOKIE = "hakem_table"
MAX_AGE = 365 * 24 * 3600
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
VARIANT_CODES = {"101": "1", "plain": "p"}


def encode(rules: Rules) -> str:
    """The short code of a table's rules: only the options it changed are written."""
    names = Rules.option_names()
    parts = [VARIANT_CODES[rules.variant.value]]
    for option, choice in rules.changed().items():
        choices = [member.value for member in Rules.option_type(option)]
        parts.append(DIGITS[names.index(option)] + DIGITS[choices.index(choice)])
    return "".join(parts)


def decode(code: str) -> Rules:
    """The rules behind a short code; :class:`InputError` names a code that is not one."""
    bad = InputError("bad_table_code", gettext("%(code)s is not a table code.",
                                               code=code[:20]), status=404)
    variant = next((v for v, c in VARIANT_CODES.items() if code[:1] == c), None)
    body = code[1:]
    if variant is None or len(body) % 2 or len(code) > 64:
        raise bad
    names = Rules.option_names()
    options: dict[str, str] = {}
    for i in range(0, len(body), 2):
        option_at, choice_at = DIGITS.find(body[i]), DIGITS.find(body[i + 1])
        if not 0 <= option_at < len(names):
            raise bad
        option = names[option_at]
        choices = [str(member.value) for member in Rules.option_type(option)]
        if not 0 <= choice_at < len(choices):
            raise bad
        options[option] = choices[choice_at]
    try:
        return Rules.preset(variant).with_options(options)
    except OkeyError:
        raise bad from None


def table_rules() -> Rules | None:
    """This browser's table rules, or ``None`` when it has set none (or the cookie is bad)."""
    if "table_rules" not in g:
        code = request.cookies.get(COOKIE, "")
        try:
            g.table_rules = decode(code) if code else None
        except InputError:
            g.table_rules = None
    rules: Rules | None = g.table_rules
    return rules


def rules_for(variant: str) -> Rules:
    """The rules for ``variant`` at this table: its saved choices, or the variant's defaults."""
    saved = table_rules()
    if saved is not None and saved.variant.value == variant:
        return saved
    return Rules.preset(variant)


def init_app(app: Flask) -> None:
    @app.context_processor
    def table_context() -> dict[str, object]:
        return {"table_rules": table_rules}
