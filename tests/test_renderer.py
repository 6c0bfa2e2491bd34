"""The site's form renderer writes single inputs in Python: every field of every
form must come out exactly as Django's own templates draw it."""

import pytest
from django import forms
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm
from django.contrib.auth.models import User
from django.forms.renderers import DjangoTemplates
from django.utils.safestring import mark_safe
from hypothesis import given, settings
from hypothesis import strategies as st

from accounts.forms import SignupForm
from golfsite.renderer import FormRenderer
from groups.forms import GroupForm, RosterForm
from rules.forms import PracticeForm, RulesForm, TryForm
from scoring.forms import HoleForm, MatchForm
from scoring.models import Player

DJANGO = DjangoTemplates()
OURS = FormRenderer()

AWKWARD = 'Ann "the <b>" & O\'Brien'


def drawn(form):
    """Everything a template can draw of each field: the whole widget, each option
    with and without its label round it, and the label."""
    out = []
    for field in form:
        out.append(str(field))
        out.append(field.label_tag())
        for option in field.subwidgets:
            out.extend([option.tag(), option.tag(wrap_label=True)])
    return out


def players():
    return [Player(seat=seat, name=name) for seat, name in enumerate(["Ann", AWKWARD, "Cy"])]


FORMS = {
    "match, empty": lambda r: MatchForm(renderer=r),
    "match, typed": lambda r: MatchForm(
        {"player_1": AWKWARD, "player_2": "", "holes": "x", "house_rules": ["super-kings"]},
        renderer=r,
    ),
    "hole, empty": lambda r: HoleForm(
        initial={"number": 1, "kind": "grids"}, players=players(), renderer=r
    ),
    "hole, typed": lambda r: HoleForm(
        {"number": "2", "kind": "grids", "went_out": "1", "grid_1": "<K> & 5", "total_0": "7"},
        players=players(),
        renderer=r,
    ),
    "rules": lambda r: RulesForm({"variant": "nine-card"}, renderer=r),
    "try": lambda r: TryForm({"grid": 'K "5" <7>'}, renderer=r),
    "practice": lambda r: PracticeForm(renderer=r),
    "signup": lambda r: SignupForm({"username": AWKWARD}, renderer=r),
    "group": lambda r: GroupForm({"name": AWKWARD}, renderer=r),
    "roster": lambda r: RosterForm({"name": ""}, renderer=r),
    "login": lambda r: AuthenticationForm(data={"username": AWKWARD}, renderer=r),
    "password": lambda r: PasswordChangeForm(User(username="ann"), renderer=r),
}


@pytest.mark.django_db
@pytest.mark.parametrize("name", FORMS)
def test_every_field_of_every_form_is_drawn_as_django_draws_it(name):
    make = FORMS[name]
    ours, theirs = make(OURS), make(DJANGO)
    for form in (ours, theirs):
        form.is_valid()  # a bound form's errors are drawn too
    assert drawn(ours) == drawn(theirs)


def test_a_hole_form_with_problems_marked_is_drawn_as_django_draws_it():
    forms_ = []
    for renderer in (OURS, DJANGO):
        form = HoleForm({"number": "1", "grid_0": "7 7 7"}, players=players(), renderer=renderer)
        form.is_valid()
        form.fields["grid_0"].widget.attrs["aria-invalid"] = "true"
        forms_.append(drawn(form))
    assert forms_[0] == forms_[1]
    assert 'aria-invalid="true"' in "".join(forms_[0])


attr_names = st.sampled_from(["id", "class", "placeholder", "data-x", "aria-label", "min"])
attr_values = st.one_of(
    st.booleans(),
    st.integers(),
    st.text(max_size=12),
    st.text(max_size=12).map(mark_safe),
)
widgets = st.sampled_from(
    [
        forms.TextInput,
        forms.HiddenInput,
        forms.NumberInput,
        forms.EmailInput,
        forms.PasswordInput,
        forms.CheckboxInput,
    ]
)


@settings(max_examples=150, deadline=None)
@given(
    widget=widgets,
    value=st.one_of(st.none(), st.text(max_size=12), st.integers(), st.booleans()),
    attrs=st.dictionaries(attr_names, attr_values, max_size=4),
    name=st.text(min_size=1, max_size=8),
)
def test_any_single_input_is_drawn_as_django_draws_it(widget, value, attrs, name):
    made = widget(attrs=attrs)
    assert made.render(name, value, renderer=OURS) == made.render(name, value, renderer=DJANGO)


@settings(max_examples=60, deadline=None)
@given(
    labels=st.lists(st.text(min_size=1, max_size=8), min_size=1, max_size=4),
    chosen=st.integers(0, 3),
    many=st.booleans(),
)
def test_any_option_of_a_group_is_drawn_as_django_draws_it(labels, chosen, many):
    widget = forms.CheckboxSelectMultiple if many else forms.RadioSelect
    choices = list(enumerate(labels))
    field = forms.MultipleChoiceField if many else forms.ChoiceField

    class Form(forms.Form):
        pick = field(choices=choices, widget=widget)

    data = {"pick": [str(chosen)] if many else str(chosen)}
    assert drawn(Form(data, renderer=OURS)) == drawn(Form(data, renderer=DJANGO))


def test_single_inputs_are_written_without_templates(monkeypatch):
    """The point of the renderer: a text box, a hidden field, a checkbox and one
    radio button of a group draw no template at all."""

    def no_templates(*args, **kwargs):
        raise AssertionError("a template was drawn")

    monkeypatch.setattr(DjangoTemplates, "render", no_templates)
    assert (
        forms.TextInput().render("a", "x", renderer=OURS)
        == '<input type="text" name="a" value="x">'
    )
    assert forms.HiddenInput().render("b", 1, renderer=OURS).startswith('<input type="hidden"')
    assert "checked" in forms.CheckboxInput().render("c", True, renderer=OURS)

    class Form(forms.Form):
        pick = forms.ChoiceField(choices=[("1", "One")], widget=forms.RadioSelect)

    assert Form(renderer=OURS)["pick"].subwidgets[0].tag().startswith('<input type="radio"')
