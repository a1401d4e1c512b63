"""Parsers: hand-history bytes in, normalized events out (see `parsers.events`)."""
