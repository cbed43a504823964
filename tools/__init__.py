"""Developer scripts, grouped by job (a package only so that they import each other by
full name: tools.pictures.director, ...). Not shipped."""
