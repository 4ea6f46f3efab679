"""The two kinds of failure the engine reports."""


class RuleError(ValueError):
    """Something the user can fix: bad input, an incomplete round, a tie to resolve.

    The message is plain English for an organizer or a scorekeeper.
    """


class GameError(RuleError):
    """A game's rack totals cannot be accepted; every reason is listed."""

    def __init__(self, reasons, fields=None, about_winner=()):
        self.reasons = tuple(reasons)
        # Which player's entry each reason concerns: {player: [reason, …]}.
        self.fields = dict(fields or {})
        # The reasons that concern the choice of the named winner (a form shows them
        # beside that choice rather than beside the player's rack total).
        self.about_winner = tuple(about_winner)
        super().__init__("; ".join(self.reasons))
