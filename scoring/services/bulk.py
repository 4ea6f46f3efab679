"""Many new games of one round recorded at once: for simulated events and the demo, where
the scores are made up by the thousand. Each game is checked as ``game_record`` checks
it and gets the same rows, written in bulk instead of one save at a time."""

from collections.abc import Mapping, Sequence

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import engine
from tournaments import services as bracket
from tournaments.engine import RuleError
from tournaments.models import Entrant, Round, Seat, Table
from tournaments.selectors import event_game_options

from ..models import Game, RackScore, ScoreChange
from ._common import SeatedPlayer, actor, game_checked, games_in_round, where

BATCH = 500
OUT_OF_PLAY = (Entrant.Status.WITHDRAWN, Entrant.Status.DISQUALIFIED)


def round_games_record(
    *, round_: Round, games: Mapping[int, Sequence[engine.GameRecord]], user=None
) -> int:
    """Record new games of one round as an organizer (so confirmed): ``games`` maps a
    table's pk to its games, racks by entrant id. Every game is checked as
    ``game_record`` checks it and gets the same rows — the game, its rack totals and an
    "entered" line in the audit trail. All or nothing: a game that breaks a rule, or
    already has scores, refuses the whole lot, naming it. Returns the number of games."""
    with transaction.atomic():
        round_ = (
            Round.objects.select_for_update().select_related("division__event").get(pk=round_.pk)
        )
        if round_.status == Round.Status.CLOSED:
            raise RuleError(
                _(
                    "%(division)s, round %(round)s: the round is closed; change a score as a "
                    "correction."
                )
                % {"division": round_.division.name, "round": round_.number}
            )
        tables = {t.pk: t for t in Table.objects.filter(round=round_)}
        seated: dict[int, dict[str, SeatedPlayer]] = {pk: {} for pk in tables}
        entrant_ids: dict[str, int] = {}
        for table_id, pk, player, first, last, status in Seat.objects.filter(
            round=round_
        ).values_list(
            "table_id",
            "entrant_id",
            "entrant__external_id",
            "entrant__first_name",
            "entrant__last_name",
            "entrant__status",
        ):
            seated[table_id][player] = SeatedPlayer(f"{first} {last}", status in OUT_OF_PLAY)
            entrant_ids[player] = pk
        taken = set(Game.objects.filter(table__round=round_).values_list("table_id", "number"))
        entered_by = user if getattr(user, "pk", None) else None
        now = timezone.now()
        options = event_game_options(round_.division.event)
        new_games, racks, changes = [], [], []
        for table_id, records in games.items():
            table = tables.get(table_id)
            if table is None:
                raise RuleError(
                    _("Round %(round)s of %(division)s has no such table.")
                    % {"round": round_.number, "division": round_.division.name}
                )
            for record in records:
                if (table_id, record.number) in taken:
                    raise RuleError(
                        _("%(place)s: already has scores.")
                        % {"place": where(round_, table, record.number)}
                    )
                taken.add((table_id, record.number))
                place = where(round_, table, record.number)
                if not 1 <= record.number <= round_.games:
                    raise RuleError(games_in_round(round_, place))
                game_checked(
                    place=place,
                    racks=record.racks,
                    ended=record.ended,
                    winner=record.winner,
                    seated=seated[table_id],
                    options=options,
                )
                ended = record.ended or (
                    engine.OUT if 0 in record.racks.values() else engine.EXHAUSTED
                )
                game = Game(
                    table=table,
                    number=record.number,
                    ended=ended,
                    winner_id=entrant_ids[record.winner] if record.winner else None,
                    entered_by=entered_by,
                    confirmed_by=entered_by,
                    confirmed_at=now,
                )
                new_games.append(game)
                racks.append((game, record.racks))
                changes.append(
                    ScoreChange(
                        division=round_.division,
                        round_number=round_.number,
                        table_number=table.number,
                        game_number=record.number,
                        action=ScoreChange.Action.ENTERED,
                        before=None,
                        after={
                            "racks": dict(record.racks),
                            "ended": ended,
                            "winner": record.winner,
                        },
                        reason="",
                        at=now,
                        **actor(user),
                    )
                )
        Game.objects.bulk_create(new_games, batch_size=BATCH)
        RackScore.objects.bulk_create(
            (
                RackScore(
                    game=game,
                    entrant_id=entrant_ids[player],
                    rack_total=value,
                    entered_by=entered_by,
                )
                for game, values in racks
                for player, value in values.items()
            ),
            batch_size=BATCH,
        )
        ScoreChange.objects.bulk_create(changes, batch_size=BATCH)
        if new_games:
            bracket.round_mark_in_play(round_=round_)
        return len(new_games)
