"""Forms for accounts and groups."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User

from scoring.forms import PLAYER_FIELDS, MatchForm

from .models import Group, RosterPlayer


class SignupForm(UserCreationForm):  # type: ignore[type-arg]
    """A username and a password; an email address only for password resets."""

    email = forms.EmailField(
        required=False,
        help_text="Optional. Only used to send you a link if you forget your password.",
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


class GroupForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = Group
        fields = ("name",)
        labels = {"name": "Group name"}
        help_texts = {"name": "Something your table will recognise, like “Friday golf”."}

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError("Give the group a name.")
        return name


class RosterForm(forms.Form):
    name = forms.CharField(label="Player's name", max_length=40)

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError("Enter the player's name.")
        return name


class GroupMatchForm(MatchForm):
    """A new match inside a group: regular players ticked from the roster (seated in
    the order listed), anyone new typed in below (they join the roster), and the rules."""

    roster = forms.ModelMultipleChoiceField(
        queryset=RosterPlayer.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Regular players",
    )

    def __init__(self, *args: Any, group: Group, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.group = group
        roster_field = self.fields["roster"]
        assert isinstance(roster_field, forms.ModelMultipleChoiceField)
        roster_field.queryset = group.roster.all()
        for n, name in enumerate(PLAYER_FIELDS, start=1):
            self.fields[name].label = f"New player {n}"

    def seated_names(self, data: dict[str, Any]) -> list[str]:
        picked = [player.name for player in data.get("roster") or []]
        return picked + super().seated_names(data)

    @property
    def new_names(self) -> list[str]:
        """The typed names (after ``is_valid``): players to add to the roster."""
        return super().seated_names(self.cleaned_data)
