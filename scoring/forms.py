"""Forms of the scoresheet. They read what was typed; the engine judges it."""

from __future__ import annotations

import contextlib
import uuid
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.utils.html import format_html

from golfsite.wording import sentence
from scoring.engine import (
    HOUSE_RULE_INFO,
    JOKER_OPTIONS,
    PRESETS,
    VARIANTS,
    DeckKind,
    Problem,
    RulesError,
    RuleSet,
)
from scoring.engine.match import seating_problems
from scoring.engine.rules import (
    DECK_DESCRIPTIONS,
    END_OF_HOLE_INFO,
    FLIP_ON_DISCARD_INFO,
    MAX_DECKS,
    MAX_HOLES,
    MAX_INITIAL_FLIPS,
    MAX_PLAYERS,
    PLAY_RULE_INFO,
)
from scoring.models import Hole, Player
from scoring.names import name_key, tidy_name
from scoring.services import HoleEntry

PLAYER_FIELDS = [f"player_{n}" for n in range(1, MAX_PLAYERS + 1)]
SAME_NAME = "Two players have the same name; add an initial to tell them apart."
#: The rule fields a rule set cannot be made without.
REQUIRED_RULE_FIELDS = ("variant", "deck", "flip_on_discard", "end_of_hole", "holes")
RULE_FIELDS = [
    "variant",
    "deck",
    "decks",
    "jokers",
    "house_rules",
    "flip_on_discard",
    "flip_as_action",
    "early_knock",
    "end_of_hole",
    "holes",
    "initial_flips",
]


def _described(name: str, summary: str) -> str:
    return format_html(
        '<span class="choice__name">{}</span> <span class="help">{}</span>', name, summary
    )


@dataclass(frozen=True)
class SeatRow:
    """A name box of the rematch page: its field, the name in it (blank for the box
    that adds a player), and whether it is the first or the last seated."""

    field: forms.BoundField
    name: str
    first: bool
    last: bool
    #: The button of this row that takes the focus ("up", "down", "drop"): the one
    #: just pressed, in its new place, so a keyboard or screen reader carries on
    #: from there.
    focus: str = ""


#: What a tampered one-time token of the match forms says.
MATCH_FORM_STALE = "This form is out of date; open the page again to start a match."


