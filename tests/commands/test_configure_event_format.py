"""configure_event's format options: a preset first, then the other options; bad values
refused in the engine's words; what counts in a played game fixed once a round is seated."""

import pytest
from django.core.management.base import CommandError

from tests.helpers import entrants_file, import_scores, run, score_rows, tables_of
from tournaments.engine import PRESETS, format_from_settings
from tournaments.models import Event
from tournaments.selectors import event_format, event_rules

SLUG = "formats-2026"


def _event(tmp_path, players=4):
    rows = [
        (f"F{i}", f"First{i}", f"Last{i}", "1950-01-01", "F", "", "Open")
        for i in range(1, players + 1)
    ]
    entrants_file(tmp_path / "e.csv", rows)
    run(
        "import_entrants",
        SLUG,
        tmp_path / "e.csv",
        "--create-event",
        "--name",
        "Formats",
        "--date",
        "2026-05-01",
    )
    return Event.objects.get(slug=SLUG)


@pytest.mark.django_db
def test_a_new_event_plays_the_gwinnett_preset(tmp_path):
    event = _event(tmp_path)
    assert event_format(event) == PRESETS["gwinnett"]
    assert event_rules(event).joker_value == 30


@pytest.mark.django_db
def test_the_preset_fills_every_setting_then_the_options_apply(tmp_path):
    _event(tmp_path)
    out = run("configure_event", SLUG, "--preset", "nvso")
    event = Event.objects.get(slug=SLUG)
    assert event_format(event) == PRESETS["nvso"]
    assert "Format: nvso" in out
    assert (event.scoring, event.turn_seconds, event.hands_per_game, event.game_minutes) == (
        "sabra",
        60,
        3,
        60,
    )
    assert event.divisions_by_size == "16:50,75;32:50,65,80"

    run("configure_event", SLUG, "--preset", "sabra", "--joker", "50", "--never-opened", "100")
    event = Event.objects.get(slug=SLUG)
    expected = dict(PRESETS["sabra"].settings(), joker_value=50, never_opened=100)
    assert event_format(event) == format_from_settings(expected)
    # the NVSO's settings the Sabra way does not have are gone
    assert (event.hands_per_game, event.game_minutes, event.divisions_by_size) == (1, None, "")
    assert event_rules(event).never_opened == 100

    out = run("configure_event", SLUG, "--preset", "gwinnett", "--turn-seconds", "0")
    event = Event.objects.get(slug=SLUG)
    assert event.turn_seconds is None and event.never_opened is None
    assert event.scoring == "low" and "no preset" in out


@pytest.mark.django_db
def test_each_format_option_on_its_own(tmp_path):
    _event(tmp_path)
    run(
        "configure_event",
        SLUG,
        "--hands-per-game",
        "3",
        "--game-minutes",
        "60",
        "--divisions-by-size",
        " 16:50,75 ; 32:50,65,80 ",
        "--turn-seconds",
        "60",
    )
    event = Event.objects.get(slug=SLUG)
    assert (event.hands_per_game, event.game_minutes, event.turn_seconds) == (3, 60, 60)
    assert event.divisions_by_size == "16:50,75;32:50,65,80"
    assert event.scoring == "low"  # untouched without a preset
    run("configure_event", SLUG, "--divisions-by-size", "", "--game-minutes", "0")
    event = Event.objects.get(slug=SLUG)
    assert (event.divisions_by_size, event.game_minutes) == ("", None)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("option", "value", "words"),
    [
        ("--preset", "golden", "'golden' is not a preset (gwinnett, nvso, sabra)"),
        ("--joker", "40", "A joker left on a rack counts 25, 30 or 50 points, not 40."),
        ("--never-opened", "900", "fixed total from 1 to 788 points"),
        ("--turn-seconds", "90", "A turn lasts 60 or 120 seconds, or 0 for no limit; not 90."),
        ("--hands-per-game", "11", "A game is 1 to 10 hands at least, not 11."),
        ("--game-minutes", "601", "A game's time limit is 1 to 600 minutes"),
        ("--divisions-by-size", "16:75,50", "'16:75,50' has ages out of order or repeated"),
        ("--initial-meld", "35", "The initial meld is 30, 40 or 50 points, not 35."),
    ],
)
def test_bad_values_are_refused_in_the_engines_words(tmp_path, option, value, words):
    _event(tmp_path)
    before = Event.objects.values().get(slug=SLUG)
    with pytest.raises(CommandError, match=words.replace("(", r"\(").replace(")", r"\)")):
        run("configure_event", SLUG, option, value)
    assert Event.objects.values().get(slug=SLUG) == before


@pytest.mark.django_db
def test_never_opened_is_checked_against_the_joker_given_with_it(tmp_path):
    _event(tmp_path)
    run("configure_event", SLUG, "--joker", "50", "--never-opened", "820")
    assert Event.objects.get(slug=SLUG).never_opened == 820
    with pytest.raises(CommandError, match="from 1 to 778 points"):
        run("configure_event", SLUG, "--joker", "25")


@pytest.mark.django_db
def test_what_counts_in_a_played_game_is_fixed_once_seated(tmp_path):
    _event(tmp_path)
    run("checkin", SLUG)
    run("seat", SLUG, "--division", "Open")
    for option, value, words in (
        ("--joker", "50", "joker's value cannot change once a round is seated"),
        ("--never-opened", "100", "never opened cannot change once a round is seated"),
        ("--hands-per-game", "3", "hands per game cannot change once a round is seated"),
        ("--divisions-by-size", "16:50,75", "divisions by field size cannot change"),
        ("--preset", "sabra", "scoring system cannot change once a round is seated"),
    ):
        with pytest.raises(CommandError, match=words):
            run("configure_event", SLUG, option, value)
    # what is only printed may still change, and the same value is no change
    run("configure_event", SLUG, "--turn-seconds", "60", "--initial-meld", "40", "--joker", "30")
    event = Event.objects.get(slug=SLUG)
    assert (event.turn_seconds, event.initial_meld, event.joker_value) == (60, 40, 30)


@pytest.mark.django_db
@pytest.mark.parametrize(("joker", "taken"), [(50, True), (30, False)])
def test_import_scores_and_correct_score_read_racks_by_the_events_joker(tmp_path, joker, taken):
    _event(tmp_path)
    run("configure_event", SLUG, "--joker", str(joker))
    run("checkin", SLUG)
    run("seat", SLUG, "--division", "Open")
    players = tables_of(SLUG, "Open", 1)[1]
    racks = dict(zip(players, [0, 800, 9, 12], strict=True))
    if not taken:
        with pytest.raises(CommandError, match="largest possible rack total is 788"):
            import_scores(SLUG, tmp_path / "s.csv", score_rows("Open", 1, 1, 1, racks))
        return
    import_scores(SLUG, tmp_path / "s.csv", score_rows("Open", 1, 1, 1, racks))
    out = run(
        "correct_score",
        SLUG,
        "--division",
        "Open",
        "--round",
        "1",
        "--table",
        "1",
        "--game",
        "1",
        "--entrant",
        players[1],
        "--rack-total",
        "805",
        "--reason",
        "recount",
    )
    assert "800 → 805" in out
    with pytest.raises(CommandError, match="largest possible rack total is 828"):
        run(
            "correct_score",
            SLUG,
            "--division",
            "Open",
            "--round",
            "1",
            "--table",
            "1",
            "--game",
            "1",
            "--entrant",
            players[1],
            "--rack-total",
            "830",
            "--reason",
            "x",
        )
