"""The sign-up form (log-in and the password pages use Django's own)."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm, UsernameField
from django.contrib.auth.models import User


class SignupForm(UserCreationForm[User]):
    """A username and a password; an email address only for password resets."""

    email = forms.EmailField(
        required=False,
        help_text="Optional. Only used to send you a link if you forget your password.",
    )

    class Meta:
        model = User
        fields = ("username", "email")
        field_classes = {"username": UsernameField}
        # Django's own ("Letters, digits and @/./+/-/_ only.") reads as a path on a
        # phone: the same rule in words, and who sees the name.
        help_texts = {
            "username": (
                "The name the members of your groups see. Letters, digits and "
                "the signs @ . + - _ only, no spaces; up to 150 characters."
            )
        }
