"""One migration a file, oldest first: ``vNNNN_what.py``."""
