"""Parsers: hand-history bytes in, normalized events out (see `parsers.events`)."""

from parsers.compiled import install_guard

install_guard()  # before any compiled module is imported
