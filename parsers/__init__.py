"""Parsers: hand-history bytes in, normalized events out (see `parsers.model.events`)."""

from parsers.build.compiled import install_guard

install_guard()  # before any compiled module is imported
