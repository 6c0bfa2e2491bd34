"""Forms for groups."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.forms.boundfield import BoundWidget
from django.utils.html import format_html, format_html_join

from scoring.engine import VARIANTS
from scoring.engine.rules import MAX_PLAYERS
from scoring.forms import PLAYER_FIELDS, MatchForm
from scoring.names import tidy_name

from .models import INVITE_DAYS, INVITE_LIFETIMES, INVITE_MOST_USES, Group, RosterPlayer


class GroupForm(forms.ModelForm[Group]):
    class Meta:
        model = Group
        fields = ("name",)
        labels = {"name": "Group name"}
        help_texts = {"name": "Something your table will recognise, like “Friday golf”."}
        error_messages = {
            "name": {
                "required": "Give the group a name.",
                "max_length": "Keep the name to %(limit_value)d characters or fewer.",
            }
        }

    def clean_name(self) -> str:
        name = tidy_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError("Give the group a name.")
        return name


class RosterForm(forms.Form):
    """A player for the roster. Its errors show beside the field, which keeps what
    was typed (``views.roster_add``); a name already on the roster in any case is
    refused by ``services.roster_add``."""

    name = forms.CharField(
        label="Add a player",
        max_length=40,
        error_messages={
            "required": "Enter the player's name.",
            "max_length": "Keep the name to %(limit_value)d characters or fewer.",
        },
    )

    def clean_name(self) -> str:
        name = tidy_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError("Enter the player's name.")
        return name


class InviteForm(forms.Form):
    """A new invitation link: how long it works (a week unless the owner chooses
    otherwise) and, if the owner wishes, how many people may join with it."""

    days = forms.TypedChoiceField(
        label="The link works for",
        choices=list(INVITE_LIFETIMES.items()),
        coerce=int,
        initial=INVITE_DAYS,
        required=False,
        empty_value=None,
        error_messages={"invalid_choice": "Choose how long the link works from the list."},
    )
    uses = forms.IntegerField(
        label="How many people may join with it",
        help_text="Leave it empty for any number.",
        required=False,
        min_value=1,
        max_value=INVITE_MOST_USES,
        error_messages={
            "invalid": "Enter a whole number of uses, or leave it empty for any number.",
            "min_value": "Let the link be used at least once.",
            "max_value": (
                "A link can be used at most %(limit_value)s times; leave it empty for any number."
            ),
        },
    )

    def clean_days(self) -> int:
        days: int | None = self.cleaned_data["days"]
        return INVITE_DAYS if days is None else days


class GroupMatchForm(MatchForm):
    """A new match inside a group: regular players ticked from the roster, anyone new
    typed in below (they join the roster), and the rules.

    Each regular has a seat box: the ticked players sit in the order of the numbers
    given them (a rematch fills them in), those left without one after, in the
    order listed; the new players sit after them all."""

    roster = forms.ModelMultipleChoiceField(
        queryset=RosterPlayer.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Regular players",
    )

    #: The seats are the ticked regulars, then the new players: "Player 2" would
    #: read as the second name box, so an unnamed seat is a seat.
    unnamed_seat = "Seat"

    def __init__(self, *args: Any, group: Group, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.group = group
        roster_field = self.fields["roster"]
        assert isinstance(roster_field, forms.ModelMultipleChoiceField)
        roster_field.queryset = group.roster.all()
        self.regulars = list(roster_field.queryset)
        for player in self.regulars:
            self.fields[seat_field(player.pk)] = forms.IntegerField(
                label=f"{player.name}'s seat",
                required=False,
                min_value=1,
                max_value=MAX_PLAYERS,
                error_messages={
                    "invalid": f"Give {player.name} a seat number from 1 to {MAX_PLAYERS}.",
                    "min_value": f"Give {player.name} a seat number from 1 to {MAX_PLAYERS}.",
                    "max_value": f"Give {player.name} a seat number from 1 to {MAX_PLAYERS}.",
                },
                widget=forms.NumberInput(
                    attrs={"inputmode": "numeric", "class": "seat-number", "size": 2}
                ),
            )
        for n, name in enumerate(PLAYER_FIELDS, start=1):
            self.fields[name].label = f"New player {n}"

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        self._mark_same_seats(data)
        return data

    def _mark_same_seats(self, data: dict[str, Any]) -> None:
        """Refuse a seat number given to two ticked regulars: the reason goes beside
        each of their seat boxes, naming who else has it. (An unticked regular's
        number seats nobody, so it clashes with nothing.)"""
        by_seat: dict[int, list[RosterPlayer]] = {}
        for player in data.get("roster") or []:
            seat = data.get(seat_field(player.pk))
            if seat is not None:
                by_seat.setdefault(seat, []).append(player)
        for seat, players in by_seat.items():
            if len(players) < 2:
                continue
            for player in players:
                others = [other.name for other in players if other != player]
                self.add_error(seat_field(player.pk), same_seat_message(others, seat))

    @classmethod
    def kept_on_preset(cls, data: Any) -> dict[str, Any]:
        kept: dict[str, Any] = {"roster": data.getlist("roster")}
        kept.update((key, data.get(key)) for key in data if key.startswith(SEAT_PREFIX))
        return kept

    def roster_rows(self) -> list[tuple[BoundWidget, forms.BoundField]]:
        """Each regular's tick box with its seat box, in the roster's order."""
        boxes = list(self["roster"])
        return [
            (box, self[seat_field(player.pk)])
            for box, player in zip(boxes, self.regulars, strict=True)
        ]

    def seated_names(self, data: Mapping[str, Any]) -> list[str]:
        picked = self.seated_regulars(data)
        return [player.name for player in picked] + super().seated_names(data)

    def seated_regulars(self, data: Mapping[str, Any]) -> list[RosterPlayer]:
        """The ticked regulars in seating order: by the seat numbers given, then
        the ones without a number, in the order listed."""
        picked = list(data.get("roster") or [])

        def place(item: tuple[int, RosterPlayer]) -> tuple[bool, int, int]:
            listed, player = item
            seat = data.get(seat_field(player.pk))
            return (seat is None, seat or 0, listed)

        return [player for _, player in sorted(enumerate(picked), key=place)]

    @property
    def new_names(self) -> list[str]:
        """The typed names (after ``is_valid``): players to add to the roster."""
        return super().seated_names(self.cleaned_data)


SEAT_PREFIX = "seat_"


def seat_field(roster_id: int) -> str:
    """The name of a regular's seat box."""
    return f"{SEAT_PREFIX}{roster_id}"


