"""Forms for accounts and groups."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User

from .models import Group


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
