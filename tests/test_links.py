"""The site's ``{% url %}`` (golfsite.links): Django's syntax and output, made once
per process and then remembered."""

import pytest
from django.template import Context, RequestContext, Template
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


#: A URLconf of this module's own: the rules somewhere else, and twice more as
#: other instances of the same app.
urlpatterns = [
    path("elsewhere/", include("rules.urls")),
    path("one/", include("rules.urls", namespace="one")),
    path("two/", include("rules.urls", namespace="two")),
]


def test_links_follow_the_urlconf_in_use(settings):
    assert render("{% url 'rules:guide' %}") == "/rules/"
    settings.ROOT_URLCONF = __name__
    assert render("{% url 'rules:guide' %}") == "/elsewhere/"


def test_arguments_equal_but_of_other_types_make_their_own_links():
    """1, True and 1.0 are equal keys, but Django makes three different links."""
    _link.cache_clear()
    template = Template("{% url 'scoring:match_shared' token as link %}{{ link|safe }}")
    for token in (1, True, 1.0, ["x"]):
        assert template.render(Context({"token": token})) == reverse(
            "scoring:match_shared", args=[token]
        )
    assert _link.cache_info().currsize == 1  # only the int was remembered


def test_a_link_follows_the_app_instance_the_request_came_through(settings):
    settings.ROOT_URLCONF = __name__
    template = Template("{% url 'rules:guide' %}")
    request = RequestFactory().get("/")
    links = []
    for instance in ("two", "one", "two"):
        request.current_app = instance
        links.append(template.render(RequestContext(request)))
    assert links == ["/two/", "/one/", "/two/"]
