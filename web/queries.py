"""The API's query strings as pydantic models: validated like bodies (every problem a 400
naming the parameter), and documented from the same models by :mod:`web.openapi`."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from rules_data.search import MAX_LIMIT, MAX_QUERY
from web.responses import Lang, VariantOrAll


class Query(BaseModel):
    """Query-string parameters are validated like bodies; unknown ones are ignored."""

    model_config = ConfigDict(extra="ignore", frozen=True)


class LangQuery(Query):
    lang: Lang | None = None


class SearchQuery(LangQuery):
    q: str = Field(description="words in Turkish, German or English", max_length=20_000,
                   json_schema_extra={"minLength": 1, "maxLength": MAX_QUERY})
    """Empty or over-long queries are refused by the search with codes of their own
    (``empty_query``, ``query_too_long``); the document states the same bounds."""
    variant: VariantOrAll = "all"
    limit: int = Field(default=10, ge=1, le=MAX_LIMIT)


class RulesQuery(LangQuery):
    variant: VariantOrAll = "all"
    category: str | None = Field(default=None, max_length=40)
