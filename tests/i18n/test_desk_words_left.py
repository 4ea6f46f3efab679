"""Words the desk builds in Python for its pages: when a table was last heard
from (scoring/selectors/clock.py) and a correction's summary and side-by-side comparison
(scoring/selectors/corrections.py) speak the reader's language; English stays the default."""

import datetime as dt

import pytest
from django.utils import timezone, translation

from scoring.selectors import table_heard_from
from scoring.selectors.corrections import PendingCorrection, _comparisons
from tournaments import engine
from tournaments.models import Division, RoundChange

NOW = timezone.now()


def ago(minutes):
    return NOW - dt.timedelta(minutes=minutes)


HEARD = {
    "en": ["last score just now", "last score 2 min ago", "no score for 25 min", "no score yet"],
    "fr": [
        "dernier score à l'instant",
        "dernier score il y a 2 min",
        "aucun score depuis 25 min",
        "pas encore de score",
    ],
    "es": [
        "último resultado ahora mismo",
        "último resultado hace 2 min",
        "sin puntos desde hace 25 min",
        "aún sin puntos",
    ],
}


@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_when_a_table_was_last_heard_from_in_the_language(language):
    with translation.override(language):
        said = [
            table_heard_from(last=ago(0.5), started=ago(30), waiting=True, now=NOW).text,
            table_heard_from(last=ago(2), started=ago(30), waiting=True, now=NOW).text,
            table_heard_from(last=ago(25), started=ago(30), waiting=True, now=NOW).text,
            table_heard_from(last=None, started=ago(3), waiting=True, now=NOW).text,
        ]
    assert said == HEARD[language]


SUMMARY = {
    "en": (
        "1 correction changes who advanced: accept or undo.",
        "2 corrections change the placings or medals: accept or undo.",
    ),
    "fr": (
        "1 correction change qui est qualifié\u202f: acceptez ou annulez.",
        "2 corrections changent le classement ou les médailles\u202f: acceptez ou annulez.",
    ),
    "es": (
        "1 corrección cambia quién pasa de ronda: acepte o deshaga.",
        "2 correcciones cambian las posiciones o las medallas: acepte o deshaga.",
    ),
}


@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_a_corrections_summary_in_the_language_with_real_plurals(language):
    advanced = engine.CorrectionEffect(engine.Consequence.ADVANCED, 1)
    results = engine.CorrectionEffect(engine.Consequence.RESULTS, 2)
    one = PendingCorrection(Division(), None, ["a change"], (advanced,))
    two = PendingCorrection(Division(), None, ["a change", "another"], (results,))
    with translation.override(language):
        assert (one.summary, two.summary) == SUMMARY[language]


class _State:
    """The little of a DivisionState the comparison of a tie reads."""

    names = {}
    shown_names = {}

    def record(self, number):
        return None

    class _Outcome:
        ties = ()

    outcomes = [_Outcome()]


COMPARISON = {
    "en": ("A tie in round 1", "Now", "If accepted", "record the tile draw or playoff first"),
    "fr": (
        "Une égalité à la manche 1",
        "Maintenant",
        "Si vous acceptez",
        "notez d'abord le tirage de tuiles ou le barrage",
    ),
    "es": (
        "Un empate en la ronda 1",
        "Ahora",
        "Si acepta",
        "anote primero el sorteo de fichas o el desempate",
    ),
}


@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_a_ties_comparison_in_the_language(language):
    tie = engine.CorrectionEffect(engine.Consequence.TIE, 1)
    with translation.override(language):
        (shown,) = _comparisons(_State(), [tie])
    said = (shown.heading, shown.now.title, shown.if_accepted.title, shown.if_accepted.lines[0])
    assert said == COMPARISON[language]


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", ("In play", "Seated again")), ("fr", ("En cours", "Placée à nouveau"))],
)
def test_the_models_choice_labels_in_the_language(language, words):
    with translation.override(language):
        shown = (str(Division.Status.IN_PLAY.label), str(RoundChange.Action.RESEATED.label))
    assert shown == words


