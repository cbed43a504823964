"""The import rule of docs/architecture.md, checked on every module of the package: each
package imports only the layers below it, the engine and the bots import no pygame, and
no package but the screens' draws on pygame."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "vikings"

# What each part may import of vikings (besides itself). A module at the top of vikings/
# is its own part (paths, logs, the package's own __init__).
# Everything below the screens, and the modules at the top of ui/ (scene, flow, ...).
BELOW_UI = {"engine", "bots", "text", "content", "advice", "processes", "saves", "history", "net", "paths", "ui"}
ALLOWED = {
    "engine": set(),
    "bots": {"engine"},
    "paths": set(),
    "logs": {"vikings"},
    "text": {"engine", "paths"},
    "content": {"engine", "text", "paths"},
    "advice": {"engine", "bots", "text", "content", "paths"},
    "processes": {"engine", "bots", "advice"},
    "saves": {"engine", "bots", "text", "paths"},
    "history": {"engine", "bots", "text", "saves"},
    "net": {"engine", "bots"},
    "ui.drawing": {"engine", "text", "content", "saves", "paths", "ui"},
    "ui.table": BELOW_UI | {"ui.drawing"},
    "ui.dialogs": BELOW_UI | {"ui.drawing", "ui.table"},
    "ui.lesson": BELOW_UI | {"ui.drawing", "ui.table", "ui.dialogs"},
    "ui.scenes": BELOW_UI | {"vikings", "logs", "ui.drawing", "ui.table", "ui.dialogs", "ui.lesson"},
}

# The modules at the top of ui/ (app, scene, flow, screens, sound, memory) tie it together.
TOP_UI = {
    "vikings",
    "engine",
    "bots",
    "text",
    "content",
    "advice",
    "processes",
    "saves",
    "history",
    "net",
    "paths",
    "logs",
    "ui.drawing",
    "ui.table",
    "ui.dialogs",
    "ui.lesson",
    "ui.scenes",
}
NO_PYGAME = {"engine", "bots", "text", "content", "advice", "processes", "saves", "history", "net", "paths", "logs"}


def part(module: str) -> str:
    p = module.split(".")[1:]
    if not p:
        return "vikings"
    if p[0] == "ui":
        return "ui." + p[1] if len(p) > 2 else "ui"
    return p[0]


def modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        name = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
        yield name, path


def imports(path: Path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            yield node.module
            yield from (f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            yield from (a.name for a in node.names)


def _exists(module: str) -> bool:
    base = PACKAGE.parent.joinpath(*module.split("."))
    return base.with_suffix(".py").exists() or (base / "__init__.py").exists()


@pytest.mark.parametrize("name,path", list(modules()), ids=lambda v: str(v) if isinstance(v, str) else "")
def test_a_module_imports_only_the_layers_below_it(name, path):
    mine = part(name)
    allowed = TOP_UI if mine == "ui" else ALLOWED.get(mine)
    if mine in ("vikings", "__main__", "commands"):
        return  # the package's door and its commands may use anything
    assert allowed is not None, f"{name}: a new part of the package; say its layer in docs/architecture.md"
    for target in imports(path):
        if target.split(".")[0] == "pygame" or target.split(".")[0] == "pygame_gui":
            assert mine not in NO_PYGAME, f"{name} imports {target}: only the screens draw"
        if not target.startswith("vikings") or not _exists(target):
            continue
        theirs = part(target)
        assert theirs == mine or theirs in allowed, f"{name} imports {target} ({theirs}), not allowed in {mine}"


def test_the_rule_catches_an_upward_import(tmp_path):
    """The check itself: an engine module that imports the screens breaks the rule."""
    assert part("vikings.ui.drawing.theme") not in ALLOWED["engine"]
    assert part("vikings.text.lang") not in ALLOWED["bots"]
    assert part("vikings.ui.scenes.review") not in ALLOWED["ui.dialogs"]
    assert part("vikings.ui.table.match") not in ALLOWED["history"]
