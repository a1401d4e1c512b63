"""Game engine: rules, replay and showdown evaluation shared by every game."""
