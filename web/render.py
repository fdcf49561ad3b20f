"""Rule texts as safe HTML: Markdown rendered, ``[[404]]`` turned into links, source ids
(``001``) turned into the source's name linked to the sources page, then sanitised with nh3
so that nothing in the data can inject script into a page."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

import markdown
import nh3
from flask import current_app, url_for
from markupsafe import Markup, escape

from rules_data.schema import LINK

ALLOWED_TAGS = {"p", "ul", "ol", "li", "strong", "em", "a", "code", "br", "table", "thead",
                "tbody", "tr", "th", "td", "blockquote", "h3", "h4"}
ALLOWED_ATTRIBUTES = {"a": {"href", "class", "title"}}
# A list right under a line of text: Markdown wants a blank line between them.
_LIST_AFTER_TEXT = re.compile(r"(?m)^(?!\s*(?:[-*+]|\d+\.)\s)(\S.*)\n(?=\s*(?:[-*+]|\d+\.)\s)")
# A bare source id in running text (not part of a longer number or a link's address).
SOURCE_ID = re.compile(r"(?<![\w/#.-])(00[0-4])(?![\w/])")
_TAG = re.compile(r"(<[^>]+>)")


def with_list_breaks(text: str) -> str:
    """The text with a blank line before each list that follows a line of text.

    >>> with_list_breaks("Two ways:\\n- one\\n- two")
    'Two ways:\\n\\n- one\\n- two'
    """
    return _LIST_AFTER_TEXT.sub(r"\1\n\n", text)


@lru_cache(maxsize=2048)
def _html(text: str, link_prefix: str) -> str:
    linked = LINK.sub(lambda m: f"[{m.group(1)}]({link_prefix}{m.group(1)})", text)
    rendered = markdown.markdown(with_list_breaks(linked), extensions=["tables", "sane_lists"])
    return nh3.clean(rendered, tags=ALLOWED_TAGS, attributes=ALLOWED_ATTRIBUTES,
                     link_rel=None, url_schemes={"http", "https"})


def name_sources(html: str, names: Mapping[str, str], page: str) -> str:
    """Each bare source id in the text of ``html`` (never inside a tag) as the source's name,
    linked to its entry on the sources page; the id stays beside it, as the notes cite it.

    >>> name_sources("<p>As 001 says (000, 002).</p>", {"000": "T", "001": "P", "002": "A"}, "/s")
    '<p>As <a class="source" href="/s#doc-001">P (001)</a> says (<a class="source" href="/s#doc-000">T (000)</a>, <a class="source" href="/s#doc-002">A (002)</a>).</p>'
    """
    def name(match: re.Match[str]) -> str:
        doc = match.group(1)
        if doc not in names:
            return doc
        return f'<a class="source" href="{page}#doc-{doc}">{escape(names[doc])} ({doc})</a>'

    parts = _TAG.split(html)
    inside_link = False
    for i, part in enumerate(parts):
        if part.startswith("<"):
            inside_link = part.startswith("<a ") or (inside_link and not part.startswith("</a"))
            continue
        if not inside_link:
            parts[i] = SOURCE_ID.sub(name, part)
    return "".join(parts)


def sources_named(html: str, lang: str) -> Markup:
    """Already safe HTML (a search snippet) with its source ids named and linked, as in
    :func:`rule_html`."""
    documents = current_app.extensions["hakem.rulebook"].documents
    names = {doc_id: doc.title[lang] for doc_id, doc in documents.items()}
    page = url_for("pages.sources", lang=lang)
    return Markup(name_sources(html, names, page))  # noqa: S704 - the snippet is safe HTML


def rule_html(text: str, lang: str) -> Markup:
    """A Markdown rule text as sanitised HTML, its ``[[id]]`` links pointing at rule pages and
    its source ids named and linked to the sources page.

    The cache key is the text and the language's link prefix, so it stays right per request.
    """
    prefix = url_for("pages.rule", lang=lang, rule_id="000").removesuffix("000")
    return sources_named(_html(text, prefix), lang)  # nh3 made it safe
