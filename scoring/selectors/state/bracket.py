"""A bracket as the engine sees it (``DivisionState``): its rounds, records and entrants,
what the engine makes of them (outcomes, placings, ties that block), and what the pages
and printed results say of a placing (medal, ribbon, how a tie in the final was settled)."""

from dataclasses import dataclass, field
from functools import cached_property

from django.utils.formats import number_format
from django.utils.translation import gettext

from tournaments import engine
from tournaments.models import Division, Entrant, Event, Round
from tournaments.selectors import bracket_name, womens_bracket, words_list
from tournaments.selectors import namesakes as event_namesakes
from tournaments.selectors import public_names as event_public_names
from tournaments.text import isolate
from tournaments.vocabulary import medal_word, place_word

from ...models import Game, Penalty


@dataclass
class DivisionState:
    """A bracket as the engine sees it, with the rows it came from."""

    division: Division
    event: Event
    rules: engine.Rules
    rounds: list[Round]
    records: list[engine.RoundRecord]
    decisions: list[engine.TieDecision]
    entrants: dict[str, Entrant]  # every player of the bracket, by entrant id
    players: list[str]  # those in the bracket from the start (round 1, or the walkover)
    games: dict[tuple[int, int, int], Game] = field(default_factory=dict)
    penalties: dict[int, list[Penalty]] = field(default_factory=dict)
    # The event's namesakes (tournaments.selectors.namesakes) when the caller has read
    # them once for several divisions; else read on the first ``shown_names``.
    namesakes: dict[str, str] | None = None

    @cached_property
    def withdrawn(self) -> frozenset[str]:
        return frozenset(i for i, e in self.entrants.items() if e.out_of_play)

    @cached_property
    def names(self) -> dict[str, str]:
        return {i: e.name for i, e in self.entrants.items()}

    @cached_property
    def shown_names(self) -> dict[str, str]:
        """The names as pages and printed sheets show them: two entrants of the event with
        the same name carry their club or number ("Mary Smith (Sunrise Club)"). ``names``
        stays the registered name, for exports and the engine."""
        shown = self.event_namesakes
        return {i: shown.get(i, name) for i, name in self.names.items()}

    @cached_property
    def public_names(self) -> dict[str, str]:
        """The names as the public pages and the projector show them
        (``tournaments.selectors.public_names``: as the event allows, by initials for a
        player kept off them); ``shown_names`` stays the desk's and the printed sheets'."""
        players = list(self.entrants.values())
        return event_public_names(self.event, among=players) if players else {}

    @property
    def event_namesakes(self) -> dict[str, str]:
        """The namesakes (``tournaments.selectors.namesakes``) of the event's entrants, read
        once: those of the bracket's players unless the caller gave the event's."""
        if self.namesakes is None:
            players = list(self.entrants.values())
            self.namesakes = event_namesakes(self.event, among=players) if players else {}
        return self.namesakes

    @cached_property
    def age_groups(self) -> dict[str, str]:
        return {i: e.division.name for i, e in self.entrants.items()}

    @cached_property
    def combined(self) -> bool:
        """Other divisions play in this bracket."""
        return self.division.combined_from.exists()

    def age_group_label(self, player: str) -> str:
        """The player's own age group in a combined bracket (the host's players too), else ""."""
        entrant = self.entrants.get(player)
        if entrant is None or not (self.combined or entrant.division_id != self.division.pk):
            return ""
        return entrant.division.shown_name

    @cached_property
    def feminine(self) -> bool:
        """A women's bracket: its places are written in the feminine (1re, 1.ª)."""
        return womens_bracket(self.division)

    @cached_property
    def bracket_name(self) -> str:
        """The bracket's name for awards: "55-59 and 60-64 combined" when combined."""
        return bracket_name(self.division)

    @cached_property
    def medals_by_age_group(self) -> bool:
        """Medals go within each age group of a combined bracket (the event's policy, or
        the bracket's own for a lone player who must play)."""
        return self.rules.medal_policy == engine.AGE_GROUP and self.combined

    def award(self, placing: engine.Placing) -> tuple[str, int | None]:
        """What a placing is a place *of*, and the place in it: the age group and the
        place within it when medals go by age group, else the bracket and its place."""
        if self.medals_by_age_group and placing.player in self.entrants:
            group = self.age_groups[placing.player]
            return gettext("age group %(group)s") % {"group": group}, placing.group_place
        return self.bracket_name, placing.place

    def medal_text(self, placing: engine.Placing) -> str:
        """ "Gold", or "Gold — 1st of age group 60-64" / "Silver — 2nd of 55-59 and
        60-64 combined" where the bracket alone does not say it."""
        if not placing.medal:
            return ""
        medal = medal_word(placing.medal)
        if not self.combined:
            return medal
        scope, place = self.award(placing)
        if not place:
            return medal
        # " — " parts the medal from what it is of (the pages show the part after it).
        return gettext("%(medal)s — %(place)s of %(scope)s") % {
            "medal": medal,
            "place": place_word(place, self.feminine),
            "scope": scope,
        }

    @cached_property
    def ribbons(self) -> frozenset[str]:
        """Who gets a ribbon (places 4 to the event's ``ribbons_to``; within the age group
        when medals go by age group)."""
        return engine.ribbon_winners(
            self.placings, self.event.ribbons_to, by_age_group=self.medals_by_age_group
        )

    def ribbon_text(self, placing: engine.Placing) -> str:
        """ "Ribbon", or "Ribbon — 5th of age group 60-64" where the bracket alone does not
        say what the place is of; "" for no ribbon."""
        if placing.player not in self.ribbons:
            return ""
        if not self.combined:
            return gettext("Ribbon")
        scope, place = self.award(placing)
        return gettext("Ribbon — %(place)s of %(scope)s") % {
            "place": place_word(place, self.feminine),
            "scope": scope,
        }

    @cached_property
    def outcomes(self) -> list[engine.RoundOutcome]:
        return engine.evaluate_rounds(
            self.records,
            self.rules,
            decisions=self.decisions,
            withdrawn=self.withdrawn,
            names=self.names,
        )

    @cached_property
    def final_tie_notes(self) -> list[str]:
        """How each tie on the total in the final was settled, in words for the desk: the
        tie-break step that put the players in order, with their values, or the recorded
        playoff or tile draw (a tie still open is named by ``blocking_ties`` instead)."""
        if not self.outcomes or self.outcomes[-1].kind != engine.FINAL:
            return []
        outcome, record = self.outcomes[-1], self.records[-1]
        notes = []
        for tie in engine.settled_ties(outcome, record, self.rules):
            # Set apart: "NAME (35)" keeps its number after a right-to-left name.
            names = [isolate(self.shown_names.get(p, p)) for p in tie.players]
            lead = gettext("%(names)s were level on %(total)s in the final.") % {
                "names": words_list(names),
                "total": tie.total,
            }
            if tie.step == engine.DECISION:
                notes.append(
                    gettext(
                        "%(lead)s The playoff or tile draw you recorded placed them: %(order)s."
                    )
                    % {"lead": lead, "order": ", ".join(names)}
                )
                continue
            scores = [outcome.scores[p] for p in tie.players]
            if tie.step == engine.WINS:
                what, values = gettext("most games won"), [str(s.wins) for s in scores]
            elif tie.step == engine.WORST_GAME:
                what, values = gettext("the better worst game"), [str(s.worst) for s in scores]
            else:
                what = gettext("the better score per game in round %(number)s") % {
                    "number": tie.round
                }
                values = [number_format(dict(s.history)[tie.round], 1) for s in scores]
            order = ", ".join(f"{n} ({v})" for n, v in zip(names, values, strict=True))
            notes.append(
                gettext("%(lead)s The tie-break “%(what)s” placed them: %(order)s.")
                % {"lead": lead, "what": what, "order": order}
            )
        return notes

    @cached_property
    def placings(self) -> engine.Placings:
        """The results as recorded when the division finished (or last accepted)."""
        if self.division.results:
            return engine.Placings(
                tuple(engine.Placing(**entry) for entry in self.division.results), ()
            )
        return self.live_placings

    @property
    def results_changed(self) -> bool:
        """True when the scores now give other placings than the recorded ones."""
        return (
            bool(self.division.results)
            and serialize_placings(self.live_placings) != self.division.results
        )

    @cached_property
    def live_placings(self) -> engine.Placings:
        """Placings recomputed from the scores as they are now."""
        return engine.division_placings(
            self.records,
            self.rules,
            players=self.players,
            decisions=self.decisions,
            withdrawn=self.withdrawn,
            age_groups=self.age_groups,
            outcomes=self.outcomes,
        )

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def record(self, number: int) -> engine.RoundRecord | None:
        return next((r for r in self.records if r.number == number), None)

    def participants(self, number: int) -> set[str]:
        """Who is in round ``number`` (seated or with a bye), as recorded."""
        record = self.record(number)
        return set(record.players) if record is not None else set()

    def blocking_ties(self, placings: engine.Placings | None = None) -> tuple[engine.Tie, ...]:
        """Ties that keep the current round from closing (engine.blocking_ties)."""
        if not self.outcomes:
            return ()
        outcome = self.outcomes[-1]
        if outcome.last and placings is None:
            placings = self.live_placings
        return engine.blocking_ties(outcome, placings)

    def met(self) -> set[frozenset[str]]:
        return {
            pair
            for record in self.records
            for pair in engine.tablemates([t.players for t in record.tables])
        }

    def unconfirmed(self, number: int) -> list[Game]:
        return [g for (r, _, _), g in sorted(self.games.items()) if r == number and not g.confirmed]


def serialize_placings(placings: engine.Placings) -> list[dict]:
    return [
        {
            "player": p.player,
            "place": p.place,
            "medal": p.medal,
            "round_reached": p.round_reached,
            "withdrawn": p.withdrawn,
            "group_place": p.group_place,
        }
        for p in placings.placings
    ]
