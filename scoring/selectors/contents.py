"""What an event holds, counted: what deleting it would remove."""

from dataclasses import dataclass

from tournaments.models import Division, Entrant, Event, Round, Table

from ..models import Game, Penalty, ScoreChange, TieBreakDecision


@dataclass(frozen=True)
class EventContents:
    divisions: int
    entrants: int
    rounds: int
    tables: int
    games: int
    penalties: int
    tie_decisions: int
    audit_lines: int
    documents: int


def event_contents(event: Event) -> EventContents:
    return EventContents(
        divisions=Division.objects.filter(event=event).count(),
        entrants=Entrant.objects.filter(event=event).count(),
        rounds=Round.objects.filter(division__event=event).count(),
        tables=Table.objects.filter(round__division__event=event).count(),
        games=Game.objects.filter(table__round__division__event=event).count(),
        penalties=Penalty.objects.filter(round__division__event=event).count(),
        tie_decisions=TieBreakDecision.objects.filter(division__event=event).count(),
        audit_lines=ScoreChange.objects.filter(division__event=event).count(),
        documents=event.documents.count(),
    )