class MatchForm(forms.Form):
    """Players in seating order, the first dealer, and the rules of a new match.

    ``token`` is the form's one-time token, new each time the page is drawn: sent
    twice, the form starts one match (``services.match_create``)."""

    token = forms.UUIDField(
        widget=forms.HiddenInput,
        required=False,
        initial=uuid.uuid4,
        error_messages={"invalid": MATCH_FORM_STALE},
    )

    first_dealer = forms.TypedChoiceField(
        label="Deals first",
        coerce=int,
        choices=[(n, f"Player {n}") for n in range(1, MAX_PLAYERS + 1)],
        initial=1,
        help_text="The deal passes one seat to the left after each hole.",
    )
    variant = forms.ChoiceField(
        choices=[(v.slug, _described(v.name, v.summary)) for v in VARIANTS.values()],
        widget=forms.RadioSelect,
        initial="six-card",
    )
    deck = forms.ChoiceField(
        choices=[
            (kind.value, _described("Standard" if kind is DeckKind.STANDARD else "ZSA", text))
            for kind, text in DECK_DESCRIPTIONS.items()
        ],
        widget=forms.RadioSelect,
        initial=DeckKind.STANDARD.value,
    )
    decks = forms.TypedChoiceField(
        label="How many decks",
        coerce=int,
        empty_value=None,
        required=False,
        choices=[("", "Usual for the table")] + [(n, str(n)) for n in range(1, MAX_DECKS + 1)],
        help_text="Left as usual, the variant decides from the number of players.",
    )
    jokers = forms.ChoiceField(
        required=False,
        choices=[("", "The variant's usual")]
        + [(j.slug, f"{j.name}: {j.summary}") for j in JOKER_OPTIONS.values()],
    )
    house_rules = forms.MultipleChoiceField(
        required=False,
        widget=forms.CheckboxSelectMultiple,
        choices=[
            (rule.slug, _described(title, summary))
            for rule, (title, summary, _) in HOUSE_RULE_INFO.items()
        ],
    )
    flip_on_discard = forms.ChoiceField(
        label=PLAY_RULE_INFO["flip_on_discard"][0],
        help_text=PLAY_RULE_INFO["flip_on_discard"][1],
        choices=[(c.value, _described(n, s)) for c, (n, s) in FLIP_ON_DISCARD_INFO.items()],
        widget=forms.RadioSelect,
        initial="standard",
    )
    flip_as_action = forms.BooleanField(
        required=False,
        label=PLAY_RULE_INFO["flip_as_action"][0],
        help_text=PLAY_RULE_INFO["flip_as_action"][1],
    )
    early_knock = forms.BooleanField(
        required=False,
        label=PLAY_RULE_INFO["early_knock"][0],
        help_text=PLAY_RULE_INFO["early_knock"][1],
    )
    end_of_hole = forms.ChoiceField(
        label=PLAY_RULE_INFO["end_of_hole"][0],
        help_text=PLAY_RULE_INFO["end_of_hole"][1],
        choices=[(c.value, _described(n, s)) for c, (n, s) in END_OF_HOLE_INFO.items()],
        widget=forms.RadioSelect,
        initial="final-turn",
    )
    holes = forms.IntegerField(
        label="Number of holes",
        min_value=1,
        max_value=MAX_HOLES,
        error_messages={
            "required": "Type how many holes you will play (9 is usual).",
            "invalid": "Type the number of holes as a whole number, like 9.",
            "min_value": f"A match has 1 to {MAX_HOLES} holes.",
            "max_value": f"A match has 1 to {MAX_HOLES} holes.",
        },
        initial=9,
        help_text=f"1, 9 or 18 are usual; any number up to {MAX_HOLES} works.",
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "list": "hole-counts"}),
    )
    initial_flips = forms.TypedChoiceField(
        label=PLAY_RULE_INFO["initial_flips"][0],
        help_text=PLAY_RULE_INFO["initial_flips"][1],
        coerce=int,
        empty_value=None,
        required=False,
        choices=[("", "As usual for the variant")]
        + [(n, str(n)) for n in range(0, MAX_INITIAL_FLIPS + 1)],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for n, name in enumerate(PLAYER_FIELDS, start=1):
            self.fields[name] = forms.CharField(
                label=f"Player {n}",
                max_length=40,
                required=False,
                widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
            )
        self.order_fields(PLAYER_FIELDS)
        # The dealer's list calls each seat by the name typed for it so far (the
        # page's script keeps it up to date as names are typed). Only the list as
        # drawn: worked out then, when a subclass's own seats (a group's ticked
        # roster) are known too; the field still checks plain seat numbers.
        self.fields["first_dealer"].widget.choices = self._dealer_choices
        self.fields["first_dealer"].widget.attrs["data-unnamed"] = self.unnamed_seat

    @property
    def player_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in PLAYER_FIELDS]

    def seat_rows(self) -> list[SeatRow]:
        """The name boxes of a page that moves seats (the rematch's): each box with
        a name, in order, then one blank box to add a player (none once the table
        is full). The boxes left out are blank, and a blank box seats nobody."""
        rows: list[SeatRow] = []
        verb, _, number = str(self.initial.get("seat_focus") or "").partition("-")
        filled = [field for field in self.player_fields if tidy_name(field.value() or "")]
        for n, field in enumerate(filled, start=1):
            first, last = n == 1, n == len(filled)
            focus = verb if number == str(n) else ""
            # A button drawn disabled cannot take the focus: its neighbour does.
            if (focus == "up" and first) or (focus == "down" and last):
                focus = "drop" if first and last else ("down" if first else "up")
            rows.append(SeatRow(field, tidy_name(field.value()), first, last, focus))
        blank = next((f for f in self.player_fields if not tidy_name(f.value() or "")), None)
        if blank is not None:
            if verb == "add":
                blank.field.widget.attrs["autofocus"] = True
            rows.append(SeatRow(blank, "", False, False))
        return rows

    @classmethod
    def kept_on_preset(cls, data: Any) -> dict[str, Any]:
        """What a preset button keeps of the posted ``data`` besides the names and
        the first dealer (a group's form: its ticked regulars)."""
        return {}

    #: What the first dealer's list calls a seat with no name yet (the page's script
    #: reads it from the list's ``data-unnamed``).
    unnamed_seat = "Player"

    def _dealer_choices(self) -> list[tuple[int, str]]:
        """The first dealer's choices, each seat called by its player's name."""
        names = self._names_so_far()
        return [
            (n, names[n - 1] if n <= len(names) else f"{self.unnamed_seat} {n}")
            for n in range(1, MAX_PLAYERS + 1)
        ]

    def _names_so_far(self) -> list[str]:
        """The seated names as typed or given, before (or without) validation."""
        cleaned = getattr(self, "cleaned_data", None)
        if cleaned and "names" in cleaned:
            return list(cleaned["names"])
        # The fields that seat people: the name boxes and any a subclass adds.
        values: dict[str, Any] = {}
        for name, field in self.fields.items():
            if name in MatchForm.base_fields:
                continue
            # A value that would be refused seats nobody yet.
            with contextlib.suppress(ValidationError):
                values[name] = field.clean(self[name].value())
        return self.seated_names(values)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        seated = self.seated_names(data)
        data["names"] = seated
        self._mark_same_names(data, seated)
        if not all(key in data for key in REQUIRED_RULE_FIELDS):
            return data
        try:
            rules = _rules_of(data)
        except RulesError as exc:
            self._add_problems(exc.problems)
            return data
        data["rules"] = rules
        for problem in seating_problems(len(seated), rules):
            self.add_error(None, sentence(problem.message))
        dealer = data.get("first_dealer")
        if dealer is not None and seated and dealer > len(seated):
            self.add_error(
                "first_dealer",
                f"There are only {len(seated)} players; choose one of them to deal first.",
            )
        return data

    def rules_outline(self) -> tuple[str, ...] | None:
        """The rules as the form holds them, in a few phrases (``RuleSet.outline``),
        for the line that stands for them while they are folded away; None while
        they are incomplete or refused, so the page shows them open."""
        if self.is_bound:
            self.is_valid()  # cleans once; does nothing more if it has already run
            rules: RuleSet | None = self.cleaned_data.get("rules")
            if rules is None or any(self.errors.get(name) for name in RULE_FIELDS):
                return None
            return rules.outline()
        values: dict[str, Any] = {}
        for name in RULE_FIELDS:
            try:
                values[name] = self.fields[name].clean(self[name].value())
            except ValidationError:
                return None
        try:
            return _rules_of(values).outline()
        except RulesError:
            return None

    def seated_names(self, data: Mapping[str, Any]) -> list[str]:
        """The players' names in seating order (a group's form adds its roster)."""
        typed = [tidy_name(data.get(name) or "") for name in PLAYER_FIELDS]
        # Blank boxes are skipped; the others keep their order.
        return [name for name in typed if name]

    def _mark_same_names(self, data: dict[str, Any], seated: list[str]) -> None:
        """Put the same-name error on each name box that repeats a name seated
        before it (in any case), so it shows beside that box; a form that cannot
        point to a box (two of a group's regulars) says it at the top."""
        folded = [name_key(name) for name in seated]
        if len(set(folded)) == len(folded):
            return
        typed = [(field, name_key(data.get(field) or "")) for field in PLAYER_FIELDS]
        typed = [(field, name) for field, name in typed if name]
        # Names seated other than from the boxes (a group's ticked roster) come first.
        seen = Counter(folded) - Counter(name for _, name in typed)
        marked = False
        for field, name in typed:
            if name in seen:
                self.add_error(field, SAME_NAME)
                marked = True
            seen[name] += 1
        if not marked:
            self.add_error(None, SAME_NAME)

    def _add_problems(self, problems: tuple[Problem, ...]) -> None:
        for problem in problems:
            field = problem.field if problem.field in self.fields else None
            self.add_error(field, sentence(problem.message))


