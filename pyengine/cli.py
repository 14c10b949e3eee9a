"""Command line: ``python -m pyengine FILE.pdf [--format txt|md|json] ...``.

The only module that does file IO.  Exit codes: 0 ok, 1 the file could not
be read (the error code and message go to stderr), 2 bad arguments.
"""

from __future__ import annotations

import argparse
import sys

from .api import error_dict, extract
from .errors import ExtractError
from .options import Options
from .render import FORMATS, document_json, document_markdown, document_text

EXIT_OK, EXIT_UNREADABLE, EXIT_USAGE = 0, 1, 2


def parse_pages(spec: str) -> tuple[int, ...]:
    """'1-3,7' -> (1, 2, 3, 7); raises ValueError on anything else."""
    out: list[int] = []
    for part in spec.split(","):
        part = part.strip()
        if not part:
            raise ValueError("empty page range")
        if "-" in part:
            a, b = part.split("-", 1)
            lo, hi = int(a), int(b)
            if lo < 1 or hi < lo:
                raise ValueError(f"bad page range {part!r}")
            out.extend(range(lo, hi + 1))
        else:
            n = int(part)
            if n < 1:
                raise ValueError(f"bad page number {part!r}")
            out.append(n)
    return tuple(dict.fromkeys(out))


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # exit code 2, as documented
        self.print_usage(sys.stderr)
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m pyengine",
                description="Extract the text of a PDF, page by page.")
    p.add_argument("file", help="the PDF file")
    p.add_argument("--format", "-f", choices=FORMATS, default="txt")
    p.add_argument("--pages", help="pages to extract, e.g. 1-3,7")
    p.add_argument("--password", default="", help="password of an encrypted PDF")
    p.add_argument("-o", "--output", help="write here instead of standard output")
    p.add_argument("--dehyphenate", action="store_true",
                   help="join words hyphenated at a line break when the whole word "
                        "occurs elsewhere in the document")
    p.add_argument("--strip-headers", action="store_true",
                   help="drop running headers and footers and bare page numbers")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        pages = parse_pages(args.pages) if args.pages else None
    except ValueError as exc:
        print(f"error: --pages: {exc}", file=sys.stderr)
        return EXIT_USAGE
    try:
        with open(args.file, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        print(f"error: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return EXIT_USAGE
    options = Options(pages=pages, password=args.password, dehyphenate=args.dehyphenate,
                      strip_headers=args.strip_headers)
    doc = None
    error = None
    try:
        doc = extract(data, options)
    except ExtractError as exc:
        error = exc.as_dict()
    except Exception as exc:  # never a traceback for a bad file
        error = error_dict(exc)
    if error is not None:
        print(f"{error['code']}: {error['message']}", file=sys.stderr)
        if args.format == "json":
            _write(args.output, document_json(None, error))
        return EXIT_UNREADABLE
    if args.format == "json":
        out = document_json(doc)
    elif args.format == "md":
        out = document_markdown(doc)
    else:
        out = document_text(doc)
    _write(args.output, out)
    return EXIT_OK


def _write(path: str | None, text: str) -> None:
    if path:
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
        sys.stdout.flush()
