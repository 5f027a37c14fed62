"""SARIF 2.1.0 output: the structure the specification requires, checked field by field."""

from __future__ import annotations

import json

from mapkit.model.map import Map, Piece
from mapkit.rules.framework import CheckContext, run_rules, select_rules
from mapkit.rules.findings_report import render_json, render_sarif, render_text, sarif_log, sort_key


def _findings():
    m = Map(pieces=[Piece("grass-1", 0, 0, 0), Piece("grass-1", 4, 2, 3), Piece("water-1", 0, 0, 1),
                    Piece("grass-1", 0, 0, 2)])
    rules = select_rules("tournament")
    found = sorted(run_rules(CheckContext(m, "maps/floating.hsc"), rules), key=sort_key)
    return found, rules


def test_sarif_structure():
    found, rules = _findings()
    log = json.loads(render_sarif(found, rules))
    assert log["version"] == "2.1.0" and "sarif" in log["$schema"]
    assert isinstance(log["runs"], list) and len(log["runs"]) == 1
    driver = log["runs"][0]["tool"]["driver"]
    assert driver["name"] == "mapkit"
    ids = [r["id"] for r in driver["rules"]]
    assert len(ids) == len(set(ids)) and {"P101", "P105", "T202"} <= set(ids)
    for r in driver["rules"]:
        assert r["name"] and r["shortDescription"]["text"] and r["fullDescription"]["text"]
        assert r.get("helpUri") or r["help"]["text"]
        assert r["defaultConfiguration"]["level"] in ("error", "warning", "note")
    results = log["runs"][0]["results"]
    assert len(results) == len(found) > 0
    for res, f in zip(results, found):
        assert res["ruleId"] == f.code
        assert driver["rules"][res["ruleIndex"]]["id"] == f.code
        assert res["level"] in ("error", "warning", "note", "none")
        assert res["message"]["text"] == f.message
        loc = res["locations"][0]
        assert loc["physicalLocation"]["artifactLocation"]["uri"] == "maps/floating.hsc"
        assert loc["physicalLocation"]["region"]["startLine"] >= 1
        assert loc["logicalLocations"][0]["name"]
        if f.q is not None:
            assert f"({f.q}, {f.r})" in loc["logicalLocations"][0]["name"]
    floating = next(r for r in results if r["ruleId"] == "P101")
    assert floating["locations"][0]["logicalLocations"][0]["name"] == "hex F3 (4, 2) Level 4"  # column F of A-F, row 3


def test_sarif_validates_against_a_schema_subset():
    """The parts of the official schema the results use, checked with jsonschema."""
    import jsonschema

    schema = {
        "type": "object", "required": ["version", "runs"],
        "properties": {
            "version": {"const": "2.1.0"},
            "runs": {"type": "array", "items": {
                "type": "object", "required": ["tool"],
                "properties": {
                    "tool": {"type": "object", "required": ["driver"], "properties": {"driver": {
                        "type": "object", "required": ["name"],
                        "properties": {"rules": {"type": "array", "items": {
                            "type": "object", "required": ["id"]}}}}}},
                    "results": {"type": "array", "items": {
                        "type": "object", "required": ["message"],
                        "properties": {
                            "level": {"enum": ["none", "note", "warning", "error"]},
                            "message": {"type": "object", "required": ["text"]},
                            "locations": {"type": "array", "items": {"type": "object"}}}}}}}}}}
    found, rules = _findings()
    jsonschema.validate(sarif_log(found, rules), schema)


def test_text_and_json_lines():
    found, _ = _findings()
    text = render_text(found).splitlines()
    assert "maps/floating.hsc: Level 4 F3 (4, 2): P101 error: " in "\n".join(text)
    assert any(line.startswith("maps/floating.hsc: T202 warning: ") for line in text)
    data = json.loads(render_json(found))
    assert set(data[0]) == {"file", "room", "scenario", "level", "place", "q", "r", "code", "severity",
                            "message"}
    assert len(data) == len(found)


def test_sarif_uris_are_uri_references():
    # A map name with spaces (the corpus has 'Table des geants.hsc') used to go out verbatim, which is
    # not a URI reference; absolute paths become file: URIs.
    from mapkit.rules.framework import Finding

    found = [Finding("P101", "error", "floats", 1, 2, 3, "maps/Table des géants.hsc"),
             Finding("P101", "error", "floats", 1, 2, 3, "/abs/dir/a b.hsc")]
    log = sarif_log(found, select_rules("casual"))
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in log["runs"][0]["results"]]
    assert uris == ["maps/Table%20des%20g%C3%A9ants.hsc", "file:///abs/dir/a%20b.hsc"]
    region = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": 1, "message": {"text": "Level 3 (1, 2)"}}  # no made-up snippet of the file


def test_sarif_reports_unreadable_files_as_notifications(cli, tmp_path):
    # Files that could not be read used to leave no trace in the SARIF log (only on stderr).
    missing = tmp_path / "gone.hsc"
    code, out, _ = cli("validate", str(missing), "--format", "sarif")
    run = json.loads(out)["runs"][0]
    assert code == 2 and run["results"] == []
    invocation = run["invocations"][0]
    assert invocation["executionSuccessful"] is False
    note = invocation["toolExecutionNotifications"][0]
    assert note["level"] == "error" and "cannot read" in note["message"]["text"]
    assert note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == missing.as_uri()
    assert json.loads(render_sarif([], []))["runs"][0]["invocations"] == [
        {"executionSuccessful": True, "toolExecutionNotifications": []}]
