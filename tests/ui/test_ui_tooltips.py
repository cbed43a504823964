"""Tooltip texts state the rules with the numbers of the data the engine plays by."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

from vikings.content.data import default_rules
from vikings.ui.drawing.tooltips import viking_text


def _kind(rules, name):
    return [v.id for v in rules.vikings].index(name)


def test_the_fisherman_tip_gives_the_feeding_figures():
    rules = default_rules()
    text = viking_text(rules, _kind(rules, "fisherman"))
    assert "feeds 5 Vikings" in text
    assert "hungry costs 1 Fame" in text
    assert "to spare earns 2 Fame" in text  # a surplus is worth Fame in the standard game


def test_tooltips_follow_the_rules_data():
    rules = default_rules()
    scoring = dataclasses.replace(rules.scoring, overfeed_fame=3, fisherman_feeds=4)
    changed = SimpleNamespace(vikings=rules.vikings, scoring=scoring)
    text = viking_text(changed, _kind(rules, "fisherman"))
    assert "feeds 4 Vikings" in text and "to spare earns 3 Fame" in text
