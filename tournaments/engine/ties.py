"""Ties: the ones that block until the organizer records a playoff or tile draw, in words,
and the ones the tie-break chain (or a recorded decision) already put in order."""

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from .ranking import better_first, common_round, table_tie_order
from .records import WINS, WORST_GAME, RoundRecord, Rules
from .words import gettext

DECISION = "decision"  # a tie put in order by a recorded playoff or tile draw

# What a tie decides, in the engine's English (``Tie.blocks``: data other code reads).
FOR_A_MEDAL = "a medal"
FOR_THE_NEXT_ROUND = "a place in the next round"


def for_a_bye(next_round: int) -> str:
    return f"a bye in round {next_round}"


def for_a_medal_in(group: str) -> str:
    return f"a medal in {group}" if group else FOR_A_MEDAL


@dataclass(frozen=True)
class Tie:
    """A tie the chain cannot break and that decides something: it blocks until resolved.

    ``players`` are exactly the players whose outcome it decides (who goes on, who has
    the bye, who gets which medal), in the order ``advance`` proposes them.

    ``place`` is the first place the group shares (at its table for a table's tie, in the
    round's order of those going on for a bye, in the division or age group for a medal):
    the group settles places ``place`` to ``place + len(players) - 1``. ``winners`` is how
    many of them get what it decides (go on, have the bye; for a medal, those in medal
    places). Both are what the desk's tie form asks by; a tie is the same tie without them.
    """

    round: int
    players: tuple[str, ...]
    blocks: str
    table: int | None = None
    place: int | None = field(default=None, compare=False)
    winners: int | None = field(default=None, compare=False)

    @property
    def for_a_medal(self) -> bool:
        return self.blocks == FOR_A_MEDAL or bool(_MEDAL_IN.match(self.blocks))

    @property
    def medal_group(self) -> str:
        """The age group a medal tie is in ('' for the division's own medals)."""
        found = _MEDAL_IN.match(self.blocks)
        return found.group(1) if found else ""

    @property
    def next_round(self) -> int | None:
        """The round a bye tie's bye is in; for a tie over going on, the round after."""
        if found := _BYE.match(self.blocks):
            return int(found.group(1))
        return self.round + 1 if self.blocks == FOR_THE_NEXT_ROUND else None

    @property
    def for_a_bye(self) -> bool:
        return bool(_BYE.match(self.blocks))

    @property
    def places(self) -> tuple[int, ...]:
        """The places the group settles, best first (() when not known)."""
        if self.place is None:
            return ()
        return tuple(range(self.place, self.place + len(self.players)))

    def blocks_words(self) -> str:
        """What the tie decides, in the active language ("a medal", "a bye in round 3")."""
        return _blocks_words(self.blocks)

    def describe(self, names: Mapping[str, str] | None = None) -> str:
        """The tie in words, in the active language (``blocks`` stays the engine's English)."""
        values = {
            "round": self.round,
            "table": self.table,
            "who": ", ".join((names or {}).get(p, p) for p in self.players),
            "blocks": _blocks_words(self.blocks),
        }
        if self.table:
            return (
                gettext(
                    "round %(round)s, table %(table)s: %(who)s are tied for %(blocks)s; record "
                    "the playoff or tile draw."
                )
                % values
            )
        return (
            gettext(
                "round %(round)s: %(who)s are tied for %(blocks)s; record the playoff or tile draw."
            )
            % values
        )


_BYE = re.compile(r"^a bye in round (\d+)$")
_MEDAL_IN = re.compile(r"^a medal in (.+)$")


def _blocks_words(blocks: str) -> str:
    """What a tie decides (the engine's English: "a medal", "a medal in 70-74", "a place in
    the next round", "a bye in round 3") in the active language."""
    if blocks == FOR_A_MEDAL:
        return gettext("a medal")
    if blocks == FOR_THE_NEXT_ROUND:
        return gettext("a place in the next round")
    if found := _BYE.match(blocks):
        return gettext("a bye in round %(number)s") % {"number": found.group(1)}
    if found := _MEDAL_IN.match(blocks):
        return gettext("a medal in %(group)s") % {"group": found.group(1)}
    return blocks


@dataclass(frozen=True)
class SettledTie:
    """Players level on a table's total whom a tie-break step put in order: ``step`` is
    the step that separated them (WINS, WORST_GAME, PREVIOUS_ROUND, or ``"decision"``
    (DECISION) for a recorded playoff or tile draw); ``round`` the earlier round compared."""

    table: int
    players: tuple[str, ...]  # best first
    total: int
    step: str
    round: int | None = None


def settled_ties(outcome, record: RoundRecord, rules: Rules) -> list[SettledTie]:
    """The ties on the total at each table of a round (``outcome``, a RoundOutcome) that
    the chain (or a decision) put in order, with the step that did it, so that the pages
    can say how a place was won."""
    order = table_tie_order(record, rules)
    sign = better_first(rules.scoring)
    settled = []
    for table in outcome.tables:
        totals: dict[int, list] = {}
        for ranked in table.ranked:
            totals.setdefault(ranked.score.total, []).append(ranked)
        for total, group in totals.items():
            if len(group) < 2 or len({r.position for r in group}) == 1:
                continue
            scores = [r.score for r in group]
            step, number = DECISION, None
            for name in order:
                if name == WINS:
                    values = [s.wins for s in scores]
                elif name == WORST_GAME:
                    values = [s.worst for s in scores]
                else:
                    number = common_round(scores)
                    values = (
                        [None]
                        if number is None
                        else [sign * dict(s.history)[number] for s in scores]
                    )
                if None not in values and len(set(values)) > 1:
                    step = name
                    break
                number = None
            settled.append(
                SettledTie(table.number, tuple(r.player for r in group), total, step, number)
            )
    return settled
