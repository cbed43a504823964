"""Copy the game-icons symbols the art uses into assets/icons/game-icons.json.

    python tools/assets/fetch_icons.py

Takes them from the npm registry's @iconify-json/game-icons package (CC BY 3.0, credited
in assets/CREDITS.md), so tools/assets/make_art.py can run without network access afterwards.
"""

from __future__ import annotations

import json
import subprocess
import tarfile
import tempfile
from pathlib import Path

PACKAGE = "@iconify-json/game-icons@1.2.4"
USED = sorted(
    {
        "fishing-pole",
        "anvil",
        "spyglass",
        "crown",
        "crossed-axes",
        "anchor",  # Vikings
        "barn",
        "viking-church",
        "huts-village",
        "dolmen",  # buildings
        "drakkar",
        "drakkar-dragon",
        "flying-flag",
        "two-coins",
        "laurel-crown",  # board pieces
        "swap-bag",
        "coins-pile",
        "sailboat",
        "fish-cooked",
        "crown-coin",  # special tiles
    }
)
OUT = Path(__file__).resolve().parents[2] / "assets" / "icons" / "game-icons.json"


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["npm", "pack", PACKAGE, "--silent"], cwd=tmp, check=True, stdout=subprocess.DEVNULL)
        archive = next(Path(tmp).glob("*.tgz"))
        with tarfile.open(archive) as tar:
            data = json.load(tar.extractfile("package/icons.json"))
            info = json.load(tar.extractfile("package/info.json"))
    icons = {name: {"body": data["icons"][name]["body"]} for name in USED}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(
        json.dumps(
            {
                "source": PACKAGE,
                "license": info["license"],
                "author": info["author"],
                "width": data.get("width", 512),
                "height": data.get("height", 512),
                "icons": icons,
            },
            indent=1,
        )
        + "\n"
    )
    print(f"wrote {len(icons)} icons to {OUT}")


if __name__ == "__main__":
    main()
