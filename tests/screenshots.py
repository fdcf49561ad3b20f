"""Draw every page type (``tests/pagetypes.py``) at phone and desktop size into a folder, for a
reviewer to look through in a minute: ``.venv/bin/python -m tests.screenshots OUTDIR``.

It serves the app itself (a fresh database in a temporary folder, the instance's search index),
makes a 4-player match of 10 rounds, and writes ``<lang>-<size>-<page>.png`` (whole pages, the
referee's ruling drawn where it stands in the page rather than kept at the bottom of the
screen) and an ``index.html`` that shows them side by side."""

from __future__ import annotations

import argparse
import html
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from app import create_app
from tests.conftest import CHROMIUM_ARGS, serving
from tests.pagetypes import demo_sheet, page_types

# A whole-page picture is taken with the window as tall as the page, where a ruling kept at the
# bottom of the screen (sticky, at most 42vh) would cover half the form: drawn in its place.
WHOLE_PAGE = "#ruling { position: static !important; max-height: none !important; }"
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
LANGS = ("tr", "de", "en")


@contextmanager
def served(data_dir: Path) -> Iterator[str]:
    """The app on a free loopback port, with its database in ``data_dir``."""
    app = create_app({"SECRET_KEY": "screenshots",
                      "DATABASE_URL": f"sqlite:///{data_dir / 'hakem.sqlite3'}"})
    with serving(app, quiet=True) as url:
        yield url


def draw(out: Path, langs: list[str], sizes: list[str], only: set[str],
         browser: Any = None) -> list[Path]:
    """Every page type in every language and size, as PNG files in ``out``; in ``browser``
    (a Playwright chromium) if given, else in Debian's chromium launched for the purpose."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data, served(Path(data)) as base:
        pages = page_types(*demo_sheet(base, rounds=10))
        if browser is not None:
            return list(_pictures(browser, base, pages, out, langs, sizes, only))
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            launched = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                                  args=CHROMIUM_ARGS)
            try:
                return list(_pictures(launched, base, pages, out, langs, sizes, only))
            finally:
                launched.close()


def _pictures(browser: Any, base: str, pages: list[tuple[str, str]], out: Path,
              langs: list[str], sizes: list[str], only: set[str]) -> Iterator[Path]:
    for size in sizes:
        for lang in langs:
            # bypass_csp: the picture's own style (WHOLE_PAGE) is added inline, which the
            # pages' CSP rightly refuses to any other script
            context = browser.new_context(base_url=base, viewport=SIZES[size],
                                          service_workers="block", bypass_csp=True)
            page = context.new_page()
            for name, path in pages:
                if only and name not in only:
                    continue
                page.goto(path.format(lang=lang))
                page.wait_for_load_state("networkidle")
                page.add_style_tag(content=WHOLE_PAGE)
                target = out / f"{lang}-{size}-{name}.png"
                page.screenshot(path=str(target), full_page=True)
                yield target
            context.close()


def index(out: Path, drawn: list[Path]) -> Path:
    """A page that shows the pictures in a grid, each named, phone ones at their width."""
    figures = "\n".join(
        f'<figure><a href="{html.escape(p.name)}"><img src="{html.escape(p.name)}" '
        f'loading="lazy" alt=""></a><figcaption>{html.escape(p.stem)}</figcaption></figure>'
        for p in drawn)
    page = out / "index.html"
    page.write_text(
        "<!doctype html><meta charset=utf-8><title>Hakem page types</title><style>"
        "body{font:14px sans-serif;display:flex;flex-wrap:wrap;gap:12px}"
        "figure{margin:0;width:260px}img{width:100%;max-height:560px;object-fit:cover;"
        "object-position:top;border:1px solid #ccc}</style>\n" + figures + "\n",
        encoding="utf-8")
    return page


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the folder to draw into")
    parser.add_argument("--lang", action="append", choices=LANGS, help="only this language")
    parser.add_argument("--size", action="append", choices=sorted(SIZES), help="only this size")
    parser.add_argument("--page", action="append", default=[], help="only this page type")
    args = parser.parse_args(argv)
    drawn = draw(args.out, args.lang or list(LANGS), args.size or list(SIZES), set(args.page))
    print(f"{len(drawn)} pages drawn; open {index(args.out, drawn)}")


if __name__ == "__main__":
    main()
