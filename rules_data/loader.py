"""Load the rule book from YAML, validate all of it at once, and expose frozen objects.

Validation happens once, at load: the schema (:mod:`rules_data.schema`) checks each record,
then the cross-record checks here check ids, links and house-rule defaults. Every problem
found is reported together, each naming its file and rule.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from rules_data.schema import (
    LANGS,
    VARIANTS,
    AskedFile,
    CategoriesFile,
    Category,
    CompoundsFile,
    Document,
    GlossaryFile,
    HouseRule,
    Rule,
    RuleFile,
    SourcesFile,
    SynonymsFile,
    Term,
    Text,
    VariantRow,
    VariantsFile,
    Words,
)

DATA_DIR = Path(__file__).resolve().parent
"""Where the shipped rule book lives."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the data: where, which rule (if any), and what."""

    file: str
    rule: str | None
    message: str

    def __str__(self) -> str:
        where = f"{self.file}, rule {self.rule}" if self.rule else self.file
        return f"{where}: {self.message}"


class RuleDataError(ValueError):
    """The rule book's data is invalid; ``problems`` lists every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class _UniqueKeyLoader(yaml.CSafeLoader):
    """A safe YAML loader that rejects a key given twice in one mapping (on libyaml's parser,
    which PyYAML's wheels include: four times faster than the pure-Python one)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, int] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            line = key_node.start_mark.line + 1
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None,
                    None,
                    f"duplicate key {key!r} (first on line {seen[key]})",
                    key_node.start_mark,
                )
            seen[key] = line
        return super().construct_mapping(node, deep=deep)


_UniqueKeyLoader.add_constructor(
    yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _UniqueKeyLoader.construct_mapping
)


def _read_yaml(path: Path, label: str, problems: list[Problem]) -> Any:
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=_UniqueKeyLoader)
    except FileNotFoundError:
        problems.append(Problem(label, None, "file is missing"))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark is not None else ""
        reason = getattr(exc, "problem", None) or str(exc)
        problems.append(Problem(label, _rule_at_line(path, mark), f"{where}{reason}"))
    except UnicodeDecodeError as exc:
        problems.append(Problem(label, None, f"not UTF-8: {exc.reason}"))
    return None


def _rule_at_line(path: Path, mark: Any) -> str | None:
    """The id of the rule record that encloses a YAML error, so the message can name it."""
    if mark is None:
        return None
    rule = None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        if number > mark.line:
            break
        stripped = line.strip()
        if stripped.startswith("- id:"):
            rule = stripped.removeprefix("- id:").strip().strip("\"'")
    return rule


def _describe(error: Mapping[str, Any]) -> str:
    loc = ".".join(str(part) for part in error["loc"])
    missing_text = error["loc"] and error["loc"][-1] in LANGS
    if missing_text and error["type"] in {"missing", "string_too_short", "too_short"}:
        return f"{loc}: missing translation"
    if error["type"] == "missing":
        return f"{loc}: missing"
    if error["type"] == "extra_forbidden":
        return f"{loc}: unknown key"
    return f"{loc}: {error['msg']}"


M = TypeVar("M", bound=BaseModel)


def _validate(
    model: type[M], data: Any, label: str, rule: str | None, problems: list[Problem]
) -> M | None:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems.extend(Problem(label, rule, _describe(e)) for e in exc.errors())
        return None


def _load_file(root: Path, name: str, model: type[M], problems: list[Problem]) -> M | None:
    """Read one top-level YAML file and validate it; ``None`` once its problems are noted."""
    before = len(problems)
    data = _read_yaml(root / name, name, problems)
    if len(problems) > before:
        return None
    return _validate(model, data, name, None, problems)


@dataclass(frozen=True)
class Rulebook:
    """The whole validated rule book. Immutable; shared by the app and the referee."""

    rules: Mapping[str, Rule]
    categories: Mapping[str, Category]
    documents: Mapping[str, Document]
    footnotes: Mapping[str, Text]
    glossary: tuple[Term, ...]
    synonyms: tuple[tuple[str, ...], ...]
    content_hash: str
    house_rules: Mapping[str, tuple[HouseRule, str]] = field(default_factory=dict)
    compounds: tuple[str, ...] = ()
    """German words that search splits compounds into (``compounds.yaml``, optional)."""
    variants: tuple[VariantRow, ...] = ()
    """101 Okey and plain Okey side by side (``variants.yaml``, optional)."""
    asked: Mapping[str, Words] = field(default_factory=dict)
    """How players ask about each rule, by rule id (``asked.yaml``, optional): search only."""

    def rule(self, rule_id: str) -> Rule:
        """The rule with this id; :class:`KeyError` for an unknown id."""
        return self.rules[rule_id]

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.rules

    def __iter__(self) -> Iterator[Rule]:
        return iter(self.rules.values())

    def house_rule(self, option: str) -> HouseRule:
        """The house rule with this option id; :class:`KeyError` for an unknown one."""
        return self.house_rules[option][0]

    def category_of(self, rule: Rule) -> Category:
        return self.categories[rule.category]