def _rules_of(data: dict[str, Any]) -> RuleSet:
    """The rule set of the match form's cleaned rule fields; raises ``RulesError``."""
    rules_data = {key: data.get(key) for key in RULE_FIELDS if key in data}
    if rules_data.get("jokers") in ("", None):
        rules_data.pop("jokers", None)
    if rules_data.get("initial_flips") is None:
        rules_data.pop("initial_flips", None)
    if "house_rules" in rules_data:
        rules_data["house_rules"] = list(rules_data["house_rules"] or [])
    return RuleSet.from_dict(rules_data)


def form_values(form: forms.Form) -> dict[str, Any]:
    """What a bound form holds, field by field, as initial values to draw it again
    unchecked (no error shown for a form the player has not sent yet)."""
    return {name: form[name].data for name in form.fields}


def reseated(form: MatchForm, action: str) -> dict[str, Any]:
    """Initial values for ``form`` (bound) drawn again with one seat changed, and
    the names packed into the first boxes. ``action`` is ``up-N``, ``down-N`` or
    ``drop-N`` for the player in box N, or ``add`` (only packs: a name typed in the
    blank box takes its seat). The first deal stays with the player who had it;
    if that player leaves, it passes to the next one round the table."""
    values: dict[str, Any] = form_values(form)
    boxes = [tidy_name(str(values.get(name) or "")) for name in PLAYER_FIELDS]
    seated = [box for box in range(len(boxes)) if boxes[box]]
    try:
        dealer: int | None = seated[int(values.get("first_dealer") or 1) - 1]
    except (ValueError, IndexError):
        dealer = None
    verb, _, number = action.partition("-")
    box = int(number) - 1 if number.isascii() and number.isdigit() else -1
    if box in seated:
        at = seated.index(box)
        if verb == "up" and at > 0:
            seated[at - 1], seated[at] = seated[at], seated[at - 1]
        elif verb == "down" and at < len(seated) - 1:
            seated[at], seated[at + 1] = seated[at + 1], seated[at]
        elif verb == "drop":
            del seated[at]
            if dealer == box:
                dealer = seated[at % len(seated)] if seated else None
        # The button pressed keeps the focus in the player's new place; after a
        # removal, the next player's; after the last one's, the box that adds.
        if verb in ("up", "down"):
            values["seat_focus"] = f"{verb}-{seated.index(box) + 1}"
        elif verb == "drop":
            values["seat_focus"] = f"drop-{at + 1}" if at < len(seated) else "add"
    else:
        values["seat_focus"] = "add" if verb == "add" else ""
    for name, value in zip(
        PLAYER_FIELDS, [boxes[b] for b in seated] + [""] * len(PLAYER_FIELDS), strict=False
    ):
        values[name] = value
    values["first_dealer"] = seated.index(dealer) + 1 if dealer in seated else 1
    return values


