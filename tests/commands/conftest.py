import pytest

from tests.helpers import (  # noqa: F401  (fixtures)
    entrants_file,
    fresh_sqlite,
    migrated_template,
    run,
    tables_of,
)


@pytest.fixture
def event_by_commands(tmp_path, db):
    """Make an event the way an organizer does on the command line and return a builder:
    ``build(slug, players, ...)`` writes ``players`` (tuples in ENTRANT_HEADER order) to an
    entrants file, imports it with --create-event, runs each of ``before_checkin`` (a
    command's arguments), checks everyone in (unless ``checkin`` is false) and seats
    ``division``'s round 1 (unless ``seat`` is false). It returns round 1's tables (number
    → entrant ids in seat order; empty when nothing is seated)."""

    def build(
        slug,
        players,
        *,
        name=None,
        date="2026-05-01",
        division="Open",
        seed=None,
        before_checkin=(),
        checkin=True,
        seat=True,
    ) -> dict[int, list[str]]:
        path = entrants_file(tmp_path / f"{slug}-entrants.csv", players)
        named = ["--name", name] if name else []
        run("import_entrants", slug, path, "--create-event", *named, "--date", date)
        for command in before_checkin:
            run(*command)
        if checkin:
            run("checkin", slug)
        if not (checkin and seat):
            return {}
        run("seat", slug, "--division", division, *(["--seed", seed] if seed is not None else []))
        return tables_of(slug, division, 1)

    return build
