"""The line machinery, the formats and the build shared by every reader."""
