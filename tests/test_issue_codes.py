"""Every issue code the engine writes (Issue("code", ...) in pyengine/) has
a message in each language of the web page (web/i18n.js), so the page never
falls back to showing a bare code for an issue of ours."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _engine_codes() -> set[str]:
    codes: set[str] = set()
    for path in (ROOT / "pyengine").rglob("*.py"):
        codes |= set(re.findall(r'Issue\(\s*"([a-z0-9-]+)"', path.read_text(encoding="utf-8")))
    return codes


def _issue_tables() -> list[str]:
    """The bodies of the ``issues: {...}`` tables of web/i18n.js, one per language."""
    js = (ROOT / "web" / "i18n.js").read_text(encoding="utf-8")
    return re.findall(r"\bissues:\s*\{(.*?)\n\s*\},", js, re.S)


def test_every_engine_issue_code_has_a_message_in_every_language():
    codes = _engine_codes()
    tables = _issue_tables()
    assert len(codes) >= 15 and len(tables) >= 2
    for table in tables:
        assert sorted(c for c in codes if f'"{c}":' not in table) == []