def _content_hash(root: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.yaml")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _load_rules(
    root: Path,
    categories: Mapping[str, Category],
    problems: list[Problem],
) -> tuple[dict[str, Rule], dict[str, str]]:
    """Every valid rule by id (in id order), and the file each one came from."""
    rules: dict[str, Rule] = {}
    where: dict[str, str] = {}
    for path in sorted((root / "rules").glob("*.yaml")):
        label = path.relative_to(root.parent).as_posix() if root.parent else path.name
        data = _read_yaml(path, label, problems)
        if data is None:
            continue
        rule_file = _validate(RuleFile, data, label, None, problems)
        if rule_file is None:
            continue
        category = categories.get(rule_file.category)
        if categories and category is None:
            problems.append(Problem(label, None, f"unknown category {rule_file.category!r}"))
        for record in rule_file.rules:
            rid = str(record.get("id", "?"))
            rule = _validate(Rule, {**record, "category": rule_file.category}, label, rid, problems)
            if rule is None:
                continue
            if rule.id in rules:
                problems.append(
                    Problem(label, rule.id, f"duplicate id (also in {where[rule.id]})")
                )
                continue
            if category is not None:
                if int(rule.id) // 100 != category.hundred:
                    problems.append(
                        Problem(label, rule.id, f"id is outside category {rule_file.category!r}")
                    )
                if rule.subcategory not in category.subcategories:
                    problems.append(
                        Problem(label, rule.id, f"unknown subcategory {rule.subcategory!r}")
                    )
            rules[rule.id] = rule
            where[rule.id] = label
    return {rid: rules[rid] for rid in sorted(rules)}, where


def _check_references(
    rules: Mapping[str, Rule],
    where: Mapping[str, str],
    retired: tuple[str, ...],
    documents: Mapping[str, Document],
    problems: list[Problem],
) -> dict[str, tuple[HouseRule, str]]:
    house_rules: dict[str, tuple[HouseRule, str]] = {}
    for rule in rules.values():
        label = where[rule.id]

        def bad(message: str, rule: Rule = rule, label: str = label) -> None:
            problems.append(Problem(label, rule.id, message))

        if rule.id in retired:
            bad("id is retired and may not be reused")
        for target in rule.links():
            if target not in rules:
                bad(f"dangling link [[{target}]]")
        for target in rule.related:
            if target not in rules:
                bad(f"related id {target} does not exist")
            elif target == rule.id:
                bad("a rule cannot be related to itself")
        if rule.refines is not None:
            seen = {rule.id}
            general: str | None = rule.refines
            while general is not None and general in rules and general not in seen:
                seen.add(general)
                general = rules[general].refines
            if rule.refines not in rules:
                bad(f"refines id {rule.refines} does not exist")
            elif general is not None and general in seen:
                bad(f"refines {rule.refines} makes a cycle")
        if rule.counterpart is not None and rule.counterpart not in rules:
            bad(f"counterpart {rule.counterpart} does not exist")
        refs = list(rule.sources)
        house = rule.house_rule
        if house is not None:
            refs += [ref for choice in house.choices for ref in choice.sources]
            if house.id in house_rules:
                bad(f"house rule {house.id!r} is also defined by rule {house_rules[house.id][1]}")
            house_rules[house.id] = (house, rule.id)
            ids = house.choice_ids
            if len(set(ids)) != len(ids):
                bad(f"house rule {house.id!r} has a duplicate choice id")
            for variant in rule.variants:
                default = house.default.get(variant) if house.default else None
                if default is None:
                    bad(f"house rule {house.id!r} has no default for variant {variant}")
                elif default not in ids:
                    bad(f"house rule {house.id!r}: default {default!r} is not one of its choices")
        for ref in refs:
            if documents and ref.doc not in documents:
                bad(f"unknown source document {ref.doc}")
            if ref.rule is not None and ref.rule not in rules:
                bad(f"source names rule {ref.rule}, which does not exist")
    return house_rules


