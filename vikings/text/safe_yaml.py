"""Reading the YAML of `data/` (the game data, the lesson, the language catalogues), which a
translator or a modder may have edited: the text read as vikings/text/files.py reads any
file, then parsed by PyYAML's safe loader with a few bounds of its own, so that no edit
can hang the start or end it with a traceback.

- An alias (`*name`) may repeat a text or a number, never a list or a mapping: repeated
  collections are how a few lines expand into billions of entries ("billion laughs").
- At most MAX_DEPTH levels of nesting and MAX_NODES values in one file.
- A key appears once in a mapping (YAML would silently keep the last).
- A whole number has at most MAX_DIGITS digits.

Every problem is one `DataError` naming the file, the line (or "file") and what is wrong.
"""

from __future__ import annotations

import yaml

from vikings.text.files import BadFile, DataError, excerpt, read_text

FILE_LIMIT = 1_000_000  # bytes; the largest file shipped, a lesson catalogue, has 13 KB
MAX_DEPTH = 24  # the data nests 5 deep
MAX_NODES = 100_000  # values of all kinds; the largest file has about 1,500
MAX_DIGITS = 30


class YamlProblem(BadFile):
    """A problem at a line of the YAML (0: not known)."""

    def __init__(self, line: int, problem: str):
        self.line, self.problem = line, problem
        super().__init__(f"line {line}: {problem}" if line else problem)


# libyaml's parser where PyYAML has it (ten times faster than its own, which is the fallback).
_BASE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_OPEN = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_CLOSE = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
_NODE = (yaml.ScalarEvent, yaml.AliasEvent, *_OPEN)


def _check_events(text: str) -> None:
    """The bounds above, checked on the parser's events before anything is built."""
    depth = nodes = 0
    collections: dict[str, bool] = {}  # anchor -> whether it names a list or mapping
    for event in yaml.parse(text, Loader=_BASE):
        if isinstance(event, _NODE):
            nodes += 1
            if nodes > MAX_NODES:
                raise YamlProblem(_line(event), f"more than {MAX_NODES:,} values in one file")
        if isinstance(event, yaml.AliasEvent):
            if collections.get(event.anchor or ""):
                raise YamlProblem(
                    _line(event),
                    f"the alias *{excerpt(event.anchor)[1:-1]} repeats a list or mapping "
                    "(only a text or a number may be repeated)",
                )
        elif isinstance(event, _OPEN):
            depth += 1
            if depth > MAX_DEPTH:
                raise YamlProblem(_line(event), f"nested more than {MAX_DEPTH} levels deep")
            if event.anchor is not None:
                collections[event.anchor] = True
        elif isinstance(event, _CLOSE):
            depth -= 1
        elif isinstance(event, yaml.ScalarEvent) and event.anchor is not None:
            collections[event.anchor] = False


class _Loader(_BASE):  # type: ignore[valid-type, misc]
    def construct_mapping(self, node, deep=False):
        mapping = super().construct_mapping(node, deep=deep)
        if len(mapping) < len(node.value):
            seen = set()
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=deep)
                if key in seen:
                    raise YamlProblem(key_node.start_mark.line + 1, f"the key {excerpt(key)} appears twice")
                seen.add(key)
        return mapping

    def construct_yaml_int(self, node):
        digits = sum(c.isdigit() for c in str(node.value))
        if digits > MAX_DIGITS:
            raise YamlProblem(node.start_mark.line + 1, f"a number with more than {MAX_DIGITS} digits")
        return super().construct_yaml_int(node)


_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)


def _line(event) -> int:
    return event.start_mark.line + 1 if event.start_mark is not None else 0


def parse(text: str):
    """The value of a YAML document (None for an empty one); YamlProblem says what is wrong."""
    loader = None
    try:
        _check_events(text)
        loader = _Loader(text)
        return loader.get_single_data()
    except YamlProblem:
        raise
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
        problem = f"is not valid YAML ({getattr(e, 'problem', None) or e})"
        raise YamlProblem(mark.line + 1 if mark is not None else 0, problem) from None
    except (ValueError, TypeError, OverflowError, RecursionError) as e:  # a value YAML's constructors choke on
        raise YamlProblem(0, f"is not valid YAML ({type(e).__name__}: {e})") from None
    finally:
        if loader is not None:
            loader.dispose()


def load(path, name: str):
    """The YAML document in the file at `path`, read as any file nobody vouches for;
    DataError names the file as `name` ("rules.yaml", "lang/de/menus.yaml")."""
    return load_with_text(path, name)[0]


def load_with_text(path, name: str) -> tuple[object, str]:
    """(the document, the file's text), as `load` reads them."""
    try:
        text = read_text(path, FILE_LIMIT)
        return parse(text), text
    except YamlProblem as e:
        raise DataError(name, f"line {e.line}" if e.line else "file", e.problem) from None
    except BadFile as e:
        raise DataError(name, "file", str(e).removeprefix("the file ")) from None
