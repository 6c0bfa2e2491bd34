"""Sign-up, rate-limited log-in and log-out; the password pages are Django's own.

An invitation link sends a visitor here with ``next`` set to it: the pages name the
group it is for (``groups.selectors.group_for_invite_link``) and go back to it
afterwards."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView, LogoutView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods

from groups.models import Group
from groups.selectors import group_for_invite_link
from scoring.views.access import member_groups
from scoring.views.matches import recent_matches

from . import ratelimit
from .forms import SignupForm

TOO_MANY = "Too many attempts. Wait a few minutes, then try again."


def _next_url(request: HttpRequest, default: str) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    if url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return default


def _invited_to(request: HttpRequest) -> Group | None:
    """The group of the invitation the visitor goes to next, if it still works."""
    return group_for_invite_link(url=_next_url(request, ""))


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log straight in."""
    if request.user.is_authenticated:
        return redirect("groups:list")
    form = SignupForm(request.POST or None)
    status = 200
    if request.method == "POST":
        allowed = ratelimit.hit(
            "signup", ratelimit.client_address(request), ratelimit.SIGNUP_LIMIT_PER_ADDRESS
        )
        if not allowed:
            form.add_error(None, TOO_MANY)
            status = 429
        elif form.is_valid():
            user = form.save()
            login(request, user)
            messages.success(request, f"Welcome, {user.get_username()}!")
            return redirect(_next_url(request, reverse("groups:list")))
    return render(
        request,
        "registration/signup.html",
        {"form": form, "next": _next_url(request, ""), "invited_to": _invited_to(request)},
        status=status,
    )


class SignOutView(LogoutView):
    """Django's log-out, and the page after it says so. (The message waits in a
    cookie: the session it would otherwise go in is flushed by the log-out.)"""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response = super().post(request, *args, **kwargs)
        messages.info(request, "You are signed out.")
        return response


class RateLimitedLoginView(LoginView):
    """Django's log-in, with failed attempts limited per address and per account
    name (each attempt is counted as it comes, so a burst cannot slip past the
    limit, and taken back if it worked)."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), "invited_to": _invited_to(self.request)}

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        address = ratelimit.client_address(request)
        username = str(request.POST.get("username", ""))
        over_address = not ratelimit.hit(
            "login-address", address, ratelimit.LOGIN_LIMIT_PER_ADDRESS
        )
        over_account = bool(username) and not ratelimit.hit(
            "login-account", username, ratelimit.LOGIN_LIMIT_PER_ACCOUNT
        )
        if over_address or over_account:
            form = self.get_form()
            form.is_bound = True
            form.add_error(None, TOO_MANY)
            return self.render_to_response(self.get_context_data(form=form), status=429)
        response = super().post(request, *args, **kwargs)
        if request.user.is_authenticated:
            # Only failed attempts count: one that worked is taken back, so people
            # sharing an address (a household, a club's wifi) are never locked out
            # by logging in.
            ratelimit.forget_one("login-address", address)
            ratelimit.reset("login-account", username)
        return response


#: Matches the account page lists; "My matches" has them all.
ACCOUNT_MATCHES = 5


@login_required
@require_GET
def account(request: HttpRequest) -> HttpResponse:
    """Where the username in the header leads: the latest matches, the groups, and
    the password."""
    return render(
        request,
        "registration/account.html",
        {
            "matches": recent_matches(request, ACCOUNT_MATCHES),
            "groups": member_groups(request),
        },
    )
