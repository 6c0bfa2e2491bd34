"""The site's ``{% url %}`` (golfsite.links): Django's syntax and output, made once
per process and then remembered."""

import pytest
from django.template import Context, Template
from django.test import RequestFactory
from django.urls import NoReverseMatch, include, path, reverse, set_script_prefix

from golfsite.links import _link


def render(text, **context):
    return Template(text).render(Context(context))


def test_links_are_the_ones_django_makes():
    assert render("{% url 'rules:guide' %}") == reverse("rules:guide")
    assert render("{% url 'scoring:hole_detail' 7 3 %}") == reverse(
        "scoring:hole_detail", args=[7, 3]
    )
    assert render("{% url 'scoring:hole_detail' pk=m number=2 %}", m=9) == reverse(
        "scoring:hole_detail", kwargs={"pk": 9, "number": 2}
    )
    assert render("{% url name slug %}", name="rules:variant", slug="four-card") == (
        reverse("rules:variant", args=["four-card"])
    )


def test_a_link_is_escaped_in_html_and_kept_whole_in_a_variable():
    token = "a&b"
    assert render("{% url 'scoring:match_shared' t %}", t=token) == "/matches/shared/a&amp;b/"
    text = "{% url 'scoring:match_shared' t as link %}[{{ link|safe }}]"
    assert render(text, t=token) == "[/matches/shared/a&b/]"


def test_a_wrong_name_fails_as_before_unless_kept_in_a_variable():
    with pytest.raises(NoReverseMatch):
        render("{% url 'scoring:no_such_page' %}")
    assert render("{% url 'scoring:no_such_page' as link %}[{{ link }}]") == "[]"


def test_a_link_is_made_once_then_remembered():
    _link.cache_clear()
    render("{% url 'scoring:hole_detail' 7 3 %}")
    render("{% url 'scoring:hole_detail' 7 3 %}")
    render("{% url 'scoring:hole_detail' 7 4 %}")
    info = _link.cache_info()
    assert (info.hits, info.misses) == (1, 2)


def test_links_follow_the_script_prefix_the_site_is_served_under():
    plain = render("{% url 'rules:guide' %}")
    set_script_prefix("/golf/")
    try:
        assert render("{% url 'rules:guide' %}") == "/golf" + plain
    finally:
        set_script_prefix("/")
    assert render("{% url 'rules:guide' %}") == plain


#: A URLconf of this module's own, with the rules somewhere else.
urlpatterns = [path("elsewhere/", include("rules.urls"))]


def test_links_follow_the_urlconf_in_use(settings):
    assert render("{% url 'rules:guide' %}") == "/rules/"
    settings.ROOT_URLCONF = __name__
    assert render("{% url 'rules:guide' %}") == "/elsewhere/"


def test_a_list_argument_is_reversed_without_being_remembered():
    _link.cache_clear()
    template = Template("{% url 'scoring:match_shared' token as link %}{{ link|safe }}")
    request = RequestFactory().get("/")
    assert template.render(Context({"token": ["x"], "request": request})) == reverse(
        "scoring:match_shared", args=[["x"]]
    )
    assert _link.cache_info().currsize == 0
