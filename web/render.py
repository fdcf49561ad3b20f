"""Rule texts as safe HTML: Markdown rendered, ``[[404]]`` turned into links, then sanitised
with nh3 so that nothing in the data can inject script into a page."""

from __future__ import annotations

from functools import lru_cache

import markdown
import nh3
from flask import url_for
from markupsafe import Markup

from rules_data.schema import LINK

ALLOWED_TAGS = {"p", "ul", "ol", "li", "strong", "em", "a", "code", "br", "table", "thead",
                "tbody", "tr", "th", "td", "blockquote", "h3", "h4"}
ALLOWED_ATTRIBUTES = {"a": {"href", "class", "title"}}


@lru_cache(maxsize=2048)
def _html(text: str, link_prefix: str) -> str:
    linked = LINK.sub(lambda m: f"[{m.group(1)}]({link_prefix}{m.group(1)})", text)
    rendered = markdown.markdown(linked, extensions=["tables", "sane_lists"])
    return nh3.clean(rendered, tags=ALLOWED_TAGS, attributes=ALLOWED_ATTRIBUTES,
                     link_rel=None, url_schemes={"http", "https"})


def rule_html(text: str, lang: str) -> Markup:
    """A Markdown rule text as sanitised HTML, its ``[[id]]`` links pointing at rule pages.

    The cache key is the text and the language's link prefix, so it stays right per request.
    """
    prefix = url_for("pages.rule", lang=lang, rule_id="000").removesuffix("000")
    return Markup(_html(text, prefix))  # noqa: S704 - sanitised by nh3 above
