"""Tables on the local network: a host announces its table over multicast DNS
(zeroconf, service type `_vikings._tcp.local.`), and Join lists what it hears.

The announcement names the table and says how to reach it and whether one can play
there (protocol and rules versions, free seats). It never carries the join code: a
listed table still needs the code its host shows. Multicast may be blocked (a guest
network, a firewall): then `announce` and `Browser` raise OSError and a guest types
the address instead.
"""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass
from typing import Any

from vikings.net.protocol import PROTOCOL_VERSION

SERVICE = "_vikings._tcp.local."


@dataclass(frozen=True)
class Table:
    name: str  # the host's name for the table
    address: str
    port: int
    protocol: int
    rules_version: int
    free: int  # remote seats nobody holds yet

    @property
    def compatible(self) -> bool:
        from vikings.engine.phases import RULES_VERSION

        return self.protocol == PROTOCOL_VERSION and self.rules_version == RULES_VERSION


def _zeroconf(interfaces: Any = None) -> Any:
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    try:
        return Zeroconf(interfaces=interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only)
    except (OSError, ValueError) as e:
        raise OSError(f"multicast DNS is not available: {e}") from e


class Announcement:
    """A table announced while the host waits for guests; `update(free)` as seats fill,
    `close()` when play starts or the host leaves."""

    def __init__(self, name: str, port: int, free: int, address: str | None = None, interfaces: Any = None):
        from zeroconf import ServiceInfo

        from vikings.engine.phases import RULES_VERSION

        self.zc = _zeroconf(interfaces)
        address = address or _own_address()
        label = "".join(c for c in name if c.isalnum() or c in " -_")[:40].strip() or "Vikings"
        props = {"protocol": str(PROTOCOL_VERSION), "rules": str(RULES_VERSION), "name": name[:60]}

        def info(free: int, service: str, server: str | None = None) -> Any:
            return ServiceInfo(
                SERVICE,
                service,
                addresses=[socket.inet_aton(address)],
                port=port,
                properties=dict(props, free=str(free)),
                server=server,
            )

        self._info = info
        self.info = info(free, f"{label} {port}.{SERVICE}")
        self.zc.register_service(self.info, allow_name_change=True)

    def update(self, free: int) -> None:
        self.info = self._info(free, self.info.name, self.info.server)
        self.zc.update_service(self.info)

    def close(self) -> None:
        try:
            self.zc.unregister_service(self.info)
        finally:
            self.zc.close()


class Browser:
    """Listens for announced tables until closed; `tables()` is what it has heard."""

    def __init__(self, interfaces: Any = None):
        from zeroconf import ServiceBrowser

        self.zc = _zeroconf(interfaces)
        self._lock = threading.Lock()
        self._tables: dict[str, Table] = {}
        self._browser = ServiceBrowser(self.zc, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._tables.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=1000)
        table = _table(info) if info is not None else None
        with self._lock:
            if table is None:
                self._tables.pop(name, None)
            else:
                self._tables[name] = table

    def tables(self) -> list[Table]:
        with self._lock:
            return sorted(self._tables.values(), key=lambda t: (t.name, t.address, t.port))

    def close(self) -> None:
        self._browser.cancel()
        self.zc.close()


def _table(info: Any) -> Table | None:
    """An announcement as a Table; None when it is not one of ours (fields missing or odd)."""
    props = {k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace") for k, v in info.properties.items()}
    addresses = info.parsed_addresses()
    try:
        return Table(
            name=props.get("name", "")[:60],
            address=addresses[0],
            port=int(info.port),
            protocol=int(props["protocol"]),
            rules_version=int(props["rules"]),
            free=int(props["free"]),
        )
    except (KeyError, ValueError, IndexError, TypeError):
        return None


def _own_address() -> str:
    """This computer's address on the local network (the one a route out would use)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # (TEST-NET: nothing is sent)
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"
