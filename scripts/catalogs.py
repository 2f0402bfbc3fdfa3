"""Keep the translation catalogs in step with the code (docs/translating.md).

    python scripts/catalogs.py update    # extract every marked message; add new ones to each .po
    python scripts/catalogs.py compile   # write each .po's .mo beside it (shipped in the package)
    python scripts/catalogs.py check     # exit 1 if a message is missing, untranslated, fuzzy or
                                         # obsolete in some language, or a .mo is out of date

Needs Babel (``pip install -e ".[lint]"``); the app itself reads the compiled ``.mo`` files with the
standard library's gettext. Each catalog (domain) covers one part of the code
(:data:`makao_tui.engine.i18n.DOMAINS`).
"""

from __future__ import annotations

import datetime
import io
import json
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from makao_tui.engine.i18n import DOMAINS, LANGUAGES, LOCALE_DIR  # noqa: E402

#: the files each domain's messages are extracted from (relative to makao_tui/)
SOURCES: dict[str, list[str]] = {
    "games": ["engine", "games", "ai", "table", "store", "sim.py", "worker.py"],
    "app": ["app"],
    "cli": ["cli.py", "cli_common.py", "cli_tables.py", "__main__.py", "net", "serve"],
}
assert tuple(SOURCES) == DOMAINS
#: besides gettext's own: ``N_`` marks a constant, and ``Words`` / ``plural_words`` /
#: ``context_words`` make a message as data, ``NC_`` marks a constant with a context (makao_tui/engine/words.py)
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "Words": None, "plural_words": (1, 2), "context_words": ((1, "c"), 2),
            "NC_": ((1, "c"), 2)}
TRANSLATED = [code for code in LANGUAGES if code != "en"]


def _extract(domain: str) -> Catalog:
    """Every message marked in ``domain``'s sources, as a template catalog."""
    template = Catalog(project="makao-tui", domain=domain, charset="utf-8")
    package = ROOT / "makao_tui"
    for source in SOURCES[domain]:
        path = package / source
        if path.is_dir():
            found = [(path / name, line, message, comments, context) for name, line, message, comments, context
                     in extract_from_dir(str(path), method_map=[("**.py", "python")], keywords=KEYWORDS)]
        else:
            found = [(path, *rest) for rest in extract_from_file("python", str(path), keywords=KEYWORDS)]
        for file, line, message, comments, context in found + _lesson_lines(domain):
            template.add(message, locations=[(str(file.relative_to(ROOT)), line)], auto_comments=comments,
                         context=context, flags=("python-brace-format",) if "{" in str(message) else ())
    return template


def _lesson_lines(domain: str) -> list[tuple[Path, int, str, list[str], None]]:
    """The coach lines and end words of the lessons (``makao_tui/lessons/*.json``, read by the
    app: :mod:`makao_tui.table.lesson`), in the ``app`` catalog, each with its file and line."""
    if domain != "app":
        return []
    found: list[tuple[Path, int, str, list[str], None]] = []
    for path in sorted((ROOT / "makao_tui" / "lessons").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        text = path.read_text(encoding="utf-8")
        said = [line["say"] for line in data["coach"]] + [data["end"]]
        for words in said:
            line = text[:text.index(json.dumps(words, ensure_ascii=False))].count("\n") + 1
            found.append((path, line, words, ["a lesson's coach line"], None))
    return found


def _po_path(language: str, domain: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def _read(path: Path, language: str, domain: str) -> Catalog:
    if path.exists():
        with path.open("rb") as handle:
            return read_po(handle, locale=language, domain=domain)
    return Catalog(locale=language, domain=domain, project="makao-tui", charset="utf-8")


def update() -> None:
    """Add new messages to every .po, mark changed ones fuzzy, drop messages the code no longer has."""
    for domain in DOMAINS:
        template = _extract(domain)
        for language in TRANSLATED:
            path = _po_path(language, domain)
            catalog = _read(path, language, domain)
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            _steady_header(catalog)
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as handle:
                write_po(handle, catalog, width=100, sort_output=False, include_previous=False,
                         include_lineno=False)
            print(f"{path.relative_to(ROOT)}: {len(catalog)} messages")


def _steady_header(catalog: Catalog) -> None:
    """A header that does not change from one update to the next (no dates, no placeholders), so
    that a catalog's diff shows only its messages; not fuzzy, so that its plural rule is compiled."""
    catalog.fuzzy = False
    catalog.project, catalog.version = "makao-tui", "1"
    catalog.copyright_holder, catalog.msgid_bugs_address = "the makao-tui authors", ""
    catalog.last_translator = catalog.language_team = "the makao-tui authors"
    catalog.creation_date = catalog.revision_date = datetime.datetime(2026, 12, 1, tzinfo=datetime.timezone.utc)


def _compiled(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def compile_all() -> None:
    """Write each .po's .mo beside it."""
    for domain in DOMAINS:
        for language in TRANSLATED:
            path = _po_path(language, domain)
            if path.exists():
                path.with_suffix(".mo").write_bytes(_compiled(_read(path, language, domain)))


def check() -> list[str]:
    """What is wrong with the catalogs, one line per problem (empty: all complete and compiled)."""
    problems: list[str] = []
    for domain in DOMAINS:
        wanted = {(m.id, m.context) for m in _extract(domain) if m.id}
        for language in TRANSLATED:
            path = _po_path(language, domain)
            name = str(path.relative_to(ROOT))
            if not path.exists():
                problems.append(f"{name}: missing")
                continue
            catalog = _read(path, language, domain)
            have = {(m.id, m.context) for m in catalog if m.id}
            problems += [f"{name}: not in the catalog: {key[0]!r}" for key in sorted(wanted - have, key=str)]
            problems += [f"{name}: no longer in the code: {key[0]!r}" for key in sorted(have - wanted, key=str)]
            for message in catalog:
                if not message.id:
                    continue
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                if message.fuzzy:
                    problems.append(f"{name}: fuzzy: {message.id!r}")
                elif not all(strings):
                    problems.append(f"{name}: untranslated: {message.id!r}")
            mo = path.with_suffix(".mo")
            if not mo.exists():
                problems.append(f"{mo.relative_to(ROOT)}: missing (python scripts/catalogs.py compile)")
            elif mo.read_bytes() != _compiled(catalog):
                    problems.append(f"{mo.relative_to(ROOT)}: out of date (python scripts/catalogs.py compile)")
    return problems


def main(argv: list[str]) -> int:
    """Run one command (see the module docstring); the exit status."""
    if argv == ["update"]:
        update()
        compile_all()
        return 0
    if argv == ["compile"]:
        compile_all()
        return 0
    if argv == ["check"]:
        problems = check()
        print("\n".join(problems) if problems else "catalogs complete and compiled")
        return 1 if problems else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
