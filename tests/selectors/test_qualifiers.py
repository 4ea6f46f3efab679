"""Qualifiers for the next level: per actual age group and gender, in
finishing order, out-of-state finishers skipped; unfinished divisions left out and named."""

import datetime
import io
import json
import random

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client

from printing.renderers import render_qualifiers
from printing.selectors import qualifiers_data
from scoring.selectors import division_state, event_qualifiers
from scoring.simulation import SimulationReport, finish_division
from tests.factories import DivisionFactory, EntrantFactory, EventFactory, UserFactory
from tests.helpers import run
from tournaments import services
from tournaments.engine import RuleError

from ..printing import pdfcheck

pytestmark = pytest.mark.django_db

BORN_72 = datetime.date(1954, 3, 1)  # 72 on 31 December 2026
BORN_67 = datetime.date(1959, 3, 1)  # 67


def play(division, seed=5):
    services.division_seat_first_round(division=division, seed=seed)
    division.refresh_from_db()
    finish_division(division, random.Random(seed), SimulationReport(division.event, 10))
    division.refresh_from_db()


def in_order(division, ids):
    """The ids in the bracket's finishing order."""
    state = division_state(division)
    return sorted(ids, key=lambda i: state.placings.of(i).place)


def test_the_first_places_in_state_qualify_in_finishing_order():
    event = EventFactory(home_state="GA", qualify=3)
    division = DivisionFactory(event=event, name="70-74", min_age=70, max_age=74)
    states = ["GA", "FL", "Georgia", "", "ga", "AL", "GA", "GA", "TN"]
    people = [
        EntrantFactory(division=division, gender="F", birth_date=BORN_72, state=s) for s in states
    ]
    play(division)
    state = division_state(division)
    ordered = in_order(division, [p.external_id for p in people])
    by_id = {p.external_id: p for p in people}
    in_state = [i for i in ordered if by_id[i].state.casefold() in ("ga", "georgia", "")]
    report = event_qualifiers(event)
    (group,) = report.groups
    assert (group.age_group, group.gender, group.label) == ("70-74", "F", "Women 70-74")
    assert [q.entrant_id for q in group.qualifiers] == in_state[:3]
    assert [q.rank for q in group.qualifiers] == [1, 2, 3]
    for q in group.qualifiers:
        assert q.place == state.placings.of(q.entrant_id).place
        assert q.state_unknown == (by_id[q.entrant_id].state == "")
    last = group.qualifiers[-1].place
    assert {s.entrant_id for s in group.skipped} == {
        i
        for i in ordered
        if by_id[i].state in ("FL", "AL", "TN") and state.placings.of(i).place < last
    }
    assert report.unfinished == ()


def test_without_a_home_state_everyone_counts():
    event = EventFactory(qualify=4)
    division = DivisionFactory(event=event, name="70-74", min_age=70, max_age=74)
    people = [
        EntrantFactory(division=division, gender="M", birth_date=BORN_72, state=s)
        for s in ["FL", "FL", "GA", "AL", "", "TX"]
    ]
    play(division)
    (group,) = event_qualifiers(event).groups
    assert [q.entrant_id for q in group.qualifiers] == in_order(
        division, [p.external_id for p in people]
    )[:4]
    assert not any(q.state_unknown for q in group.qualifiers) and group.skipped == ()


def test_actual_age_group_and_gender_inside_a_combined_division_and_unfinished_named():
    event = EventFactory(home_state="GA", medal_policy="age-group")
    young = DivisionFactory(event=event, name="65-69", min_age=65, max_age=69)
    old = DivisionFactory(event=event, name="70-74", min_age=70, max_age=74)
    women67 = EntrantFactory.create_batch(
        3, division=young, gender="F", birth_date=BORN_67, state="GA"
    )
    men67 = EntrantFactory.create_batch(
        2, division=young, gender="M", birth_date=BORN_67, state="GA"
    )
    women72 = EntrantFactory.create_batch(
        3, division=old, gender="F", birth_date=BORN_72, state="GA"
    )
    # registered in a division named in the file, but 72: the 70-74 group all the same
    named = DivisionFactory(event=event, name="Open")
    EntrantFactory(division=named, gender="F", birth_date=BORN_72, state="GA")
    waiting = DivisionFactory(event=event, name="80-84", min_age=80, max_age=84)
    EntrantFactory.create_batch(2, division=waiting, birth_date=datetime.date(1944, 1, 1))
    bracket = services.divisions_combine(event=event, into="65-69", names=["70-74"])
    play(bracket)
    report = event_qualifiers(event)
    labels = [g.label for g in report.groups]
    assert labels == ["Women 65-69", "Men 65-69", "Women 70-74"]
    groups = {g.label: g for g in report.groups}
    assert {q.entrant_id for q in groups["Women 65-69"].qualifiers} == {
        e.external_id for e in women67
    }
    assert {q.entrant_id for q in groups["Men 65-69"].qualifiers} == {e.external_id for e in men67}
    assert {q.entrant_id for q in groups["Women 70-74"].qualifiers} == {
        e.external_id for e in women72
    }
    assert groups["Women 70-74"].divisions == ("65-69 and 70-74 combined",)
    assert set(report.unfinished) == {"Open", "80-84"}  # named, and left out


