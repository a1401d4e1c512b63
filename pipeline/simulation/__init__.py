"""Simulation: generate hands and write them out as site history text."""
