"""Every text a user sends, in NFC before anything reads it: query strings, forms, JSON bodies
(API and CLI) and command-line arguments. Phones and some keyboards send ``c`` plus a combining
cedilla for ``ç`` and ``I`` plus a combining dot for ``İ``; composed, they mean what they look
like everywhere (search, tile notation, names on the score sheet)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

import click
from flask import Flask, Request
from flask.cli import AppGroup
from werkzeug.datastructures import ImmutableMultiDict, iter_multi_items


def nfc(text: str) -> str:
    """``text`` in Unicode normal form C.

    >>> nfc("c\\u0327ift") == "çift", nfc("I\\u0307STAKA") == "İSTAKA"
    (True, True)
    """
    return unicodedata.normalize("NFC", text)


def nfc_data(value: Any) -> Any:
    """A parsed JSON value with every string in it, keys included, in NFC."""
    if isinstance(value, str):
        return nfc(value)
    if isinstance(value, list):
        return [nfc_data(item) for item in value]
    if isinstance(value, dict):
        return {nfc_data(key): nfc_data(item) for key, item in value.items()}
    return value


class NFCMultiDict(ImmutableMultiDict[str, Any]):
    """Werkzeug's parameter storage with names and text values in NFC (files stay as they are).

    Werkzeug builds ``request.args`` and ``request.form`` through this class, so no view can
    read a decomposed value.
    """

    def __init__(self, mapping: Mapping[str, Any] | Iterable[tuple[str, Any]] | None = None
                 ) -> None:
        if mapping is None:
            super().__init__()
            return
        super().__init__([(nfc(key), nfc(value) if isinstance(value, str) else value)
                          for key, value in iter_multi_items(mapping)])


class NFCRequest(Request):
    """A request whose query string and form read in NFC."""

    parameter_storage_class = NFCMultiDict


class NFCGroup(AppGroup):
    """A ``flask`` command group that reads its arguments and options in NFC."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, [nfc(arg) for arg in args])


def init_app(app: Flask) -> None:
    app.request_class = NFCRequest
