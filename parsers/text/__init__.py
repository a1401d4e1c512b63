"""Bytes to text: history files decoded, cut into hands, their clocks read."""
