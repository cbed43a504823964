"""Dialogs shown over a scene: settings, load and save, the rules (with their pictures),
and the kit they share (`kit.Dialog`).

May import: vikings.ui.drawing, vikings.ui.table, the ui's own scene, flow and sound.
"""
