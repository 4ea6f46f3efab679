from cli.base import EventCommand, parse_date
from tournaments import engine, selectors, services
from tournaments.engine import RuleError


def hall_words(event) -> str:
    """The hall as the organizer described it, in one line."""
    size = f"{event.hall_tables} tables" if event.hall_tables else "no set number of tables"
    unusable = event.unusable_tables.replace(",", ", ") or "none"
    accessible = event.accessible_tables.replace(",", ", ") or "none"
    return f"The hall: {size}; unusable: {unusable}; accessible: {accessible}."


def ages_words(event) -> str:
    """Who may enter, by age on the cut-off date."""
    low, high = event.min_age, event.max_age
    if low is None and high is None:
        return "any age"
    if high is None:
        return f"{low} and older on {event.age_cutoff}"
    if low is None:
        return f"up to {high} on {event.age_cutoff}"
    return f"{low} to {high} on {event.age_cutoff}"


def ribbons_words(ribbons_to: int) -> str:
    return f"ribbons for places 4 to {ribbons_to}" if ribbons_to else "no ribbons"


SCORE_ENTRY_WORDS = {
    "scorekeepers": "scorekeepers only",
    "players": "players at the table (table codes)",
    "both": "scorekeepers and players at the table (table codes)",
}

PUBLIC_NAMES_WORDS = {
    "full": "full names",
    "initial": "first names and last initials",
    "none": "no names (table and entry numbers)",
}


def format_words(event) -> str:
    """The event's format in one line: its preset (or none), the table rules and the
    divisions by size."""
    format_ = selectors.event_format(event)
    name = engine.matching_preset(format_) or "no preset (own settings)"
    table, game = format_.table, format_.game
    turns = f"{table.turn_seconds} s turns" if table.turn_seconds else "no turn limit"
    never = (
        f"{table.never_opened} for never opened" if table.never_opened else "no never-opened total"
    )
    hands = (
        f"games of at least {game.hands} hands"
        + (f" within {game.minutes} min" if game.minutes else "")
        if game.of_hands
        else "games of one hand"
    )
    sizes = format_.divisions_by_size.text() if format_.divisions_by_size else "none"
    return (
        f"Format: {name}; scoring {format_.scoring_name or format_.scoring}, initial meld "
        f"{table.initial_meld}, {turns}, joker {table.joker_value} (largest rack total "
        f"{table.largest_rack_total}), {never}, {table.direction}, {hands}; divisions by "
        f"field size: {sizes}."
    )


