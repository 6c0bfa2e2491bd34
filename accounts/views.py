"""Sign-up, rate-limited log-in and log-out; the password pages are Django's own.

An invitation link sends a visitor here with ``next`` set to it: the pages name the
group it is for (``groups.selectors.group_for_invite_link``) and go back to it
afterwards."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm, SetPasswordForm
from django.contrib.auth.views import (
    LoginView,
    LogoutView,
    PasswordResetConfirmView,
    PasswordResetView,
)
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods, require_safe

from golfsite import ratelimit
from groups.models import Group
from groups.selectors import group_for_invite_link
from scoring.views.access import member_groups
from scoring.views.limits import browser_for_limits, keep_browser_for_limits
from scoring.views.matches import recent_matches

from . import tasks
from .forms import SignupForm

TOO_MANY_SIGNUPS = (
    "Too many sign-ups from your connection. "
    f"Wait {ratelimit.SIGNUP_PER_ADDRESS.minutes} minutes, then try again."
)
TOO_MANY_FROM_HERE = (
    f"Too many failed log-ins from your connection. "
    f"Wait {ratelimit.LOGIN_PER_ADDRESS.minutes} minutes, then try again."
)
TOO_MANY_FOR_ACCOUNT = (
    "Too many wrong passwords for this account. "
    f"Wait {ratelimit.LOGIN_PER_ADDRESS_AND_ACCOUNT.minutes} minutes, "
    "or reset your password with the link below."
)
ACCOUNT_UNDER_ATTACK = (
    "This account has had too many wrong passwords lately, so it only opens on a "
    "device that has logged in to it before. To log in here now, reset your password "
    "with the link below: the browser you do it in can log in straight away. "
    f"Or wait {ratelimit.LOGIN_PER_ACCOUNT.minutes} minutes."
)


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


def _tell_address_owner(request: HttpRequest, email: str) -> None:
    """Have the owner of an address someone tried to sign up with mailed, after the
    response (``tasks.tell_address_owner``); at most a few times a day, so that
    signing up with someone's address cannot fill their inbox. The sign-up page
    itself answers as for any other address, so it never tells who has an account."""
    if ratelimit.hit(ratelimit.SIGNUP_MAIL_PER_EMAIL, ratelimit.account_name(email)):
        reset_url = request.build_absolute_uri(reverse("password_reset"))
        tasks.tell_address_owner.enqueue(email, reset_url)


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Create an account and log straight in. An email address another account
    uses is left off the new account (one account per address) and its owner is
    mailed; the page answers the same either way."""
    if request.user.is_authenticated:
        return redirect("groups:list")
    form = SignupForm(request.POST or None)
    status = 200
    if request.method == "POST":
        allowed = ratelimit.hit(ratelimit.SIGNUP_PER_ADDRESS, ratelimit.client_address(request))
        if not allowed:
            form.add_error(None, TOO_MANY_SIGNUPS)
            status = 429
        elif form.is_valid():
            user = form.save()
            if form.email_taken:
                _tell_address_owner(request, form.email_taken)
            login(request, user)
            messages.success(request, format_html("Welcome, <bdi>{}</bdi>!", user.get_username()))
            return redirect(_next_url(request, reverse("groups:list")))
    return render(
        request,
        "registration/signup.html",
        {"form": form, "next": _next_url(request, ""), "invited_to": _invited_to(request)},
        status=status,
    )


class SignOutView(LogoutView):
    """Django's log-out, and the page after it says so. (The message waits in a
    cookie: the session it would otherwise go in is flushed by the log-out.) The
    browser keeps counting the matches it starts where it was
    (``scoring.views.limits``): logging out does not start its limit again."""

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        browser = browser_for_limits(request)
        response = super().post(request, *args, **kwargs)
        keep_browser_for_limits(request, browser)
        messages.info(request, "You are signed out.")
        return response


