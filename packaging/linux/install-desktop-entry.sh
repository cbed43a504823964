#!/bin/sh
# Add Vikings to the desktop's application menu, for this user only (nothing needs root):
# the icon goes to ~/.local/share/icons, the menu entry to ~/.local/share/applications,
# pointing at the 'vikings' program in this folder. Move the folder? Run this again.
#   ./install-desktop-entry.sh             add (or update) the menu entry
#   ./install-desktop-entry.sh --uninstall remove it again (the game's folder stays)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
entry="$data/applications/vikings.desktop"
icon="$data/icons/hicolor/256x256/apps/vikings.png"

if [ "${1:-}" = "--uninstall" ]; then
    rm -f "$entry" "$icon"
    echo "Removed $entry and $icon"
else
    [ -x "$here/vikings" ] || { echo "no 'vikings' program beside this script ($here)" >&2; exit 1; }
    mkdir -p "$(dirname "$entry")" "$(dirname "$icon")"
    cp "$here/vikings.png" "$icon"
    # The entry in this folder starts 'vikings' from the PATH; the installed one names this
    # folder's program (quoted, as the Desktop Entry spec asks for paths with spaces).
    sed -e "s|^Exec=.*|Exec=\"$here/vikings\"|" -e "s|^TryExec=.*|TryExec=$here/vikings|" \
        "$here/vikings.desktop" > "$entry"
    echo "Added $entry (starts $here/vikings) and $icon"
fi
# Menus pick up the change at once where these caches exist; elsewhere at the next login.
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$data/applications" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
