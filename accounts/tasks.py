"""The accounts app's jobs, run after the response by the site's queue (Django's
tasks framework: ``settings.TASKS``; ``manage.py db_worker`` runs them)."""

from __future__ import annotations

from django.core.mail import send_mail
from django.template.loader import render_to_string
from django_tasks import task


@task()
def tell_address_owner(email: str, reset_url: str) -> None:
    """Mail the owner of ``email``: someone tried to sign up with it. A job, not part
    of the sign-up's request: a mail server's answer takes long enough to tell, by
    the time the page took, which addresses have an account."""
    context = {"email": email, "reset_url": reset_url}
    send_mail(
        render_to_string("registration/signup_address_taken_subject.txt", context).strip(),
        render_to_string("registration/signup_address_taken_email.txt", context),
        None,
        [email],
    )