def _load_variants(root: Path, problems: list[Problem]) -> VariantsFile | None:
    """Read ``variants.yaml``; a schema problem names the row by its id where it has one."""
    before = len(problems)
    data = _read_yaml(root / "variants.yaml", "variants.yaml", problems)
    if len(problems) > before:
        return None
    try:
        return VariantsFile.model_validate(data)
    except ValidationError as exc:
        rows = data.get("rows") if isinstance(data, dict) else None
        for error in exc.errors():
            loc = error["loc"]
            message = _describe(error)
            if len(loc) > 1 and loc[0] == "rows" and isinstance(loc[1], int) \
                    and isinstance(rows, list) and loc[1] < len(rows) \
                    and isinstance(rows[loc[1]], dict) and "id" in rows[loc[1]]:
                message = f"row {rows[loc[1]]['id']!r}: {message}"
            problems.append(Problem("variants.yaml", None, message))
        return None


def _check_variants(
    variants: VariantsFile, rules: Mapping[str, Rule], problems: list[Problem]
) -> None:
    """Each row of ``variants.yaml`` has a unique id and cites rules that exist."""
    seen: set[str] = set()
    for row in variants.rows:
        if row.id in seen:
            problems.append(Problem("variants.yaml", None, f"row {row.id!r}: duplicate row id"))
        seen.add(row.id)
        for variant in VARIANTS:
            for target in row.cell(variant).rules:
                if target not in rules:
                    problems.append(Problem(
                        "variants.yaml", None,
                        f"row {row.id!r}, {variant}: rule {target} does not exist"))


def load(root: Path = DATA_DIR) -> Rulebook:
    """Read and validate the rule book under ``root``.

    :raises RuleDataError: listing every problem, each naming its file and rule.
    """
    problems: list[Problem] = []
    cats = _load_file(root, "categories.yaml", CategoriesFile, problems)
    sources = _load_file(root, "sources.yaml", SourcesFile, problems)
    glossary = _load_file(root, "glossary.yaml", GlossaryFile, problems)
    synonyms = _load_file(root, "synonyms.yaml", SynonymsFile, problems)
    compounds = (
        _load_file(root, "compounds.yaml", CompoundsFile, problems)
        if (root / "compounds.yaml").exists()
        else None
    )
    variants = _load_variants(root, problems) if (root / "variants.yaml").exists() else None
    asked = (
        _load_file(root, "asked.yaml", AskedFile, problems)
        if (root / "asked.yaml").exists()
        else None
    )
    categories = dict(cats.categories) if cats else {}
    documents: dict[str, Document] = {str(k): v for k, v in sources.documents.items()} if sources else {}
    rules, where = _load_rules(root, categories, problems)
    if not rules and not any(p.file.startswith("rules") for p in problems):
        problems.append(Problem("rules/", None, "no rules found"))
    house_rules = _check_references(
        rules, where, cats.retired if cats else (), documents, problems
    )
    if glossary is not None:
        seen: set[str] = set()
        for term in glossary.terms:
            if term.id in seen:
                problems.append(Problem("glossary.yaml", None, f"duplicate term {term.id!r}"))
            seen.add(term.id)
            for target in term.rules:
                if target not in rules:
                    problems.append(
                        Problem("glossary.yaml", None, f"term {term.id!r}: rule {target} does not exist")
                    )
    if variants is not None:
        _check_variants(variants, rules, problems)
    for rule_id in asked.rules if asked is not None else ():
        if rule_id not in rules:
            problems.append(Problem("asked.yaml", rule_id, "rule does not exist"))
    if problems:
        raise RuleDataError(problems)
    assert cats is not None and sources is not None and glossary is not None
    assert synonyms is not None
    return Rulebook(
        rules=MappingProxyType(rules),
        categories=MappingProxyType(categories),
        documents=MappingProxyType(documents),
        footnotes=MappingProxyType(dict(sources.footnotes)),
        glossary=glossary.terms,
        synonyms=synonyms.groups,
        content_hash=_content_hash(root),
        house_rules=MappingProxyType(house_rules),
        compounds=compounds.words if compounds is not None else (),
        variants=variants.rows if variants is not None else (),
        asked=MappingProxyType(dict(asked.rules) if asked is not None else {}),
    )


@lru_cache(maxsize=1)
def rulebook() -> Rulebook:
    """The shipped rule book, loaded and validated once per process."""
    return load(DATA_DIR)
