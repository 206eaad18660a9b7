"""Helpers for the service's JSON round trips (``to_dict`` / ``from_dict``)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any


def only_fields(data: dict[str, Any], keys: Iterable[str], what: str) -> None:
    """Refuse a stored dictionary with fields ``what`` does not have (our data, so raise)."""
    unknown = set(data) - set(keys)
    if unknown:
        raise ValueError(f"unknown {what} fields: {', '.join(sorted(unknown))}")


def moment_to_text(moment: datetime | None) -> str | None:
    """An aware datetime as ISO 8601 text (with its offset), or None."""
    return None if moment is None else moment.isoformat()


def moment_from_text(text: str | None) -> datetime | None:
    """The datetime :func:`moment_to_text` wrote, or None."""
    return None if text is None else datetime.fromisoformat(text)
