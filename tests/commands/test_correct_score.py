"""correct_score: a correction after the final is flagged and changes the results only
when accepted; a correction may fix a tied game's winner with its rack total."""

import pytest
from django.core.management.base import CommandError

from tests.commands.events import four_players, placings, play_final
from tests.helpers import import_scores, run, score_rows
from tournaments.models import Division

SLUG = "corrections-2026"
NAME = "Corrections"


@pytest.mark.django_db
def test_a_correction_after_the_final_is_flagged_and_applied_only_when_accepted(
    event_by_commands, tmp_path
):
    seats = event_by_commands(SLUG, four_players(), name=NAME)[1]
    play_final(tmp_path, SLUG, seats)
    before = placings(SLUG)
    assert before[seats[0]] == (1, "gold")
    # The silver player's racks were misread: 100 each, they drop to fourth.
    for game in (1, 2, 3):
        out = run(
            "correct_score",
            SLUG,
            "--division",
            "Open",
            "--round",
            1,
            "--table",
            1,
            "--game",
            game,
            "--entrant",
            seats[1],
            "--rack-total",
            100,
            "--reason",
            "misread",
        )
    assert "ATTENTION: This correction would change the placings or medals" in out
    assert placings(SLUG) == before  # recorded results stay
    assert "results updated" in run("accept_results", SLUG, "--division", "Open")
    after = placings(SLUG)
    assert after[seats[1]] == (4, None) and after[seats[2]] == (2, "silver")
    assert Division.objects.get(name="Open").medals_confirmed_at is None


@pytest.mark.django_db
def test_a_correction_can_also_fix_the_tied_winner(event_by_commands, tmp_path):
    seats = event_by_commands(SLUG, four_players(), name=NAME)[1]
    a, b, c, d = seats
    rows = score_rows("Open", 1, 1, 1, {a: 5, b: 5, c: 9, d: 12}, ended="exhausted", winner=a)
    import_scores(SLUG, tmp_path / "s.csv", rows)
    args = [
        "correct_score",
        SLUG,
        "--division",
        "Open",
        "--round",
        1,
        "--table",
        1,
        "--game",
        1,
        "--entrant",
        b,
        "--rack-total",
        3,
        "--reason",
        "recounted",
    ]
    with pytest.raises(CommandError, match="more than the lowest rack"):
        run(*args)
    run(*args, "--winner", b)
    from scoring.models import Game, ScoreChange

    game = Game.objects.get(table__round__number=1, table__number=1, number=1)
    assert (game.ended, game.winner.external_id) == ("exhausted", b)
    change = ScoreChange.objects.get(action="corrected")
    assert change.before == {"rack_total": 5, "ended": "exhausted", "winner": a}
    assert change.after == {"rack_total": 3, "ended": "exhausted", "winner": b}