def preset_initial(data: Any, slug: str) -> dict[str, Any] | None:
    """Initial values for the match form: what was typed, with a preset's rules."""
    preset = PRESETS.get(slug)
    if preset is None:
        return None
    return rules_initial(data, preset[2].to_dict())


def preset_notice(form: MatchForm, slug: str) -> str:
    """What the page says once a preset has filled in the rules: which preset, and
    the rules as they now stand (the line the folded rules show)."""
    name = PRESETS[slug][0]
    outline = form.rules_outline()
    return (
        f"{name} filled in the rules: {' · '.join(outline)}."
        if outline
        else f"{name} filled in the rules."
    )


def rules_initial(data: Any, rules: dict[str, Any]) -> dict[str, Any]:
    """Initial values for the match form: the names typed so far, with ``rules``
    (a ``RuleSet.to_dict()``) filled in."""
    initial: dict[str, Any] = {name: data.get(name, "") for name in PLAYER_FIELDS}
    initial["first_dealer"] = data.get("first_dealer", 1)
    for key in RULE_FIELDS:
        initial[key] = rules.get(key)
    initial["decks"] = rules["decks"] or ""
    if data.get("holes"):
        initial["holes"] = data.get("holes")
    return initial


#: Beside each player whose cards a problem of the whole table (too many kings,
#: say) is about: the problem itself is said once, at the top of the form.
TABLE_PROBLEM_HERE = "The marked cards are in the card count problem at the top of the form."

#: The hole form's answers to "Who went out first?" other than a player: not said
#: (where no rule needs it), and nobody, said on purpose.
NOT_SAID = "Nobody (or we don't care)"
NOBODY = "nobody"
NOBODY_OUT = "Nobody went out"

#: What a tampered or out-of-date hidden field says.
STALE_MESSAGE = "This form is out of date; open the hole again from the scoreboard."
STALE = dict.fromkeys(("required", "invalid", "min_value"), STALE_MESSAGE)


