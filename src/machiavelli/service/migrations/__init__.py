"""The database's migrations (Alembic): ``env.py`` and one file a revision in ``versions/``."""