def test_withdrawn_players_do_not_qualify():
    event = EventFactory(qualify=10)
    division = DivisionFactory(event=event, name="70-74", min_age=70, max_age=74)
    people = EntrantFactory.create_batch(8, division=division, gender="F", birth_date=BORN_72)
    services.division_seat_first_round(division=division, seed=4)
    services.entrants_withdraw(event=event, ids=[people[0].external_id], reason="unwell")
    division.refresh_from_db()
    finish_division(division, random.Random(4), SimulationReport(event, 8))
    (group,) = event_qualifiers(event).groups
    assert people[0].external_id not in {q.entrant_id for q in group.qualifiers}
    assert len(group.qualifiers) == 7


def qualifier_event():
    event = EventFactory(slug="quals", home_state="GA", qualify=2)
    division = DivisionFactory(event=event, name="70-74", min_age=70, max_age=74)
    names = [("Zoë", "Núñez"), ("Linda", "Ångström"), ("Bob", "Out"), ("Ann", "Nostate")]
    states = ["GA", "GA", "Saskatchewan", ""]
    for (first, last), st in zip(names, states, strict=True):
        EntrantFactory(
            division=division, first_name=first, last_name=last, gender="F",
            birth_date=BORN_72, state=st,
        )  # fmt: skip
    play(division)
    waiting = DivisionFactory(event=event, name="80-84", min_age=80, max_age=84)
    EntrantFactory(division=waiting, birth_date=datetime.date(1944, 1, 1))
    return event, division


def test_export_qualifiers_csv_by_default_and_json():
    event, division = qualifier_event()
    out, err = io.StringIO(), io.StringIO()
    call_command("export_qualifiers", "quals", stdout=out, stderr=err)
    lines = out.getvalue().splitlines()
    assert lines[0] == "age_group,gender,qualifier,place,entrant_id,name,state,division,note"
    expected = [q.entrant_id for q in event_qualifiers(event).groups[0].qualifiers]
    assert [line.split(",")[4] for line in lines[1:]] == expected and len(expected) == 2
    assert "Not finished, so not in the list: 80-84." in err.getvalue()
    data = json.loads(run("export_qualifiers", "quals", "--format", "json"))
    assert data["qualify"] == 2 and data["home_state"] == "GA"
    assert data["unfinished_divisions"] == ["80-84"]
    (group,) = data["groups"]
    assert group["age_group"] == "70-74" and group["gender"] == "F"
    assert [q["entrant_id"] for q in group["qualifiers"]] == expected
    with pytest.raises(CommandError, match="invalid choice"):
        run("export_qualifiers", "quals", "--format", "xml")


def test_the_printed_list_for_the_organizer(tmp_path):
    event, division = qualifier_event()
    data = qualifiers_data(event)
    text = pdfcheck.collapse(pdfcheck.text(render_qualifiers(data)))
    assert "Qualifiers for the next level" in text and "Women 70-74" in text
    for q in data.groups[0].qualifiers:
        assert pdfcheck.collapse(q.name) in text
    assert "Home state GA" in text
    assert "Not finished yet, so not in this list: 80-84." in text
    out = tmp_path / "q.pdf"
    run("print_documents", "quals", "--kind", "qualifiers", "--out", out)
    assert "Women 70-74" in pdfcheck.text(out.read_bytes())


def test_no_division_finished_no_list_to_print():
    event = EventFactory()
    EntrantFactory(division=DivisionFactory(event=event, name="70-74"))
    with pytest.raises(RuleError, match="No division has finished yet"):
        qualifiers_data(event)


def test_the_state_stays_private_on_public_pages():
    event, division = qualifier_event()
    services.medals_confirm(division=division)
    client = Client()
    for url in (f"/p/{event.slug}/results/", f"/p/{event.slug}/", f"/p/{event.slug}/find/?q=Out"):
        page = client.get(url).content.decode()
        assert "Saskatchewan" not in page, url
    organizer = UserFactory()
    event.organizers.add(organizer)
    client.force_login(organizer)
    page = client.get(f"/e/{event.slug}/print/").content.decode()
    assert 'value="qualifiers"' in page


def test_a_division_whose_every_entrant_stayed_away_is_not_called_unfinished():
    event, division = qualifier_event()
    empty = DivisionFactory(event=event, name="90-94", min_age=90, max_age=94)
    EntrantFactory(division=empty, status="absent")
    assert event_qualifiers(event).unfinished == ("80-84",)
