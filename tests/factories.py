"""factory_boy factories for the fast service and selector tests: small data, made directly.

Rows that only a service may create (rounds, seats, games) are made through the
services, so every test starts from a state the product can reach.
"""

import datetime

import factory
from django.contrib.auth import get_user_model

from tournaments import services
from tournaments.models import Division, Entrant, Event


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("tiles-and-racks-42")


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    name = factory.Sequence(lambda n: f"County Senior Games {n}")
    slug = factory.Sequence(lambda n: f"county-{n}")
    date = datetime.date(2026, 5, 14)


class DivisionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Division

    event = factory.SubFactory(EventFactory)
    name = "Open"


class EntrantFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Entrant

    division = factory.SubFactory(DivisionFactory)
    event = factory.SelfAttribute("division.event")
    external_id = factory.Sequence(lambda n: f"P{n:03d}")
    first_name = factory.Iterator(["Ann", "Bo", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal", "Ida"])
    last_name = factory.Sequence(lambda n: f"Player{n}")
    birth_date = datetime.date(1950, 1, 1)
    club = factory.Iterator(["Club 1", "Club 2", "Club 3"])
    status = Entrant.Status.CHECKED_IN


def seated_division(players: int = 8, *, seed: int = 7, **event_settings) -> Division:
    """A division of ``players`` checked-in entrants with round 1 seated (by the service)."""
    event = EventFactory(**event_settings)
    division = DivisionFactory(event=event)
    EntrantFactory.create_batch(players, division=division)
    services.division_seat_first_round(division=division, seed=seed)
    return division


def seated(table) -> list[Entrant]:
    """A table's entrants in seat order."""
    return [s.entrant for s in table.seats.select_related("entrant").order_by("number")]


def enter(table, number: int, values, **options):
    """Record game ``number`` as an organizer (confirmed): rack totals in seat order."""
    from scoring import services as scoring

    return scoring.game_record(
        table=table,
        number=number,
        racks=dict(zip(seated(table), values, strict=True)),
        organizer=True,
        **options,
    )