def went_out_choices(went_out: forms.ChoiceField, players: list[Player], rules: RuleSet) -> None:
    """Give the question of who went out first its answers: the players, nobody,
    and (where no rule needs it said) not said."""
    seats = [(str(p.seat), p.name) for p in players]
    went_out.choices = [("", NOT_SAID), (NOBODY, NOBODY_OUT), *seats]
    # Where a rule scores whoever went out, nothing is chosen for the table:
    # "nobody" is an answer of its own, after the players. Elsewhere nobody
    # (or "we don't care") is where the question starts.
    shown = [*seats, (NOBODY, NOBODY_OUT)] if rules.needs_finisher else [("", NOT_SAID), *seats]
    went_out.widget = forms.RadioSelect(choices=shown)


def grid_field(player: Player) -> forms.CharField:
    """The box of a player's cards in notation, which the keypad's slots fill."""
    return forms.CharField(
        label=f"{player.name}'s cards",
        required=False,
        max_length=120,
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "characters",
                "spellcheck": "false",
                "class": "notation",
                "aria-describedby": f"notation-help result-{player.seat}",
            }
        ),
    )


class HoleForm(forms.Form):
    """One hole: every player's grid in notation (or their total), and who went out.

    The form only reads types; :func:`scoring.services.hole_evaluate` judges the hole
    and :meth:`add_problems` puts each problem beside the player it is about.
    """

    kind = forms.ChoiceField(
        choices=Hole.Kind.choices,
        widget=forms.RadioSelect,
        initial=Hole.Kind.GRIDS,
        label="Enter",
    )
    went_out = forms.ChoiceField(
        required=False,
        label="Who went out",
        error_messages={"invalid_choice": "Choose one of the players at this table."},
    )
    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1, error_messages=STALE)
    token = forms.UUIDField(widget=forms.HiddenInput, error_messages=STALE)
    revision = forms.IntegerField(
        widget=forms.HiddenInput, required=False, min_value=0, error_messages=STALE
    )

    def __init__(self, *args: Any, players: list[Player], rules: RuleSet, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = players
        self.rules = rules
        self.places: set[tuple[int, int, int]] = set()
        self.table_errors: list[str] = []
        #: What the engine found wrong with who went out (``went_out_problems``).
        self.went_out_errors: list[str] = []
        self.seat_errors: dict[int, list[str]] = {p.seat: [] for p in players}
        went_out_choices(cast(forms.ChoiceField, self.fields["went_out"]), players, rules)
        for player in players:
            self.fields[f"grid_{player.seat}"] = grid_field(player)
            self.fields[f"total_{player.seat}"] = forms.CharField(
                label=f"{player.name}'s total",
                required=False,
                max_length=6,
                # No numeric keypad (inputmode): an iPhone's has no minus key, and
                # a hand's total is often below zero. With the script, on a touch
                # screen, the page's own number pad (which has one) takes the
                # keyboard's place (static/js/numpad.js).
                widget=forms.TextInput(
                    attrs={
                        "autocomplete": "off",
                        "aria-describedby": f"result-{player.seat}",
                    }
                ),
            )

    @classmethod
    def fresh_token(cls) -> uuid.UUID:
        return uuid.uuid4()

    def entry(self) -> HoleEntry:
        """What was typed, as the services read it (call after ``is_valid``)."""
        data = self.cleaned_data
        kind = data.get("kind", Hole.Kind.GRIDS)
        grids = tuple(data.get(f"grid_{p.seat}", "") for p in self.players)
        totals = tuple(_whole(data.get(f"total_{p.seat}", "")) for p in self.players)
        said = data.get("went_out") or ""
        return HoleEntry(
            kind=kind,
            grids=grids,
            totals=totals,
            went_out=int(said) if said.isdigit() else None,
            nobody_out=said == NOBODY,
        )

    @classmethod
    def went_out_initial(cls, went_out: int | None, rules: RuleSet) -> str:
        """The choice of who went out that a saved hole's ``went_out`` stands for."""
        if went_out is not None:
            return str(went_out)
        return NOBODY if rules.needs_finisher else ""

    def add_problems(self, problems: tuple[Problem, ...] | list[Problem]) -> None:
        """Put each problem beside its player and mark every card it is about.

        A problem of one player is shown beside that player's cards, under their
        name, so it is said without the engine's "player N" ("Card 3 of row 1: ...").
        """
        names: list[str | None] = [None] * (max((p.seat for p in self.players), default=-1) + 1)
        for player in self.players:
            names[player.seat] = player.name
        for problem in problems:
            if problem.field == "went_out":
                # Beside the question of who went out, which it is about.
                self.went_out_errors.append(sentence(problem.message))
                continue
            # Said at the top, a problem names every seat it concerns by its name.
            message = sentence(problem.with_names(names))
            seats = {seat for seat, _, _ in problem.places if seat is not None}
            self.places.update((s, r, c) for s, r, c in problem.places if s is not None)
            if problem.player is not None:
                seats = {problem.player}
            for seat in seats:
                for name in (f"grid_{seat}", f"total_{seat}"):
                    if name in self.fields:
                        self.fields[name].widget.attrs["aria-invalid"] = "true"
            if len(seats) == 1:
                self.seat_errors.setdefault(seats.pop(), []).append(sentence(problem.worded()))
            else:
                # Said once, at the top; each player it is about is pointed there.
                self.table_errors.append(message)
                for seat in seats:
                    said = self.seat_errors.setdefault(seat, [])
                    if TABLE_PROBLEM_HERE not in said:
                        said.append(TABLE_PROBLEM_HERE)

    @property
    def hidden_problems(self) -> list[str]:
        """Errors of the hidden fields, once each (they all say the same)."""
        found = {str(e) for name in ("number", "token", "revision") for e in self[name].errors}
        return sorted(found)

    @property
    def has_problems(self) -> bool:
        return bool(self.table_errors or self.went_out_errors or any(self.seat_errors.values()))


def _whole(text: str) -> int | str | None:
    text = (text or "").strip().replace("\u2212", "-")
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        return text


class SeatForm(forms.Form):
    """One player's cards for the table's draft of the next hole, entered on their
    own phone (or any keeper's): the grid, and whether they went out first.

    ``mine``: this phone enters this seat's cards from now on."""

    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1, error_messages=STALE)
    went_out = forms.BooleanField(required=False, label="I went out first")
    mine = forms.BooleanField(required=False, label="This is my seat: remember it on this phone")

    def __init__(self, *args: Any, player: Player, rules: RuleSet, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.player = player
        self.rules = rules
        self.grid_name = f"grid_{player.seat}"
        self.fields[self.grid_name] = grid_field(player)
        #: What is wrong with the cards, said beside them, and the cards marked.
        self.seat_errors: list[str] = []
        self.places: set[tuple[int, int, int]] = set()
        #: What is wrong with the hole itself (saved meanwhile, say), said on top.
        self.table_errors: list[str] = []

    @property
    def grid(self) -> str:
        """The cards as typed (after ``is_valid``)."""
        return str(self.cleaned_data.get(self.grid_name) or "")

    def add_problems(self, problems: Sequence[Problem]) -> None:
        """Put each problem of the grid beside it, without the engine's "player N"."""
        for problem in problems:
            self.seat_errors.append(sentence(problem.worded()))
            self.places.update((s, r, c) for s, r, c in problem.places if s is not None)
        if problems:
            self.fields[self.grid_name].widget.attrs["aria-invalid"] = "true"


class SeatsConfirmForm(forms.Form):
    """Confirming the hole the table entered phone by phone: who went out first
    (the seats' claims start it), the draft as this page showed it (``seen``, its
    digest) and the one-time token that saves the hole once."""

    went_out = forms.ChoiceField(
        required=False,
        label="Who went out",
        error_messages={"invalid_choice": "Choose one of the players at this table."},
    )
    token = forms.UUIDField(widget=forms.HiddenInput, error_messages=STALE)
    seen = forms.CharField(widget=forms.HiddenInput, max_length=40, error_messages=STALE)

    def __init__(self, *args: Any, players: list[Player], rules: RuleSet, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        went_out_choices(cast(forms.ChoiceField, self.fields["went_out"]), players, rules)

    @classmethod
    def fresh_token(cls) -> uuid.UUID:
        return uuid.uuid4()

    @property
    def said(self) -> str:
        """Who went out as chosen: a seat, "nobody" or "" (after ``is_valid``)."""
        return str(self.cleaned_data.get("went_out") or "")
