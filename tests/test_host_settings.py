"""The front ends' one settings object: the defaults, and the environment over them."""

from __future__ import annotations

from pathlib import Path

import pytest

from machiavelli.service.config import HostSettings


def test_the_defaults_are_those_the_documents_give() -> None:
    settings = HostSettings.from_env({})
    assert settings == HostSettings()
    assert settings.db is None
    assert settings.web_db == "sqlite:///var/machiavelli-web.db"
    assert settings.mail_database == "sqlite:///judge.db"
    assert settings.outbox == Path("outbox")
    assert (settings.host, settings.port, settings.smtp_port) == ("127.0.0.1", 8000, 8025)
    assert settings.base_url == "http://127.0.0.1:8000"
    assert settings.address == "judge@localhost"


def test_the_environment_sets_them() -> None:
    settings = HostSettings.from_env({"MACHIAVELLI_DB": "postgresql://h/db", "PORT": "9000",
                                      "MACHIAVELLI_OUTBOX": "/tmp/box", "MACHIAVELLI_HOST": ""})
    assert settings.web_db == settings.mail_database == "postgresql://h/db"
    assert settings.port == 9000 and settings.outbox == Path("/tmp/box")
    assert settings.host == "127.0.0.1"  # empty: unset
    assert HostSettings.from_env({"PORT": "9000", "MACHIAVELLI_PORT": "9100"}).port == 9100
    with pytest.raises(ValueError, match="MACHIAVELLI_PORT"):
        HostSettings.from_env({"MACHIAVELLI_PORT": "eighty"})