@pytest.mark.parametrize(("said_in", "shown_in"), [("en", "en"), ("fr", "es"), ("es", "fr")])
def test_the_settings_link_follows_the_refusal_not_its_words(rf, said_in, shown_in):
    """A full hall's refusal gets the settings page's link whatever language it was said
    in and the page is shown in (the option it carries marks it, not its English words);
    another refusal gets none."""
    from django.contrib.messages import get_messages
    from django.contrib.messages.storage.fallback import FallbackStorage

    from tournaments.engine import RuleError
    from tournaments.engine.hall import HallFull
    from web.actions import act

    def refuse(error_class):
        def action():
            with translation.override(said_in):
                raise error_class()

        return action

    class Full(HallFull):
        def __init__(self):
            RuleError.__init__(
                self,
                translation.gettext(
                    "Nothing was seated: close a round that is over, or give the hall more "
                    "tables (configure_event --hall-tables)."
                ),
            )

    class Other(RuleError):
        def __init__(self):
            super().__init__(translation.gettext("Placings and medals"))

    tags = []
    for error_class in (Full, Other):
        request = rf.post("/")
        request.session = {}
        request._messages = FallbackStorage(request)
        with translation.override(shown_in):
            act(request, refuse(error_class), done="", to="/")
        tags += [m.extra_tags for m in get_messages(request)]
    assert tags == ["to-settings", ""]


FINAL_TIE = {
    "en": "{l} and {e} were level on 14 in the final. The tie-break “the better score per "
    "game in round 1” placed them: {l} (2.3), {e} (10.0).",
    "fr": "{l} et {e} étaient à égalité à 14 en finale. Le départage « le meilleur score par "
    "partie à la manche 1 » les a classés\u202f: {l} (2,3), {e} (10,0).",
    "es": "{l} y {e} estaban empatados con 14 en la final. El desempate «la mejor puntuación "
    "por partida en la ronda 1» los ordenó: {l} (2,3), {e} (10,0).",
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_how_a_tie_in_the_final_was_settled_in_the_language(language):
    """The desk's note on a final's settled tie (scoring/selectors/state.py), its score per
    game written as the language writes numbers."""
    from scoring import services as scoring_services
    from scoring.selectors.state import division_state
    from tests.services.test_final_tie import to_the_final

    division, _final, _gold, linda, earl = to_the_final()
    result = scoring_services.division_advance(division=division)
    with translation.override(language):
        notes = division_state(result.division).final_tie_notes
    assert notes == [FINAL_TIE[language].format(l=linda.name, e=earl.name)]


UNDO_REFUSED = {
    "en": "Game 2 at table 1 was recorded without {who}: the withdrawal has changed a result, "
    "so {who} stays withdrawn.",
    "fr": "La partie 2 de la table 1 a été notée sans "
    "{who}\u202f: le retrait a changé un résultat, "
    "donc {who} reste retiré.",
    "es": "La partida 2 de la mesa 1 se anotó sin {who}: el retiro cambió un resultado, así "
    "que {who} sigue retirado.",
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_why_a_withdrawal_can_no_longer_be_undone_in_the_language(language):
    """scoring/selectors/withdrawals.py's reason, as the desk's refusal says it."""
    from scoring import services as scoring_services
    from tests.factories import enter, seated, seated_division
    from tournaments import services
    from tournaments.engine import RuleError
    from tournaments.models import Table

    division = seated_division(8)
    table = Table.objects.get(round__division=division, round__number=1, number=1)
    players = seated(table)
    enter(table, 1, (0, 10, 20, 30))
    services.entrants_withdraw(event=division.event, ids=[players[3].external_id])
    scoring_services.game_record(
        table=table,
        number=2,
        racks=dict(zip(players[:3], (0, 12, 25), strict=True)),
        organizer=True,
    )
    with translation.override(language), pytest.raises(RuleError) as refused:
        scoring_services.entrant_reinstate(entrant=players[3], reason="changed my mind")
    assert UNDO_REFUSED[language].format(who=players[3].name) in str(refused.value)
