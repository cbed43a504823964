"""The puzzle maker (issue 56)."""
