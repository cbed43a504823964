"""Screenshots of every screen, the art sheet and the check for untranslated drawn text."""
