"""The web's own migrations (Alembic): ``env.py`` and one file a revision in ``versions/``,
recorded in the table ``alembic_version_web`` (the service's are its own, in
``alembic_version``)."""
