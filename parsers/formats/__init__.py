"""Formats that are not a site's history: PHH, the JSON form, tournament summaries."""
