"""``croupier profiles``: the shipped rule profiles and their key settings, from the profiles.

Nothing here is written per profile: every line comes from the loaded
profile objects through the game's :class:`~croupier.play.plugin.TablePlugin`,
so a new profile file shows up as soon as it is saved. A profile that does
not load is listed with its error rather than hiding the others.

>>> from io import StringIO
>>> from rich.console import Console
>>> screen = StringIO()
>>> Console(file=screen, width=200).print(catalog(200))
>>> all(pid in screen.getvalue() for pid in profile_ids())
True
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from croupier.games.common.settings import Settings
from croupier.games.registry import RuleProfile
from croupier.play.plugin import plugin_for
from croupier.profiles import ProfileError, load, profile_ids

# A profile that does not load: a bad file, or a game whose code is not there (yet).
# Listing it with its error keeps one broken file from hiding every other profile.
UNLOADABLE = (ProfileError, ImportError, AttributeError)


def _loaded() -> tuple[dict[str, list[RuleProfile]], list[tuple[str, str]]]:
    by_game: dict[str, list[RuleProfile]] = defaultdict(list)
    broken: list[tuple[str, str]] = []
    for pid in profile_ids():
        try:
            profile = load(pid)
        except UNLOADABLE as error:
            broken.append((pid, str(error) or type(error).__name__))
            continue
        by_game[profile.game].append(profile)
    return by_game, broken


# Below this width a row per profile is unreadable: each profile gets a small
# table of its own, settings down the side.
WIDE = 150


def catalog(width: int = WIDE) -> RenderableType:
    """One table per game: id, name, source and the game's key settings (a row per
    profile on a wide terminal, a block per profile on a narrow one)."""
    by_game, broken = _loaded()
    parts: list[RenderableType] = []
    for game, profiles in sorted(by_game.items()):
        try:
            plugin = plugin_for(game)
        except LookupError:
            summaries: list[dict[str, str]] = [{} for _ in profiles]
        else:
            summaries = [plugin.summary(p) for p in profiles]
        rows = [
            {"id": p.id, "name": p.name, "source": p.source, **summary}
            for p, summary in zip(profiles, summaries, strict=True)
        ]
        columns = list(dict.fromkeys(k for row in rows for k in row))
        if width >= WIDE:
            table = Table(title=f"{game} profiles", show_lines=True, title_justify="left")
            for column in columns:
                # An id is what one types after `croupier profiles`: never broken over lines.
                table.add_column(column, overflow="fold", no_wrap=column == "id")
            for row in rows:
                table.add_row(*(row.get(c, "") for c in columns))
            parts.append(table)
            continue
        parts.append(Text(f"{game} profiles", style="bold"))
        for row in rows:
            block = Table(title=row["id"], title_justify="left", show_header=False)
            block.add_column("setting", style="bold")
            block.add_column("value")
            for column in columns[1:]:
                block.add_row(column, row.get(column, ""))
            parts.append(block)
    for pid, error in broken:
        parts.append(Text(f"{pid}: cannot be loaded: {error}", style="red"))
    parts.append(Text("Pay tables and every setting: croupier profiles ID", style="dim"))
    return Group(*parts)


def profile_details(profile_id: str) -> RenderableType:
    """Every setting of one profile and its pay tables (ProfileError: no such profile)."""
    profile = load(profile_id)
    try:
        plugin = plugin_for(profile.game)
    except LookupError:
        return Text(f"{profile.id}: {profile.name} ({profile.game}, {profile.source})")
    return Group(*plugin.details(profile))


def schema(target: str | None = None) -> dict[str, Any]:
    """The JSON Schema of a profile file: for a profile id's game, for a game,
    or (no target) ``{game: schema}`` for every game a shipped profile is of.

    >>> schema("six-card")["properties"]["game"]["const"]
    'stud'
    >>> sorted(schema())[:3]
    ['baccarat', 'blackjack', 'holdem']
    """
    by_game, _ = _loaded()
    models = {game: _model(profiles[0]) for game, profiles in sorted(by_game.items())}
    if target is None:
        return {game: model.model_json_schema() for game, model in models.items()}
    if target in profile_ids():
        models[target] = _model(load(target))
    if target in models:
        return models[target].model_json_schema()
    known = ", ".join(models)
    raise ProfileError(f"no profile or game {target!r} (games: {known})")


def _model(profile: RuleProfile) -> type[Settings]:
    """The validated model a profile was read into (every shipped game's is one)."""
    model = type(profile)
    if not issubclass(model, Settings):
        raise ProfileError(f"{profile.id}: its game {profile.game!r} publishes no schema")
    return model
