"""Forms of the rules reference: pick a rule set, type a grid, answer a total, and
set up a practice table on the play page.

Choices come from the engine's catalogs; the form only turns a query string into a
:class:`RuleSet` and reports, in players' words, what it could not read.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.http import QueryDict
from django.utils.html import format_html

from golfsite.wording import sentence
from scoring.engine import JOKER_OPTIONS, VARIANTS, DeckKind, HouseRule, RulesError, RuleSet
from scoring.engine.coach import Strength
from scoring.engine.play import MATCH_LENGTHS, MAX_SEATS, playable_problem
from scoring.engine.rules import DECK_DESCRIPTIONS

from .play_state import MAX_SEED as MAX_DEAL
from .play_state import PLAY_RULES, Choice, new_seed

DECK_NAMES = {DeckKind.STANDARD: "Standard 52-card decks", DeckKind.ZSA: "The ZSA deck"}
RULE_FIELDS = ("variant", "deck", "jokers", "house_rules")
DEFAULTS = {"variant": "six-card", "deck": DeckKind.STANDARD.value}
#: Longest grid notation the pages read (a ten-card grid with suits is ~40 characters).
MAX_GRID_LENGTH = 200
#: Practice grids are numbered (seeded) from 0 to this.
MAX_SEED = 999_999_999


def _invalid(what: str) -> dict[str, str]:
    return {"invalid_choice": f"“%(value)s” is not {what} this site knows; pick one from the list."}


class RulesForm(forms.Form):
    """Variant, deck, jokers and the house rules of the scopes a page cares about."""

    variant = forms.ChoiceField(
        choices=[(slug, v.name) for slug, v in VARIANTS.items()],
        error_messages=_invalid("a variant"),
    )
    deck = forms.ChoiceField(
        choices=[(kind.value, DECK_NAMES[kind]) for kind in DeckKind],
        error_messages=_invalid("a deck"),
        help_text=" ".join(DECK_DESCRIPTIONS.values()),
    )
    jokers = forms.ChoiceField(
        choices=[("", "As the variant usually plays")]
        + [(slug, option.name) for slug, option in JOKER_OPTIONS.items()],
        required=False,
        error_messages=_invalid("a joker option"),
    )
    house_rules = forms.MultipleChoiceField(
        choices=[(rule.slug, rule.title) for rule in HouseRule],
        widget=forms.CheckboxSelectMultiple,
        required=False,
        error_messages={
            "invalid_choice": "“%(value)s” is not a house rule this site knows; tick them "
            "from the list."
        },
    )

    def __init__(
        self, data: Mapping[str, Any] | None = None, *, scopes: Collection[str] = (), **kwargs: Any
    ) -> None:
        super().__init__(_with_defaults(data), **kwargs)
        # What a choice left out of the address means, for the script that sets the
        # fields from the address after Back (static/js/try.js).
        for name in ("variant", "deck", "jokers"):
            self.fields[name].widget.attrs["data-default"] = DEFAULTS.get(name, "")
        #: The house rules this page offers (the others cannot change what it shows).
        self.offered = [rule for rule in HouseRule if not scopes or rule.scope in scopes]
        self.offered_slugs = {rule.slug for rule in self.offered}
        self.ruleset: RuleSet | None = None

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if any(name in self.errors for name in RULE_FIELDS):
            return data
        chosen = [HouseRule(slug) for slug in data.get("house_rules") or []]
        unused = [rule for rule in chosen if rule.slug not in self.offered_slugs]
        if unused:
            one = len(unused) == 1
            names = " and ".join(rule.title for rule in unused)
            self.add_error(
                "house_rules",
                f"{names} {'does' if one else 'do'} not change what this page shows, so "
                f"{'it is' if one else 'they are'} left out here; keep "
                f"{'it' if one else 'them'} for a match.",
            )
            return data
        options: dict[str, Any] = {
            "variant": data["variant"],
            "deck": data["deck"],
            "house_rules": list(data.get("house_rules") or []),
        }
        if data.get("jokers"):
            options["jokers"] = data["jokers"]
        try:
            self.ruleset = RuleSet.from_dict(options)
        except RulesError as exc:
            for problem in exc.problems:
                field = problem.field if problem.field in self.fields else None
                self.add_error(field, sentence(problem.message))
        return data

    def query_items(self) -> list[tuple[str, str]]:
        """The chosen rules as query-string pairs (defaults left out)."""
        return rules_query_items(self.ruleset) if self.ruleset else []


class TryForm(RulesForm):
    """The try-it scorer: rules plus a grid in notation."""

    grid = forms.CharField(
        required=False,
        max_length=MAX_GRID_LENGTH,
        strip=True,
        label="Grid, row by row",
        help_text=format_html(
            "Top row first; cards apart with spaces, rows apart with a slash, like "
            "<code>{}</code> (with every card there, the slashes may be left out). "
            "Suits are optional: KH, 10S, 2D. A joker is JK.",
            "8 5 7 / 8 3 9",
        ),
        error_messages={
            "max_length": "That grid is too long to be a Golf grid (at most %(limit_value)d "
            "characters); check what was pasted."
        },
    )


class PracticeForm(RulesForm):
    """Practice: the rules, the dealt grid (by its seed) and the learner's total."""

    seed = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_SEED,
        widget=forms.HiddenInput,
        error_messages={"invalid": "That practice grid's number is not valid; here is a new grid."},
    )
    answer = forms.CharField(
        required=False,
        max_length=8,
        label="Your total for this grid",
        help_text="A whole number; a minus sign is fine, like −4.",
        error_messages={
            "max_length": "That is longer than any total; type a whole number like 12."
        },
    )

    #: "Show me the answer": the grid's score and its breakdown, without a total to check.
    reveal = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def clean_answer(self) -> int | None:
        text = (self.cleaned_data.get("answer") or "").strip().replace("\u2212", "-")
        if not text:
            if "answer" in self.data and not self.data.get("reveal"):
                # "Check my total" pressed with the field empty: say so, not nothing.
                raise forms.ValidationError(
                    "Type your total first, then check it: a whole number like 12 or −4.",
                    code="required",
                )
            return None
        try:
            return int(text)
        except ValueError:
            raise forms.ValidationError(
                "Type the total as a whole number, like 12 or −4.", code="invalid"
            ) from None


