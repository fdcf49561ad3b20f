"""The score sheet's tables: a match (players, rules, who may edit) and its rounds.

A round keeps what was entered (``entry``), the id its client made for it (``client_id``) and
what the referee computed from it (``result``); the match's ``version`` goes up with every change, so viewers can ask
"anything newer than version 7?" cheaply.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """The declarative base of the sheet's tables (Alembic's ``target_metadata``)."""


class Match(Base):
    """One evening's match: its code, its rules, its players and whether it is over."""

    __tablename__ = "sheet_match"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(6), unique=True, index=True)
    secret_hash: Mapped[str] = mapped_column(String(64))
    variant: Mapped[str] = mapped_column(String(8))
    rules_code: Mapped[str] = mapped_column(String(64))
    players: Mapped[list[str]] = mapped_column(JSON)
    planned_rounds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=1)

    rounds: Mapped[list[Round]] = relationship(
        back_populates="match", order_by="Round.number", cascade="all, delete-orphan",
        lazy="selectin")


class Round(Base):
    """One round of a match as entered, and the referee's scores for it."""

    __tablename__ = "sheet_round"
    __table_args__ = (UniqueConstraint("match_id", "number", name="uq_sheet_round_number"),
                      Index("ix_sheet_round_client_id", "match_id", "client_id", unique=True))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("sheet_match.id", ondelete="CASCADE"),
                                          index=True)
    number: Mapped[int] = mapped_column(Integer)
    entry: Mapped[dict[str, Any]] = mapped_column(JSON)
    result: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    client_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The id the client made for this round, so that a retried request adds it once."""

    match: Mapped[Match] = relationship(back_populates="rounds")
