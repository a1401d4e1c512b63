"""Following the history folders while the player plays."""
