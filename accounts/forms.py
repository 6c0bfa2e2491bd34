"""The sign-up form (log-in and the password pages use Django's own)."""

from __future__ import annotations

import re

from django import forms
from django.contrib.auth.forms import UserCreationForm, UsernameField
from django.contrib.auth.models import User
from django.db.models import F, Func, Value
from django.db.models.functions import Lower, Replace

#: What a new username may hold: plain letters, digits and a few signs, so no
#: letter from another alphabet (a Cyrillic "а") or with an accent can pass for
#: another (existing accounts keep the names they have).
PLAIN_NAME = re.compile(r"[A-Za-z0-9@.+\-_]+")

#: Characters that look alike in a name, each written as the one it stands for:
#: two names that read the same once these are replaced (and case ignored) are
#: look-alikes ("Admin", "adm1n", "admln", "adrnin" all read as "admin").
LOOK_ALIKES = (("rn", "m"), ("vv", "w"), ("0", "o"), ("1", "l"), ("i", "l"))


def skeleton(expression: Func | F) -> Func:
    """The database expression for ``expression`` as it reads (see LOOK_ALIKES)."""
    result: Func = Lower(expression)
    for seen, read in LOOK_ALIKES:
        result = Replace(result, Value(seen), Value(read))
    return result


def skeleton_of(name: str) -> str:
    """``skeleton`` in Python, for a name being typed."""
    result = name.lower()
    for seen, read in LOOK_ALIKES:
        result = result.replace(seen, read)
    return result


class SignupForm(UserCreationForm[User]):
    """A username and a password; an email address only for password resets."""

    email = forms.EmailField(
        required=False,
        help_text=(
            "Optional, one account per address. Only used to send you a link if you "
            "forget your password."
        ),
    )

    class Meta:
        model = User
        fields = ("username", "email")
        field_classes = {"username": UsernameField}
        # Django's own ("Letters, digits and @/./+/-/_ only.") reads as a path on a
        # phone: the rule in words, and who sees the name.
        help_texts = {
            "username": (
                "The name the members of your groups see. Letters a to z without "
                "accents, digits and the signs @ . + - _ only, no spaces; up to 150 "
                "characters. A name that looks like one already taken (Ann and ann, "
                "0 and O, 1 and l) is refused."
            )
        }

    def clean_username(self) -> str:
        if not PLAIN_NAME.fullmatch(str(self.cleaned_data.get("username") or "")):
            raise forms.ValidationError(
                "Use only the letters a to z without accents, digits and the signs @ . + - _.",
                code="plain_name",
            )
        # Then Django's own check: a name already taken, whatever its case.
        username = str(super().clean_username())
        taken = (
            User.objects.alias(reads_as=skeleton(F("username")))
            .filter(reads_as=skeleton_of(username))
            .values_list("username", flat=True)
            .first()
        )
        if taken is not None:
            # Not which name: that would let anyone list accounts by trying names.
            raise forms.ValidationError(
                "This name looks too much like one already taken (Ann and ann, 0 and O, "
                "1 and l read the same). Choose another.",
                code="look_alike",
            )
        return username

    #: The address typed, when another account uses it (see clean_email).
    email_taken: str = ""

    def clean_email(self) -> str:
        """One account per email address, whatever its case: a password reset then
        goes to one account. (A check here, not a database constraint, so databases
        that already hold two accounts with one address still migrate.)

        An address already used is not refused: the page would tell anyone which
        addresses have accounts. The new account is made without it, and the
        address's owner is mailed instead (``accounts.views.signup``)."""
        email = str(self.cleaned_data.get("email") or "")
        if email and User.objects.filter(email__iexact=email).exists():
            self.email_taken = email
            return ""
        return email