def rules_query_items(rules: RuleSet) -> list[tuple[str, str]]:
    """Query-string pairs that rebuild ``rules`` in the forms above."""
    items = [("variant", rules.variant)]
    if rules.deck is not DeckKind.STANDARD:
        items.append(("deck", rules.deck.value))
    if rules.jokers:
        items.append(("jokers", rules.jokers))
    items.extend(("house_rules", rule.slug) for rule in rules.house_rules_in_order)
    return items


def rules_from_dict(options: Mapping[str, Any]) -> RuleSet:
    """A rule set from content data (examples, house-rule pages)."""
    return RuleSet.from_dict({"variant": "six-card", **options})


def query_string(items: list[tuple[str, str]]) -> str:
    """``?a=b&c=d`` (``+`` for spaces, so grids stay readable)."""
    return "?" + urlencode(items) if items else ""


def _with_defaults(data: Mapping[str, Any] | None) -> QueryDict:
    query = QueryDict(mutable=True)
    if data is not None:
        if isinstance(data, QueryDict):
            for key in data:
                # Control characters are never part of a choice or a grid: read them as spaces.
                query.setlist(key, [_printable(value) for value in data.getlist(key)])
        else:
            for key, value in data.items():
                query.setlist(key, value if isinstance(value, list) else [value])
    for key, value in DEFAULTS.items():
        if not query.get(key):
            query[key] = value
    # Accept house_rules=a,b as well as house_rules=a&house_rules=b.
    rules = [part for item in query.getlist("house_rules") for part in item.split(",") if part]
    query.setlist("house_rules", rules)
    return query


def _printable(value: str) -> str:
    return "".join(ch if ch == "\n" or ch >= " " else " " for ch in value)


class _ChoicesWithReasons(forms.RadioSelect):
    """Radio buttons, those in ``disabled`` shown but not to be chosen."""

    def __init__(self, *args: Any, disabled: Collection[str] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.disabled = set(disabled)

    def create_option(self, name: str, value: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(name, value, *args, **kwargs)
        if str(value) in self.disabled:
            option["attrs"]["disabled"] = True
        return option


class PlayForm(forms.Form):
    """The play page's setup: how many computer players and how strong, how many
    holes, the rules, and (from a "Replay this deal" link) the deal's number."""

    opponents = forms.TypedChoiceField(
        label="Computer players",
        choices=[(n, str(n)) for n in range(1, MAX_SEATS)],
        coerce=int,
        initial=1,
        widget=forms.RadioSelect,
    )
    strength = forms.ChoiceField(
        label="How well they play",
        choices=[(s.value, s.label) for s in Strength],
        initial=Strength.NORMAL.value,
        widget=forms.RadioSelect,
    )
    holes = forms.TypedChoiceField(
        label="Holes",
        choices=[(n, f"{n} hole{'s' if n > 1 else ''}") for n in MATCH_LENGTHS],
        coerce=int,
        initial=MATCH_LENGTHS[0],
        widget=forms.RadioSelect,
    )
    rules = forms.ChoiceField(
        label="Rules",
        choices=[(slug, choice.name) for slug, choice in PLAY_RULES.items()],
        initial="classic",
        widget=_ChoicesWithReasons(
            disabled=[slug for slug, choice in PLAY_RULES.items() if choice.problem]
        ),
        error_messages=_invalid("a rule set"),
    )
    seed = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_DEAL,
        widget=forms.HiddenInput,
        error_messages={"invalid": "That deal's number is not valid; a new deal is dealt."},
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        slug, opponents = data.get("rules"), data.get("opponents")
        if slug in PLAY_RULES and opponents:
            problem = playable_problem(PLAY_RULES[slug].rules, opponents + 1)
            if problem:
                self.add_error("rules", f"Not offered here yet: {sentence(problem)}")
        return data

    def choice(self) -> Choice:
        """The valid form's choice, with a new deal's number when it names none."""
        data = self.cleaned_data
        seed = data.get("seed")
        return Choice(
            rules=data["rules"],
            opponents=data["opponents"],
            strength=Strength(data["strength"]),
            holes=data["holes"],
            seed=new_seed() if seed is None else seed,
        )

    @classmethod
    def initial_from(cls, choice: Choice) -> dict[str, Any]:
        """The form's fields as ``choice`` set them (for the next game, a new deal)."""
        return {
            "rules": choice.rules,
            "opponents": choice.opponents,
            "strength": choice.strength.value,
            "holes": choice.holes,
        }
