"""One migration of the web's tables a file, oldest first: ``wNNNN_what.py``."""
