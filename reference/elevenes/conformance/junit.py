"""A conformance report as JUnit XML, the test-report format CI systems read.

One ``testsuite`` per game and profile (the rules profile's named after the game, another
profile's ``<game> (<profile>)``), one ``testcase`` per scenario or perft check, ``classname`` =
the game id (``<game>.<profile>`` outside the rules profile), ``name`` = the scenario id; a
failure's message is the first diverging step, its text adds the position in the suite, the
cited rule ids, and the expected and actual values.  ``xfail`` and skipped items are
``skipped``; files that could not be loaded are errors of a test case named after the file.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from .matcher import show
from .model import PROFILES, RULES
from .report import ERROR, FAIL, SKIP, XFAIL, XPASS, Report, Result, tally

UNREADABLE = "(unreadable files)"


def _details(result: Result) -> str:
    lines = [f"where: {result.where}"] if result.where else []
    if result.rules:
        lines.append(f"rules: {', '.join(result.rules)}")
    lines.append(result.headline())
    if result.path is not None and result.status in (FAIL, XFAIL):
        lines.append(f"path: {result.path}")
        lines.append(f"expected: {show(result.expected, 2000)}")
        lines.append(f"actual:   {show(result.actual, 2000)}")
    return "\n".join(lines) + "\n"


def _group(result: Result) -> tuple[str, str]:
    """The test suite name and class name of a result: its game, and its profile unless it is
    the default one."""
    game = result.game or UNREADABLE
    if result.kind == "file" or result.profile == RULES:
        return game, game
    return f"{game} ({result.profile})", f"{game}.{result.profile}"


def _testcase(parent: ET.Element, result: Result) -> None:
    case = ET.SubElement(
        parent,
        "testcase",
        classname=_group(result)[1],
        name=result.id,
        time=f"{result.seconds:.4f}",
    )
    if result.kind != "file" and result.where:
        file, _, line = result.where.rpartition(":")
        if file and line.isdigit():
            case.set("file", file)
            case.set("line", line)
        else:
            case.set("file", result.where)
    if result.status == FAIL:
        ET.SubElement(case, "failure", message=result.headline(), type="divergence").text = (
            _details(result)
        )
    elif result.status == ERROR:
        ET.SubElement(case, "error", message=result.headline(), type="error").text = _details(
            result
        )
    elif result.status == SKIP:
        ET.SubElement(case, "skipped", message=result.message)
    elif result.status == XFAIL:
        ET.SubElement(case, "skipped", message=f"xfail: {result.xfail}").text = _details(result)
    elif result.status == XPASS:
        ET.SubElement(case, "system-out").text = (
            f"xpass: marked xfail ({result.xfail}) but passes: remove the mark\n"
        )


def _counts(element: ET.Element, results: list[Result]) -> None:
    counts = tally(results)
    element.set("tests", str(len(results)))
    element.set("failures", str(counts[FAIL]))
    element.set("errors", str(counts[ERROR]))
    element.set("skipped", str(counts[SKIP] + counts[XFAIL]))
    element.set("time", f"{sum(r.seconds for r in results):.3f}")


def junit_tree(report: Report) -> ET.ElementTree[ET.Element]:
    root = ET.Element("testsuites", name=f"elevenes conform against {report.subject}")
    _counts(root, report.results)
    groups: dict[str, list[Result]] = {}
    for result in sorted(report.results, key=lambda r: PROFILES.index(r.profile)):
        groups.setdefault(_group(result)[0], []).append(result)
    for name, results in groups.items():
        suite = ET.SubElement(root, "testsuite", name=name)
        _counts(suite, results)
        properties = ET.SubElement(suite, "properties")
        ET.SubElement(properties, "property", name="profile", value=results[0].profile)
        for result in results:
            _testcase(suite, result)
    ET.indent(root)
    return ET.ElementTree(root)


def write_junit(report: Report, path: Path | str) -> None:
    """Write ``report`` as JUnit XML to ``path``."""
    junit_tree(report).write(path, encoding="utf-8", xml_declaration=True)