class Command(EventCommand):
    help = "Change an event's settings."

    def add_options(self, parser):
        parser.add_argument("--scoring", choices=["low", "sabra"])
        parser.add_argument("--prefer-threes", action="store_true", default=None)
        parser.add_argument("--prefer-fours", action="store_false", dest="prefer_threes")
        parser.add_argument("--age-bands", help="ages that start a band, e.g. 50,55,60")
        parser.add_argument("--by-gender", action="store_true", default=None)
        parser.add_argument("--no-gender-split", action="store_false", dest="by_gender")
        parser.add_argument("--cutoff", help="the day age is taken on (YYYY-MM-DD)")
        parser.add_argument("--tie-order", help="e.g. wins,worst-game,previous-round")
        parser.add_argument("--medals", choices=["combined", "age-group"])
        parser.add_argument("--confirm", choices=["none", "second-person"])
        parser.add_argument(
            "--score-entry",
            choices=["scorekeepers", "players", "both"],
            help="who enters scores: scorekeepers only (the default), players at the table "
            "with their table's code, or both",
        )
        parser.add_argument("--minutes-per-game", type=int)
        parser.add_argument("--paper", choices=["letter", "a4"])
        parser.add_argument(
            "--language",
            choices=["en", "fr", "es"],
            help="the projector's default language and the printed sheets' language "
            "(English, French, Spanish); this command's own messages stay English",
        )
        parser.add_argument("--initial-meld", type=int)
        parser.add_argument("--combine-below", type=int)
        parser.add_argument(
            "--ribbons-to",
            type=int,
            metavar="N",
            help="ribbons for places 4 to N (default 8); 0 for no ribbons",
        )
        parser.add_argument(
            "--lone-entrant",
            choices=["walkover", "play"],
            help="a division with one player: gold without play (walkover, the default) or "
            "it must play, combined with a neighbouring division first (play)",
        )
        parser.add_argument(
            "--qualify",
            type=int,
            metavar="N",
            help="places that qualify for the next level, per age group and gender (default 4)",
        )
        parser.add_argument(
            "--home-state",
            metavar="STATE",
            help="e.g. GA: qualifiers skip finishers from other states ('' for none)",
        )
        parser.add_argument(
            "--hall-tables",
            type=int,
            help="how many tables the hall has, numbered from 1 (0: no limit, numbers only "
            "stay unique)",
        )
        parser.add_argument(
            "--unusable", help='table numbers never to give, e.g. 12,19 ("" for none)'
        )
        parser.add_argument(
            "--accessible",
            help='accessible tables, e.g. 1,2,3 ("" for none): players who need one sit there',
        )
        # Privacy (docs/privacy.md).
        parser.add_argument(
            "--public-names",
            choices=["full", "initial", "none"],
            help="how names show on public pages and the projector: full names, first name "
            "and last initial, or none (table and entry numbers only)",
        )
        parser.add_argument(
            "--keep-personal-days",
            type=int,
            metavar="N",
            help="contact details and exact birth dates are deleted N days after the event "
            "(default 90; 0 to 3650)",
        )
        # The format (tournaments.engine.formats): a preset first, then these options.
        parser.add_argument(
            "--preset",
            metavar="gwinnett|nvso|sabra",
            help="fill every format setting from a preset first (the other options given "
            "then apply): gwinnett (today's), nvso (Northern Virginia Senior Olympics), sabra",
        )
        parser.add_argument(
            "--joker", type=int, metavar="N", help="a joker's value left on a rack: 25, 30 or 50"
        )
        parser.add_argument(
            "--never-opened",
            type=int,
            metavar="N",
            help="the total of a player who never melded, instead of their rack (0: none)",
        )
        parser.add_argument(
            "--turn-seconds", type=int, metavar="N", help="a turn's limit: 60 or 120 (0: none)"
        )
        parser.add_argument(
            "--hands-per-game",
            type=int,
            metavar="N",
            help="a game is at least N separately scored hands, its score their sum (1 to 10)",
        )
        parser.add_argument(
            "--game-minutes",
            type=int,
            metavar="M",
            help="a game of several hands is played within M minutes (0: no limit)",
        )
        parser.add_argument(
            "--divisions-by-size",
            metavar="SIZE:AGE,AGE;SIZE:AGE,AGE",
            help="age groups by the field's size, e.g. 16:50,75;32:50,65,80 (above 16 players "
            "two groups from 50 and 75, above 32 three); '' for none",
        )
        # --- end of the format's options ---
        # The event's clock and address (tournaments/zones.py, web/event_zone.py).
        parser.add_argument(
            "--time-zone",
            metavar="AREA/CITY",
            help="the zone every time is shown and printed in, e.g. America/Chicago "
            "(default: the server's)",
        )
        parser.add_argument(
            "--short-name",
            metavar="SLUG",
            help="the event's short name in its addresses, e.g. county-2026 (letters, digits, "
            "hyphens); before play only, the old address then leads to the new one",
        )
        # Who may enter: ages on the cut-off date (0: no limit).
        parser.add_argument(
            "--min-age", type=int, metavar="N", help="the youngest age allowed (0: no minimum)"
        )
        parser.add_argument(
            "--max-age", type=int, metavar="N", help="the oldest age allowed (0: no maximum)"
        )
        parser.add_argument("--name")
        parser.add_argument("--venue")
        parser.add_argument(
            "--move-entrants",
            action="store_true",
            help="new age bands, gender split or cut-off: move the registered entrants they "
            "place elsewhere (divisions already seated never change)",
        )

    def run(self, event, **o):
        moves = []
        try:
            moves = services.division_settings_moves(event, self.settings_with_preset(o))
            event = services.event_configure(
                event=event,
                regroup=True if o["move_entrants"] else None,
                preset=o["preset"],
                slug=o["short_name"],
                **self.settings(o),
            )
        except services.DivisionMovesPending as pending:
            raise RuleError(
                f"{pending}\nNothing was changed: run again with --move-entrants to move them."
            ) from None
        for move in moves:
            if move.blocked:
                self.say(
                    f"Stays in {move.before}: {move.entrant.name} ({move.entrant.external_id}), "
                    f"{move.blocked}."
                )
            else:
                self.say(
                    f"Moved: {move.entrant.name} ({move.entrant.external_id}), "
                    f"{move.before} → {move.after}."
                )
        first = "three" if event.prefer_threes else "four"
        self.say(
            f"{event.name}: scoring {event.scoring}, tables of {first} "
            f"first, age bands {event.age_bands} (age on {event.age_cutoff}), "
            f"{'by gender' if event.by_gender else 'no gender split'}, tie order "
            f"{event.tie_order or 'none'}, medals {event.medal_policy}, confirmation "
            f"{event.confirmation}, scores entered by {SCORE_ENTRY_WORDS[event.score_entry]}, "
            f"{event.minutes_per_game} min per game, paper {event.paper}, "
            f"language {event.language}, "
            f"{ribbons_words(event.ribbons_to)}, a lone player: "
            f"{'walkover' if event.lone_entrant == 'walkover' else 'must play'}, "
            f"{event.qualify} place{'s' if event.qualify != 1 else ''} qualify per age group "
            f"and gender{f' (home state {event.home_state})' if event.home_state else ''}."
        )
        self.say(hall_words(event))
        self.say(f"Short name: {event.slug}; time zone: {event.time_zone}.")
        self.say(f"Ages allowed: {ages_words(event)}.")
        self.say(
            f"Public pages: {PUBLIC_NAMES_WORDS[event.public_names]}; contact details and "
            f"exact birth dates deleted {event.personal_data_days} days after the event."
        )
        self.say(format_words(event))

    def settings_with_preset(self, o) -> dict:
        """The options as the event will take them: the preset's settings, then the others."""
        given = {k: v for k, v in self.settings(o).items() if v is not None}
        return {**engine.preset(o["preset"]).settings(), **given} if o["preset"] else given

    def settings(self, o) -> dict:
        return dict(
            scoring=o["scoring"],
            prefer_threes=o["prefer_threes"],
            age_bands=o["age_bands"],
            by_gender=o["by_gender"],
            cutoff_date=parse_date(o["cutoff"]) if o["cutoff"] else None,
            tie_order=o["tie_order"],
            medal_policy=o["medals"],
            confirmation=o["confirm"],
            score_entry=o["score_entry"],
            minutes_per_game=o["minutes_per_game"],
            paper=o["paper"],
            language=o["language"],
            initial_meld=o["initial_meld"],
            combine_below=o["combine_below"],
            ribbons_to=o["ribbons_to"],
            lone_entrant=o["lone_entrant"],
            qualify=o["qualify"],
            home_state=o["home_state"],
            hall_tables=o["hall_tables"],
            unusable_tables=o["unusable"],
            accessible_tables=o["accessible"],
            name=o["name"],
            venue=o["venue"],
            public_names=o["public_names"],
            personal_data_days=o["keep_personal_days"],
            # The format's options.
            joker_value=o["joker"],
            never_opened=o["never_opened"],
            turn_seconds=o["turn_seconds"],
            hands_per_game=o["hands_per_game"],
            game_minutes=o["game_minutes"],
            divisions_by_size=o["divisions_by_size"],
            time_zone=o["time_zone"],
            # Who may enter.
            min_age=o["min_age"],
            max_age=o["max_age"],
        )