def same_seat_message(others: list[str], seat: int) -> str:
    """What a regular's seat box says when ``others`` were given its number too."""
    names = [format_html("<bdi>{}</bdi>", name) for name in others]
    if len(names) == 1:
        return format_html(
            "{} has seat {} too; give each player a different number.", names[0], seat
        )
    listed = format_html_join(", ", "{}", ((name,) for name in names[:-1]))
    return format_html(
        "{} and {} have seat {} too; give each player a different number.",
        listed,
        names[-1],
        seat,
    )


#: Browsers show a date field in their own format (31/03/2025, 3/31/2025, ...), so
#: the message names none.
BAD_DATE = "That is not a date the page can read. Choose the date again, or clear the field."


class HistoryFilter(forms.Form):
    """Narrow a group's history: one player, one variant, a range of dates."""

    player = forms.ModelChoiceField(
        queryset=RosterPlayer.objects.none(),
        required=False,
        empty_label="Everyone",
        error_messages={"invalid_choice": "Choose a player from the roster."},
    )
    variant = forms.ChoiceField(
        required=False,
        choices=[("", "Any variant")] + [(v.slug, v.name) for v in VARIANTS.values()],
        error_messages={"invalid_choice": "Choose one of the variants listed."},
    )
    since = forms.DateField(
        required=False,
        label="From",
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={"invalid": BAD_DATE},
    )
    until = forms.DateField(
        required=False,
        label="To",
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={"invalid": BAD_DATE},
    )

    def __init__(self, *args: Any, group: Group, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        player = self.fields["player"]
        assert isinstance(player, forms.ModelChoiceField)
        player.queryset = group.roster.all()

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        since, until = data.get("since"), data.get("until")
        if since and until and since > until:
            self.add_error("until", "The end date comes before the start date.")
        return data

    @property
    def filters(self) -> dict[str, Any]:
        """The valid filters as keyword arguments (call after ``is_valid``)."""
        data = getattr(self, "cleaned_data", {})
        return {
            "player": data.get("player"),
            "variant": data.get("variant") or "",
            "since": data.get("since"),
            "until": data.get("until"),
        }
