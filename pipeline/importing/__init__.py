"""Importing: read hands stored once, in transactions, nothing lost or doubled."""
