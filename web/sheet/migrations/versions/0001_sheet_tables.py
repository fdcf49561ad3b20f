"""The score sheet's first tables: matches and their rounds.

Revision ID: 0001
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "sheet_match",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("code", sa.String(6), nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=False),
        sa.Column("variant", sa.String(8), nullable=False),
        sa.Column("rules_code", sa.String(64), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("planned_rounds", sa.Integer(), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished", sa.DateTime(timezone=True), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
    )
    op.create_index("ix_sheet_match_code", "sheet_match", ["code"], unique=True)
    op.create_table(
        "sheet_round",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("match_id", sa.Integer(),
                  sa.ForeignKey("sheet_match.id", ondelete="CASCADE"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("entry", sa.JSON(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("match_id", "number", name="uq_sheet_round_number"),
    )
    op.create_index("ix_sheet_round_match_id", "sheet_round", ["match_id"])


def downgrade() -> None:
    op.drop_index("ix_sheet_round_match_id", table_name="sheet_round")
    op.drop_table("sheet_round")
    op.drop_index("ix_sheet_match_code", table_name="sheet_match")
    op.drop_table("sheet_match")
