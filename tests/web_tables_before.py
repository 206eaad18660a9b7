"""The web's tables as the web made them before it had migrations (``create_all`` of
``web/tables.py`` at that time), for SQLite and PostgreSQL: the DDL SQLAlchemy emitted,
kept here as it was so that the upgrade from such a database stays tested whatever the
models become."""

from __future__ import annotations

SQLITE = """
CREATE TABLE web_api_keys (
    id INTEGER NOT NULL, user_id INTEGER NOT NULL, label VARCHAR(64) NOT NULL,
    prefix VARCHAR(16) NOT NULL, key_hash VARCHAR(64) NOT NULL,
    created_at DATETIME NOT NULL, used_at DATETIME, revoked BOOLEAN NOT NULL,
    PRIMARY KEY (id), UNIQUE (key_hash));
CREATE INDEX ix_web_api_keys_user_id ON web_api_keys (user_id);
CREATE TABLE web_attempts (
    id INTEGER NOT NULL, kind VARCHAR(16) NOT NULL, "key" VARCHAR(128) NOT NULL,
    at DATETIME NOT NULL, PRIMARY KEY (id));
CREATE INDEX ix_web_attempts_key ON web_attempts ("key");
CREATE TABLE web_login_links (
    id INTEGER NOT NULL, token_hash VARCHAR(64) NOT NULL, user_id INTEGER NOT NULL,
    created_at DATETIME NOT NULL, expires_at DATETIME NOT NULL, used_at DATETIME,
    PRIMARY KEY (id), UNIQUE (token_hash));
CREATE INDEX ix_web_login_links_user_id ON web_login_links (user_id);
CREATE TABLE web_outbox (
    id INTEGER NOT NULL, "to" VARCHAR(256) NOT NULL, subject VARCHAR(256) NOT NULL,
    body TEXT NOT NULL, created_at DATETIME NOT NULL, sent_at DATETIME,
    PRIMARY KEY (id));
CREATE TABLE web_sessions (
    id INTEGER NOT NULL, token_hash VARCHAR(64) NOT NULL, user_id INTEGER,
    csrf VARCHAR(64) NOT NULL, created_at DATETIME NOT NULL, seen_at DATETIME NOT NULL,
    expires_at DATETIME NOT NULL, PRIMARY KEY (id), UNIQUE (token_hash));
CREATE INDEX ix_web_sessions_user_id ON web_sessions (user_id);
"""

POSTGRESQL = """
CREATE TABLE web_api_keys (
    id SERIAL NOT NULL, user_id INTEGER NOT NULL, label VARCHAR(64) NOT NULL,
    prefix VARCHAR(16) NOT NULL, key_hash VARCHAR(64) NOT NULL,
    created_at TIMESTAMP WITHOUT TIME ZONE NOT NULL, used_at TIMESTAMP WITHOUT TIME ZONE,
    revoked BOOLEAN NOT NULL, PRIMARY KEY (id), UNIQUE (key_hash));
CREATE INDEX ix_web_api_keys_user_id ON web_api_keys (user_id);
CREATE TABLE web_attempts (
    id SERIAL NOT NULL, kind VARCHAR(16) NOT NULL, key VARCHAR(128) NOT NULL,
    at TIMESTAMP WITHOUT TIME ZONE NOT NULL, PRIMARY KEY (id));
CREATE INDEX ix_web_attempts_key ON web_attempts (key);
CREATE TABLE web_login_links (
    id SERIAL NOT NULL, token_hash VARCHAR(64) NOT NULL, user_id INTEGER NOT NULL,
    created_at TIMESTAMP WITHOUT TIME ZONE NOT NULL,
    expires_at TIMESTAMP WITHOUT TIME ZONE NOT NULL, used_at TIMESTAMP WITHOUT TIME ZONE,
    PRIMARY KEY (id), UNIQUE (token_hash));
CREATE INDEX ix_web_login_links_user_id ON web_login_links (user_id);
CREATE TABLE web_outbox (
    id SERIAL NOT NULL, "to" VARCHAR(256) NOT NULL, subject VARCHAR(256) NOT NULL,
    body TEXT NOT NULL, created_at TIMESTAMP WITHOUT TIME ZONE NOT NULL,
    sent_at TIMESTAMP WITHOUT TIME ZONE, PRIMARY KEY (id));
CREATE TABLE web_sessions (
    id SERIAL NOT NULL, token_hash VARCHAR(64) NOT NULL, user_id INTEGER,
    csrf VARCHAR(64) NOT NULL, created_at TIMESTAMP WITHOUT TIME ZONE NOT NULL,
    seen_at TIMESTAMP WITHOUT TIME ZONE NOT NULL,
    expires_at TIMESTAMP WITHOUT TIME ZONE NOT NULL, PRIMARY KEY (id), UNIQUE (token_hash));
CREATE INDEX ix_web_sessions_user_id ON web_sessions (user_id);
"""


def statements(dialect: str) -> list[str]:
    text = SQLITE if dialect == "sqlite" else POSTGRESQL
    return [s.strip() for s in text.split(";") if s.strip()]
