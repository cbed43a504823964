"""The game's screens: menus (title, setup, panels) and the table scenes."""
