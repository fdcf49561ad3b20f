"""A round's client-made id, unique within its match, so that a retried entry is added once.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("sheet_round", sa.Column("client_id", sa.String(64), nullable=True))
    op.create_index("ix_sheet_round_client_id", "sheet_round", ["match_id", "client_id"],
                    unique=True)


def downgrade() -> None:
    op.drop_index("ix_sheet_round_client_id", table_name="sheet_round")
    op.drop_column("sheet_round", "client_id")
