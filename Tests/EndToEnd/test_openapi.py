"""The OpenAPI document against real answers: every JSON answer the Swift API tests received
(recorded by their client into NOTIO_RECORD_ANSWERS; scripts/test.sh sets it) must be documented for
its route and status, and must match the schema the document gives for it."""
import json
import os
import re
import urllib.request
from collections import Counter
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

DOCUMENT = "urn:notio:openapi"


def load_document(base):
    with urllib.request.urlopen(f"{base}/api/openapi.json", timeout=30) as answer:
        text = answer.read().decode()
    # Refs inside the document are relative to its root; give the root a name to resolve them in.
    document = json.loads(text.replace('"#/components/', f'"{DOCUMENT}#/components/'))
    closed(document)
    return document


def closed(node):
    """Every object schema that lists its properties lists all of them: a field the code sends and
    the document does not name is drift too (unless the schema itself allows more)."""
    if isinstance(node, dict):
        if isinstance(node.get("properties"), dict) and "additionalProperties" not in node:
            node["additionalProperties"] = False
        for value in node.values():
            closed(value)
    elif isinstance(node, list):
        for value in node:
            closed(value)


def route_patterns(document):
    """(method, compiled path pattern, operation) for each documented operation; literal paths
    before templated ones so /api/v1/notes/supply is not taken for /api/v1/notes/{id}."""
    patterns = []
    for path, operations in document["paths"].items():
        regex = "^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$"
        for method, operation in operations.items():
            patterns.append((path.count("{"), method.upper(), re.compile(regex), path, operation))
    patterns.sort(key=lambda p: p[0])
    return patterns


def recorded_answers():
    path = os.environ.get("NOTIO_RECORD_ANSWERS")
    if not path:
        pytest.skip("no recorded answers: scripts/test.sh records them during the Swift API tests")
    # Not splitlines(): answers may hold U+2028 and other characters it would split at.
    lines = [line for line in Path(path).read_text(encoding="utf-8").split("\n") if line]
    assert lines, f"{path} is empty: the Swift API tests recorded no answer"
    return [json.loads(line) for line in lines]


def test_every_recorded_answer_matches_its_documented_schema(server):
    document = load_document(server)
    registry = Registry().with_resource(DOCUMENT, Resource(contents=document, specification=DRAFT202012))
    patterns = route_patterns(document)
    problems = Counter()
    examples = {}
    checked = 0
    for answer in recorded_answers():
        method, path, status, body = answer["method"], answer["path"], str(answer["status"]), answer["body"]
        match = next((p for p in patterns if p[1] == method and p[2].match(path)), None)
        if match is None and status in ("404", "405"):
            # An address or method the API does not have: still the one error shape.
            match = (0, method, None, path, {"responses": {status: {"content": {"application/json": {
                "schema": {"$ref": f"{DOCUMENT}#/components/schemas/Error"}}}}}})
        if match is None:
            key = f"{method} {path}: not documented"
        else:
            template, operation = match[3], match[4]
            responses = operation.get("responses", {})
            response = responses.get(status) or responses.get(status[0] + "XX") or responses.get("default")
            if response is None:
                key = f"{method} {template} {status}: status not documented"
            else:
                schema = response.get("content", {}).get("application/json", {}).get("schema")
                if schema is None:
                    key = f"{method} {template} {status}: answers JSON but documents no body"
                else:
                    errors = sorted(Draft202012Validator(schema, registry=registry).iter_errors(body), key=lambda e: list(e.path))
                    checked += 1
                    if not errors:
                        continue
                    first = errors[0]
                    where = "/".join(str(p) for p in first.absolute_path)
                    key = f"{method} {template} {status}: at /{where}: {first.message[:160]}"
        problems[key] += 1
        examples.setdefault(key, json.dumps(answer["body"], ensure_ascii=False)[:300])
    report = "\n".join(f"{count:4d} × {key}\n       e.g. {examples[key]}" for key, count in problems.most_common())
    assert not problems, f"{sum(problems.values())} answers disagree with the OpenAPI document ({checked} checked):\n{report}"
    assert checked > 200
