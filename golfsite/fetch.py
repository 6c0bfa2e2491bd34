"""Queries whose SQL is built once, for the reads and writes done on every request.

Building a statement is most of what an ORM query costs here: ``get(pk=...)``
takes about 150 us, of which SQLite answers in 20. The scoresheet runs the same
few statements on every scoreboard, hole page and save, so those are made by the
ORM once per statement and database, and each call only runs them:

- :class:`Prepared` is a query of one shape with one value that changes, such as
  "the players of match N in seating order". It gives what the queryset would:
  model instances (through the ORM's own converters: dates, JSON, booleans) or
  ``values_list`` rows.
- :func:`by_pk` is one instance by primary key, as ``get()`` would give it.
- :func:`insert_rows` inserts many rows of one model in one prepared statement;
  :func:`insert_one` one new instance, and :func:`update_fields` some fields of a
  saved one, as ``save()`` would but sending no signals.

Everything else stays with the ORM: these are for statements run on every request,
where the building is measured to matter (``docs/performance.md``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

from django.db import connections, router
from django.db.models import Model, QuerySet
from django.db.models.lookups import Lookup
from django.db.models.query import FlatValuesListIterable, ModelIterable, ValuesListIterable
from django.db.transaction import TransactionManagementError

T = TypeVar("T")
M = TypeVar("M", bound=Model)

#: What a query is built with in place of its value: a number no table here uses
#: as an id, so it is found again among the statement's parameters.
STAND_IN = 7_031_989_104_117


class _Statement(NamedTuple):
    sql: str
    params: list[Any]
    #: Where the value goes among ``params``, and the field that turns it into what
    #: the database takes (as the ORM would for this lookup).
    position: int
    field: Any
    #: ``instances``, ``rows`` or ``flat``.
    shape: str
    model: type[Model]
    attnames: list[str]
    #: (column position, converters, expression) as the ORM's compiler applies them.
    converters: list[tuple[int, list[Any], Any]]
    for_update: bool


class Prepared(Generic[T]):
    """``make(value)`` is the queryset for one value, built once per database with
    :data:`STAND_IN` (or ``stand_in``, for a field that holds no numbers) and then
    run with each value asked for.

    The value must be compared in a plain filter (``filter(match_id=value)``);
    ordering, slicing (a literal LIMIT), ``only``, ``values_list`` and
    ``select_for_update`` are kept. A query whose rows the ORM puts together from
    more than one model (``select_related``) is refused when built. A
    ``select_for_update`` query must be run inside a transaction on every database
    (the ORM checks only where the database locks rows, which SQLite does not).
    """

    def __init__(self, make: Callable[[Any], QuerySet[Any, T]], stand_in: Any = STAND_IN):
        self._make = make
        self._stand_in = stand_in
        #: The database the queryset reads from, as the router said when first run.
        self._alias: str | None = None
        self._statements: dict[str, _Statement] = {}

    def __call__(self, value: Any) -> list[T]:
        statement = self._statements.get(self._alias) if self._alias else None
        if statement is None:
            queryset = self._make(self._stand_in)
            self._alias = queryset.db
            statement = self._statements[self._alias] = self._build(queryset)
        connection = connections[self._alias]
        if statement.for_update and connection.get_autocommit():
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        params = list(statement.params)
        params[statement.position] = statement.field.get_db_prep_value(
            value, connection, prepared=False
        )
        with connection.cursor() as cursor:
            cursor.execute(statement.sql, params)
            rows = cursor.fetchall()
        return _convert(statement, rows, connection)

    def first(self, value: Any) -> T | None:
        """The first row, or None (slice the query in ``make`` to fetch only one)."""
        rows = self(value)
        return rows[0] if rows else None

    def _build(self, queryset: QuerySet[Any, T]) -> _Statement:
        alias = queryset.db
        query = queryset.query
        iterable = queryset._iterable_class
        shapes = {ModelIterable: "instances", ValuesListIterable: "rows"}
        shapes[FlatValuesListIterable] = "flat"
        shape = shapes.get(iterable)
        if shape is None or query.select_related or query.extra_select:
            raise ValueError(f"Prepared cannot run this query: {query}")
        if shape != "instances":
            fields = list(queryset._fields or ())
            names = [*query.values_select, *query.annotation_select]
            if fields and fields != names:
                raise ValueError("Prepared reads values_list columns in the order selected")
        elif query.annotation_select:
            raise ValueError("Prepared reads plain instances only")
        connection = connections[alias]
        compiler = query.get_compiler(using=alias)
        sql, params = compiler.as_sql()
        field = _field_compared_with(query.where, self._stand_in)
        prepared = field.get_db_prep_value(self._stand_in, connection, prepared=False)
        positions = [i for i, param in enumerate(params) if param == prepared]
        if len(positions) != 1:
            raise ValueError("Prepared needs the value compared exactly once")
        columns = [column for column, _, _ in compiler.select]
        converters = [
            (position, functions, expression)
            for position, (functions, expression) in compiler.get_converters(columns).items()
        ]
        attnames = [column.target.attname for column in columns] if shape == "instances" else []
        return _Statement(
            sql=sql,
            params=list(params),
            position=positions[0],
            field=field,
            shape=shape,
            model=queryset.model,
            attnames=attnames,
            converters=converters,
            for_update=query.select_for_update,
        )


def _field_compared_with(where: Any, value: Any) -> Any:
    """The field that a lookup in this WHERE tree compares with ``value``."""
    nodes = [where]
    while nodes:
        node = nodes.pop()
        if isinstance(node, Lookup):
            if node.rhs == value:
                return node.lhs.output_field
        else:
            nodes.extend(getattr(node, "children", ()))
    raise ValueError("Prepared needs its value compared in a filter")


def _convert(statement: _Statement, rows: list[Sequence[Any]], connection: Any) -> list[Any]:
    """Rows as the queryset gives them: through each column's converters, then as
    instances, tuples or single values."""
    if statement.converters:
        converted = []
        for row in rows:
            values = list(row)
            for position, functions, expression in statement.converters:
                value = values[position]
                for convert in functions:
                    value = convert(value, expression, connection)
                values[position] = value
            converted.append(values)
        rows = converted
    if statement.shape == "instances":
        alias, model, attnames = connection.alias, statement.model, statement.attnames
        return [model.from_db(alias, attnames, values) for values in rows]
    if statement.shape == "flat":
        return [values[0] for values in rows]
    return [tuple(values) for values in rows]


_by_pk: dict[type[Model], Prepared[Any]] = {}


def by_pk(model: type[M], pk: Any) -> M | None:
    """The instance of ``model`` whose primary key is ``pk``, or None."""
    prepared = _by_pk.get(model)
    if prepared is None:
        # Ordering cleared, as get() does.
        prepared = _by_pk[model] = Prepared(
            lambda value: model._default_manager.filter(pk=value).order_by()
        )
    connection = connections[router.db_for_read(model)]
    key = model._meta.pk.get_db_prep_value(pk, connection)
    if isinstance(key, int):
        # A number no row can have (a made-up address): the database would refuse it.
        low, high = connection.ops.integer_field_range(model._meta.pk.get_internal_type())
        if not (low is None or low <= key) or not (high is None or key <= high):
            return None
    found: M | None = prepared.first(pk)
    return found


_inserts: dict[tuple[type[Model], tuple[str, ...], str], str] = {}


def insert_rows(
    model: type[Model],
    names: Sequence[str],
    rows: Iterable[Sequence[Any]],
    *,
    ready: bool = False,
) -> None:
    """Insert ``rows`` (values in the order of the fields ``names``) into ``model``'s
    table in one prepared statement, each value made ready for the database by its
    field as ``bulk_create`` would (JSON, dates), unless the caller did so already
    (``ready``: the growth bench, writing the same prepared values thousands of
    times). Model defaults are not applied: name every field the table has no
    default for. No signals are sent and no ids are read back: for rows nothing
    reads again in the same request."""
    alias = router.db_for_write(model)
    connection = connections[alias]
    fields = [model._meta.get_field(name) for name in names]
    key = (model, tuple(names), alias)
    sql = _inserts.get(key)
    if sql is None:
        quote = connection.ops.quote_name
        columns = ", ".join(quote(field.column) for field in fields)
        marks = ", ".join(["%s"] * len(fields))
        table = quote(model._meta.db_table)
        sql = _inserts[key] = f"INSERT INTO {table} ({columns}) VALUES ({marks})"
    values = (
        rows
        if ready
        else [
            [field.get_db_prep_save(v, connection) for field, v in zip(fields, row, strict=True)]
            for row in rows
        ]
    )
    with connection.cursor() as cursor:
        cursor.executemany(sql, values)


_single_inserts: dict[tuple[type[Model], str], tuple[str, list[Any], list[Any]]] = {}


def insert_one(instance: Model) -> None:
    """Insert a new ``instance`` as ``save()`` would (its fields' defaults and
    ``auto_now_add`` dates, its new primary key set on it), in a statement built once
    per model and database. No signals are sent: call it only for a model whose
    receivers have nothing to do for a new row (the tests say which)."""
    model = type(instance)
    alias = router.db_for_write(model, instance=instance)
    connection = connections[alias]
    built = _single_inserts.get((model, alias))
    if built is None:
        meta = model._meta
        fields = [f for f in meta.concrete_fields if not f.generated and f is not meta.pk]
        quote = connection.ops.quote_name
        columns = ", ".join(quote(f.column) for f in fields)
        marks = ", ".join(["%s"] * len(fields))
        sql = f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({marks})"
        returning: list[Any] = []
        if connection.features.can_return_columns_from_insert:
            extra, _ = connection.ops.return_insert_columns([meta.pk])
            sql, returning = f"{sql} {extra}", [meta.pk]
        built = _single_inserts[(model, alias)] = (sql, fields, returning)
    sql, fields, returning = built
    values = [f.get_db_prep_save(f.pre_save(instance, True), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        if returning:
            (pk,) = connection.ops.fetch_returned_insert_columns(cursor, returning)
        else:
            pk = connection.ops.last_insert_id(cursor, model._meta.db_table, model._meta.pk.column)
    instance.pk = pk
    instance._state.adding = False
    instance._state.db = alias


_updates: dict[tuple[type[Model], tuple[str, ...], str], tuple[str, list[Any]]] = {}


def update_fields(instance: Model, names: Sequence[str]) -> None:
    """Write ``names`` of a saved ``instance`` as ``save(update_fields=names)`` would
    (``auto_now`` dates set afresh), in a statement built once. No signals are
    sent: call it only where the model's receivers have nothing to do."""
    model = type(instance)
    alias = router.db_for_write(model, instance=instance)
    connection = connections[alias]
    key = (model, tuple(names), alias)
    built = _updates.get(key)
    if built is None:
        meta = model._meta
        fields = [meta.get_field(name) for name in names]
        quote = connection.ops.quote_name
        columns = ", ".join(f"{quote(f.column)} = %s" for f in fields)
        sql = f"UPDATE {quote(meta.db_table)} SET {columns} WHERE {quote(meta.pk.column)} = %s"
        built = _updates[key] = (sql, fields)
    sql, fields = built
    values = [f.get_db_prep_save(f.pre_save(instance, False), connection) for f in fields]
    values.append(model._meta.pk.get_db_prep_save(instance.pk, connection))
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
