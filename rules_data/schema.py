"""The rule book's schema: frozen pydantic models that validate the YAML as it loads.

Every model forbids unknown keys, so a typo in a data file is an error, not a silent default.
Cross-record checks (links, ids, defaults) live in :mod:`rules_data.loader`.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StringConstraints

LANGS: tuple[str, ...] = ("tr", "de", "en")
"""The languages of every text, in display order."""

Lang = Literal["tr", "de", "en"]
Variant = Literal["101", "plain"]
VARIANTS: tuple[Variant, ...] = ("101", "plain")
DocId = Literal["000", "001", "002", "003", "004"]


def _digits_as_str(value: object) -> object:
    """YAML reads an unquoted ``101`` as an int; ids are strings everywhere else."""
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


RuleId = Annotated[
    str, BeforeValidator(_digits_as_str), StringConstraints(pattern=r"^[1-9][0-9]{2}$")
]
Slug = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")]
NonEmpty = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1)]
LINK = re.compile(r"\[\[([^\[\]]*)\]\]")
"""A wiki link to another rule in a Markdown body: ``[[404]]``."""


class Frozen(BaseModel):
    """Base of every schema model: immutable, and strict about unknown keys."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Text(Frozen):
    """One text in each language; a missing or empty translation fails validation."""

    tr: NonEmpty
    de: NonEmpty
    en: NonEmpty

    def __getitem__(self, lang: str) -> str:
        if lang not in LANGS:
            raise KeyError(lang)
        value: str = getattr(self, lang)
        return value


class Words(Frozen):
    """Search keywords in each language."""

    tr: tuple[NonEmpty, ...] = Field(min_length=1)
    de: tuple[NonEmpty, ...] = Field(min_length=1)
    en: tuple[NonEmpty, ...] = Field(min_length=1)

    def __getitem__(self, lang: str) -> tuple[str, ...]:
        if lang not in LANGS:
            raise KeyError(lang)
        value: tuple[str, ...] = getattr(self, lang)
        return value


class SourceRef(Frozen):
    """A pointer into one source document: the table's rule and footnote where known."""

    doc: DocId
    footnote: Literal[2, 7] | None = None
    rule: RuleId | None = None


class Choice(Frozen):
    """One position in a disagreement, with the documents that hold it."""

    id: Slug
    label: Text
    sources: tuple[SourceRef, ...] = Field(min_length=1)


class Defaults(Frozen):
    """The default choice of a house rule, per variant."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    v101: Slug | None = Field(default=None, alias="101")
    plain: Slug | None = None

    def get(self, variant: str) -> str | None:
        return self.v101 if variant == "101" else self.plain if variant == "plain" else None


class HouseRule(Frozen):
    """A point where the sources disagree: an option a table may set."""

    id: Slug
    title: Text
    note: Text
    choices: tuple[Choice, ...] = Field(min_length=2)
    default: Defaults | None = None

    def choice(self, choice_id: str) -> Choice:
        for choice in self.choices:
            if choice.id == choice_id:
                return choice
        raise KeyError(choice_id)

    @property
    def choice_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.choices)


class Rule(Frozen):
    """One rule of the book, in three languages."""

    id: RuleId
    category: Slug = ""
    variants: tuple[Variant, ...] = Field(min_length=1)
    subcategory: Slug
    title: Text
    body: Text
    reading: Text | None = None
    """What Hakem adds where no source speaks (a procedure, an engine choice): kept apart
    from the body, which says only what the sources say, and shown in its own labelled box."""
    keywords: Words
    sources: tuple[SourceRef, ...] = Field(min_length=1)
    related: tuple[RuleId, ...] = ()
    refines: RuleId | None = None
    """The rule this one is a special case, exception or house-rule option of."""
    counterpart: RuleId | None = None
    house_rule: HouseRule | None = None

    def text(self, lang: str) -> str:
        """The body and, after it, Hakem's reading: the whole rule text, as search reads it."""
        if self.reading is None:
            return self.body[lang]
        return f"{self.body[lang].rstrip()}\n\n{self.reading[lang]}"

    def links(self) -> tuple[str, ...]:
        """Every ``[[id]]`` target named in any language of the body and the reading."""
        return tuple(m for lang in LANGS for m in LINK.findall(self.text(lang)))


class RuleFile(Frozen):
    """The contents of one ``rules/*.yaml`` file."""

    category: Slug
    rules: tuple[dict[str, object], ...] = Field(min_length=1)


class Category(Frozen):
    """A category of rules (one hundred of the ids) and its subcategories."""

    hundred: int = Field(ge=1, le=9)
    label: Text
    subcategories: dict[Slug, Text] = Field(min_length=1)


class CategoriesFile(Frozen):
    categories: dict[Slug, Category] = Field(min_length=1)
    retired: tuple[RuleId, ...] = ()


class Document(Frozen):
    """One of the source documents the rules were drawn from."""

    file: NonEmpty
    language: Lang
    variants: tuple[Variant, ...] = Field(min_length=1)
    title: Text
    description: Text


class SourcesFile(Frozen):
    documents: dict[DocId, Document]
    footnotes: dict[Annotated[str, BeforeValidator(_digits_as_str)], Text]


class Phrases(Frozen):
    """Words or phrases in each language; a language may have none."""

    tr: tuple[NonEmpty, ...] = ()
    de: tuple[NonEmpty, ...] = ()
    en: tuple[NonEmpty, ...] = ()

    def __getitem__(self, lang: str) -> tuple[str, ...]:
        if lang not in LANGS:
            raise KeyError(lang)
        value: tuple[str, ...] = getattr(self, lang)
        return value


class Term(Frozen):
    """A glossary entry. ``canonical`` names the words the rule book and the UI use for the
    concept in each language; ``avoid`` the words they must not use for it (players may still
    type them: keywords and the search keep them). See FORMAT.md, "One term per concept"."""

    id: Slug
    term: Text
    definition: Text
    rules: tuple[RuleId, ...] = ()
    canonical: Phrases = Phrases()
    avoid: Phrases = Phrases()


class GlossaryFile(Frozen):
    terms: tuple[Term, ...] = Field(min_length=1)


class SynonymsFile(Frozen):
    """Groups of words that mean the same at an Okey table, across the three languages."""

    groups: tuple[tuple[NonEmpty, ...], ...] = Field(min_length=1)


class AskedFile(Frozen):
    """How players ask about each rule, in their own words (``asked.yaml``): search indexes
    the questions beside the rule, so that a search worded as players word it finds the rule
    whose title and keywords say it otherwise."""

    rules: dict[RuleId, Words] = Field(min_length=1)


class CompoundsFile(Frozen):
    """German domain words that compounds are split into for search (Joker-abwurf)."""

    words: tuple[NonEmpty, ...] = Field(min_length=1)


class VariantCell(Frozen):
    """What one variant does on one point of comparison, and the rules that say so."""

    text: Text
    rules: tuple[RuleId, ...] = Field(min_length=1)


class VariantRow(Frozen):
    """One point where 101 Okey and plain Okey differ, told for each variant."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    id: Slug
    topic: Text
    v101: VariantCell = Field(alias="101")
    plain: VariantCell

    def cell(self, variant: str) -> VariantCell:
        """The cell of ``"101"`` or ``"plain"``; :class:`KeyError` for another name."""
        if variant not in VARIANTS:
            raise KeyError(variant)
        return self.v101 if variant == "101" else self.plain


class VariantsFile(Frozen):
    """The variants side by side (``variants.yaml``): one row per point where they differ."""

    rows: tuple[VariantRow, ...] = Field(min_length=1)
