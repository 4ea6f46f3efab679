"""The two kinds of failure the engine reports."""


class RuleError(ValueError):
    """Something the user can fix: bad input, an incomplete round, a tie to resolve.

    The message is plain English for an organizer or a scorekeeper.
    """


class GameError(RuleError):
    """A game's rack totals cannot be accepted; every reason is listed."""

    def __init__(self, reasons, fields=None):
        self.reasons = tuple(reasons)
        # Which player's entry each reason concerns: {player: [reason, …]}.
        self.fields = dict(fields or {})
        super().__init__("; ".join(self.reasons))