class RateLimitedLoginView(LoginView):
    """Django's log-in, with failed attempts limited per address, per address and
    account, and per account (see ``golfsite.ratelimit``). Each attempt is counted
    as it comes, so a burst cannot slip past a limit, and taken back if it worked.

    The per-account limit spares browsers that have logged in to the account
    before, so wrong passwords sent from elsewhere never lock its owner out."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), "invited_to": _invited_to(self.request)}

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        """Log in; the attempt, counted by ``post``, is taken back: only failed
        attempts count, so people sharing an address (a household, a club's wifi)
        are never locked out by logging in."""
        request = self.request
        address = ratelimit.client_address(request)
        # The account as post counted it: as typed.
        typed = str(request.POST.get("username", ""))
        account = ratelimit.account_name(typed)
        # Logging in over another account empties the session: the browser's count
        # of matches started goes on all the same (scoring.views.limits).
        browser = browser_for_limits(request)
        response = super().form_valid(form)
        keep_browser_for_limits(request, browser)
        ratelimit.forget_one(ratelimit.LOGIN_PER_ADDRESS, address)
        ratelimit.reset(ratelimit.LOGIN_PER_ADDRESS_AND_ACCOUNT, address, account)
        if not ratelimit.known_browser(request, typed):
            ratelimit.forget_one(ratelimit.LOGIN_PER_ACCOUNT, account)
        ratelimit.remember_browser(request, response, form.get_user().get_username())
        return response

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        address = ratelimit.client_address(request)
        username = str(request.POST.get("username", ""))
        account = ratelimit.account_name(username)
        known = bool(account) and ratelimit.known_browser(request, username)
        refusals = [
            None if ratelimit.hit(ratelimit.LOGIN_PER_ADDRESS, address) else TOO_MANY_FROM_HERE
        ]
        if account:
            if not ratelimit.hit(ratelimit.LOGIN_PER_ADDRESS_AND_ACCOUNT, address, account):
                refusals.append(TOO_MANY_FOR_ACCOUNT)
            if not known and not ratelimit.hit(ratelimit.LOGIN_PER_ACCOUNT, account):
                refusals.append(ACCOUNT_UNDER_ATTACK)
        refusal = next((r for r in refusals if r), None)
        if refusal:
            form = self.get_form()
            form.is_bound = True
            form.add_error(None, refusal)
            return self.render_to_response(self.get_context_data(form=form), status=429)
        # A log-in that works is taken back in form_valid (not by asking whether
        # the visitor is signed in afterwards: one already signed in to another
        # account would have every wrong password forgiven).
        return super().post(request, *args, **kwargs)


class ThrottledPasswordResetView(PasswordResetView):
    """Django's password reset, sending at most a few mails per email address and
    per caller's address. Past a limit the page says what it always says (that a
    link is on its way if an account uses the address) and sends nothing, so it
    never tells whether an account exists."""

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:
        email = ratelimit.account_name(form.cleaned_data["email"])
        address = ratelimit.client_address(self.request)
        if ratelimit.hit(ratelimit.RESET_PER_ADDRESS, address) and ratelimit.hit(
            ratelimit.RESET_PER_EMAIL, email
        ):
            return super().form_valid(form)
        return HttpResponseRedirect(self.get_success_url())


class KnownBrowserPasswordResetConfirmView(PasswordResetConfirmView):
    """Django's choose-a-new-password page; the browser that used the mailed link
    counts from then on as one that has logged in to the account (so the account's
    log-in limit, reached by someone else, does not stop it)."""

    def form_valid(self, form: SetPasswordForm[Any]) -> HttpResponse:
        response = super().form_valid(form)
        username = form.user.get_username()
        address = ratelimit.client_address(self.request)
        ratelimit.reset(
            ratelimit.LOGIN_PER_ADDRESS_AND_ACCOUNT, address, ratelimit.account_name(username)
        )
        ratelimit.remember_browser(self.request, response, username)
        return response


#: Matches the account page lists; "My matches" has them all.
ACCOUNT_MATCHES = 5


@login_required
@require_safe
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
