"""The rule book's pages, under ``/<lang>/``: home, search results, a rule, categories,
the glossary and the sources' disagreements."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, abort, g, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from rules_data import LANGS, Rule
from rules_data.schema import SourceRef
from rules_data.search import VARIANT_CHOICES
from web.errors import InputError
from web.front_door import check_links, ruling_cards
from web.i18n import best_language
from web.question_leads import read_question
from web.render import rule_html, sources_named
from web.search import book, search_question
from web.table import table_rules

bp = Blueprint("pages", __name__, url_prefix="/<lang>")


@bp.url_value_preprocessor
def pull_lang(endpoint: str | None, values: dict[str, Any] | None) -> None:
    lang = (values or {}).pop("lang", None)
    if lang not in LANGS:
        abort(404)
    g.lang = lang


@bp.url_defaults
def add_lang(endpoint: str, values: dict[str, Any]) -> None:
    if "lang" not in values and g.get("lang"):
        values["lang"] = g.lang


def unknown_rule(rule_id: str) -> InputError:
    return InputError("unknown_rule", gettext("There is no rule %(id)s.", id=rule_id[:10]),
                      status=404)


def variant_arg() -> str:
    """The ``?variant=`` filter: 101, plain or all (the default)."""
    variant = request.args.get("variant", "all") or "all"
    if variant not in VARIANT_CHOICES:
        raise InputError("bad_variant", gettext("Unknown variant: use 101, plain or all."),
                         field="variant")
    return variant


def check_pages() -> dict[str, Any]:
    """The referee's check pages by name (their titles), for links from other pages."""
    from web.referee_pages import PAGES  # here: that module builds on this one's blueprint

    return PAGES


def rules_in(variant: str) -> list[Rule]:
    return [rule for rule in book() if variant == "all" or variant in rule.variants]


@bp.route("/")
def home() -> str:
    return render_template("home.html", categories=book().categories, rules=rules_in("all"))


@bp.route("/search")
def search() -> str:
    query = request.args.get("q", "")
    variant = variant_arg()
    if not query.strip():
        return render_template("results.html", query="", variant=variant, results=None)
    # read once, as the API reads it: the lead, and the tiles ruled on as a meld or a pair
    # (none for a story the referee reads, whose tiles are no meld to rule on)
    reading = read_question(query, table_rules())
    results = search_question(query, g.lang, variant, 20, table_rules(), reading.lead)
    return render_template("results.html", query=query, variant=variant, results=results,
                           tiles=reading.tiles, melds=ruling_cards(reading),
                           indicator=reading.indicator,
                           checks=check_links(query, reading), check_pages=check_pages(),
                           categories=book().categories if not results.hits else {})


@bp.route("/rules/<rule_id>")
def rule(rule_id: str) -> str:
    rulebook = book()
    if rule_id not in rulebook:
        raise unknown_rule(rule_id)
    found = rulebook.rule(rule_id)
    terms = [term for term in rulebook.glossary if rule_id in term.rules]
    return render_template(
        "rule.html", rule=found, body=rule_html(found.body[g.lang], g.lang),
        reading=rule_html(found.reading[g.lang], g.lang) if found.reading else None,
        category=rulebook.category_of(found), book=rulebook, terms=terms,
        table=table_rules())


@bp.route("/rules")
def categories() -> str:
    variant = variant_arg()
    return render_template("categories.html", categories=book().categories,
                           rules=rules_in(variant), variant=variant)


@bp.route("/categories/<slug>")
def category(slug: str) -> str:
    rulebook = book()
    if slug not in rulebook.categories:
        raise InputError("unknown_category", gettext("There is no category %(name)s.",
                                                     name=slug[:30]), status=404)
    variant = variant_arg()
    rules = [rule for rule in rules_in(variant) if rule.category == slug]
    return render_template("category.html", slug=slug, category=rulebook.categories[slug],
                           rules=rules, variant=variant)


@bp.route("/glossary")
def glossary() -> str:
    terms = sorted(book().glossary, key=lambda term: term.term[g.lang].casefold())
    return render_template("glossary.html", terms=terms,
                           definitions={t.id: rule_html(t.definition[g.lang], g.lang)
                                        for t in terms})


@bp.route("/sources")
def sources() -> str:
    rulebook = book()
    house_rules = [(house, rulebook.rule(rule_id)) for house, rule_id in
                   sorted(rulebook.house_rules.values(), key=lambda pair: pair[1])]
    return render_template("sources.html", house_rules=house_rules, book=rulebook)


def variant_name(variant: str) -> str:
    """A variant's name in the current language."""
    names = {"101": gettext("101 Okey"), "plain": gettext("Plain Okey")}
    return str(names.get(variant, variant))


def source_name(ref: SourceRef) -> str:
    """A source reference as players read it: the document, and the table's rule or footnote."""
    lang = g.get("lang") or "en"
    name = f"{ref.doc} · {book().documents[ref.doc].title[lang]}"
    if ref.rule:
        name += " · " + gettext("rule %(id)s", id=ref.rule)
    if ref.footnote:
        name += " · " + gettext("footnote %(n)s", n=ref.footnote)
    return name


def source_title(doc: str) -> str:
    """A source document's title in the current language (its id where the book lacks it)."""
    lang = g.get("lang") or "en"
    document = book().documents.get(doc)
    return document.title[lang] if document is not None else doc


def house_choice_label(option: str, choice: str) -> str:
    """``Title: choice`` of a house rule, in the current language."""
    lang = g.get("lang") or "en"
    house = book().house_rule(option)
    try:
        label = house.choice(choice).label[lang]
    except KeyError:
        label = choice
    return f"{house.title[lang]}: {label}"


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.add_template_global(house_choice_label)
    app.add_template_global(variant_name)
    app.add_template_global(source_name)
    app.add_template_global(source_title)
    app.add_template_filter(sources_named)

    @app.route("/")
    def root() -> Response:
        return redirect(url_for("pages.home", lang=best_language()))

    @app.route("/healthz")
    def healthz() -> dict[str, str]:
        return {"status": "ok"}
