"""Helpers the tests share: corpora, one-hand readers, the browser server."""
