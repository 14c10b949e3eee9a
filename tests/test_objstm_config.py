"""LazyObjStmReader is made without pypdf's legacy handling when the
configuration is pypdf's default (objstm._NO_LEGACY_CONFIGURATION), and
under the caller's configuration, untouched, otherwise; the configuration
is the default again once the reader is made, whether it opened or not."""

from __future__ import annotations

import dataclasses
import io

import pypdf._reader as pypdf_reader
import pytest
from pypdf import apply_configuration
from pypdf._configuration import CURRENT_CONFIGURATION, DEFAULT_CONFIGURATION

from pyengine.api import extract
from pyengine.objstm import LazyObjStmReader
from tests.pdfbuild import helvetica, make_pdf

PDF = make_pdf([b"BT /F1 10 Tf 72 700 Td (Hi) Tj ET"], fonts={"/F1": helvetica()})


@pytest.fixture
def seen(monkeypatch):
    """The configuration pypdf's apply_legacy_configuration runs under, per
    reader made."""
    out = []
    real = pypdf_reader.apply_legacy_configuration

    def spy():
        out.append(CURRENT_CONFIGURATION.get())
        return real()

    monkeypatch.setattr(pypdf_reader, "apply_legacy_configuration", spy)
    return out


def test_default_configuration_skips_the_legacy_handling(seen):
    reader = LazyObjStmReader(io.BytesIO(PDF), strict=False)
    assert len(reader.pages) == 1
    assert len(seen) == 1
    assert seen[0].disable_legacy_handling
    # in all else the default configuration
    assert dataclasses.replace(seen[0], disable_legacy_handling=False) == DEFAULT_CONFIGURATION
    assert CURRENT_CONFIGURATION.get() is DEFAULT_CONFIGURATION


def test_other_configuration_is_left_as_it_is(seen):
    with apply_configuration(maximum_declared_stream_length=12345) as config:
        LazyObjStmReader(io.BytesIO(PDF), strict=False)
        assert seen == [config]
        assert not seen[0].disable_legacy_handling
        assert CURRENT_CONFIGURATION.get() is config
    assert CURRENT_CONFIGURATION.get() is DEFAULT_CONFIGURATION


def test_configuration_restored_when_the_open_fails(seen):
    with pytest.raises(Exception):
        LazyObjStmReader(io.BytesIO(b"%PDF-1.4\nnot a pdf at all"), strict=False)
    assert len(seen) == 1 and seen[0].disable_legacy_handling
    assert CURRENT_CONFIGURATION.get() is DEFAULT_CONFIGURATION


def test_extract_reads_the_same_under_either_configuration():
    plain = extract(PDF)
    with apply_configuration(disable_legacy_handling=False):
        other = extract(PDF)
    assert plain == other and plain.pages[0].text.strip() == "Hi"
    assert CURRENT_CONFIGURATION.get() is DEFAULT_CONFIGURATION
