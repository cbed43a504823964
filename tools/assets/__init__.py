"""The makers of the committed art, icons and sounds."""
