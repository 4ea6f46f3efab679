"""The tournament engine: every rule of the game, in plain Python.

No Django here: frozen dataclasses and plain values in, frozen dataclasses out.
The services load records from the database, ask the engine, and store what it
decides.
"""

from .awards import (
    DEFAULT_QUALIFY,
    DEFAULT_RIBBONS_TO,
    FIRST_RIBBON_PLACE,
    IN_STATE,
    MAX_QUALIFY,
    MAX_RIBBONS_TO,
    OUT_OF_STATE,
    STATE_UNKNOWN,
    Finisher,
    Qualifier,
    QualifierList,
    check_qualify,
    check_ribbons_to,
    has_ribbon,
    qualifiers,
    ribbon_winners,
    state_key,
    state_standing,
)
from .confirmation import may_confirm
from .corrections import (
    Consequence,
    CorrectionEffect,
    blocking_ties,
    consequence_words,
    correction_effect,
    is_consequence_record,
    open_consequences,
)
from .divisions import (
    LONE_ENTRANT_CHOICES,
    LONE_PLAY,
    LONE_WALKOVER,
    MADE_AS,
    AgeBand,
    DivisionSlot,
    age_on,
    age_outside,
    assign_division,
    division_slot,
    entry_age,
    made_as_of,
    made_division_name,
    nearest_division,
    parse_bands,
)
from .errors import GameError, RuleError
from .field_divisions import (
    FieldEntrant,
    FieldGroup,
    FieldGrouping,
    SizeDivisions,
    SizeRange,
    group_field,
    parse_size_divisions,
)
from .format_words import PRESET_LABELS, preset_label, table_rules_words, turn_words
from .formats import (
    CLOCKWISE,
    COUNTER_CLOCKWISE,
    DEFAULT_PRESET,
    DIRECTIONS,
    FORMAT_SETTINGS,
    GWINNETT,
    INITIAL_MELDS,
    NVSO,
    PRESET_NAMES,
    PRESETS,
    PRESSMAN,
    SABRA_WAY,
    TURN_SECONDS,
    Format,
    GameLength,
    TableRules,
    apply_preset,
    check_direction,
    check_initial_meld,
    check_over_time_tiles,
    check_scoring,
    check_turn_seconds,
    format_from_settings,
    matching_preset,
    preset,
    preset_differences,
)
from .games import (
    EXHAUSTED,
    LOW,
    OUT,
    SABRA,
    GameResult,
    check_balance,
    entry_rules,
    game_points,
    validate_game,
)
from .hall import (
    MAX_HALL_TABLES,
    Hall,
    HallFull,
    TableNumbers,
    assign_numbers,
    free_numbers,
    hall_problems,
    number_candidates,
    numbers_text,
    parse_table_numbers,
    take_numbers,
)
from .hands import GameScore, game_of_hands, score_game
from .notes import SeatingNote, is_seating_note_record, note_from_words
from .placings import MEDALS, Placing, Placings, division_placings
from .plan import FINAL, INTERMEDIATE, QUALIFYING, Plan, RoundShape, plan_division, round_shape
from .points_format import (
    SEMI_FINAL,
    PointsFormat,
    Standing,
    points_placings,
    qualifying_seating,
    semi_final_tables,
    stage_standings,
)
from .racks import (
    JOKER_VALUE,
    JOKER_VALUES,
    LARGEST_RACK_TOTAL,
    MAX_RACK_TOTAL,
    NEVER_OPENED_WORDS,
    RackEntry,
    check_joker_value,
    check_never_opened,
    is_never_opened,
    largest_rack_total,
    parse_rack_entry,
    parse_rack_total,
    rack_total_from_tiles,
)
from .ranking import Ranked, Score, better_first
from .records import (
    AGE_GROUP,
    COMBINED,
    DEFAULT_TIE_ORDER,
    MAX_GAME_MINUTES,
    MAX_HANDS_PER_GAME,
    PREVIOUS_ROUND,
    TIE_RULES,
    WINS,
    WORST_GAME,
    GameRecord,
    HandRecord,
    RoundRecord,
    Rules,
    TableRecord,
    TieDecision,
    check_game_minutes,
    check_hands_per_game,
    parse_tie_order,
)
from .rounds import RoundOutcome, TableOutcome, evaluate_round, evaluate_rounds
from .seating import Seat, Seating, seat_players, tablemates
from .tables import split_tables
from .tie_questions import open_ties, refused_decision
from .ties import DECISION, SettledTie, Tie, settled_ties

__all__ = [name for name in dir() if not name.startswith("_")]
