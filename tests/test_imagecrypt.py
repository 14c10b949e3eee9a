"""An encrypted file's images are read for their dictionaries, their data
decrypted only when read (pyengine/imagecrypt.py): extraction decrypts no
image's pixels, and the pixels, when read, are the file's."""

from __future__ import annotations

import zlib

import pytest
from pdfbuild import encrypted, make_pdf, stream
from pypdf.generic import NameObject, StreamObject

import pyengine
from corpus import corpus_dir, manifest
from pyengine import imagecrypt

PIXELS = bytes(range(256)) * 3  # 16 x 16 RGB: 768 bytes
CONTENT = b"BT /F1 12 Tf 72 150 Td (Hello image) Tj ET q 64 0 0 32 72 60 cm /Im0 Do Q " \
          b"q 32 0 0 32 150 60 cm /Im1 Do Q"


def _built(algorithm: str) -> bytes:
    """A page of text over two images (one Flate-encoded, one plain),
    encrypted with ``algorithm``, user password "u"."""
    images = {}
    for name, flate in (("/Im0", True), ("/Im1", False)):
        image = stream(zlib.compress(PIXELS) if flate else PIXELS,
                       {"/Type": "/XObject", "/Subtype": "/Image", "/Width": 16, "/Height": 16,
                        "/ColorSpace": "/DeviceRGB", "/BitsPerComponent": 8})
        if flate:
            image[NameObject("/Filter")] = NameObject("/FlateDecode")
        images[name] = image
    page = make_pdf([CONTENT], fonts={"/F1": {"/Type": "/Font", "/Subtype": "/Type1",
                                              "/BaseFont": "/Helvetica"}},
                    xobjects=images, media_box=(0, 0, 240, 200))
    return encrypted(page, "u", "o", algorithm)


def _extract_keeping_deferred(data: bytes, password: str):
    """pyengine.extract of ``data``, and the image streams it deferred."""
    deferred = []
    original = imagecrypt.defer

    def keeping(obj, *args):
        done = original(obj, *args)
        if done:
            deferred.append(obj)
        return done

    imagecrypt.defer = keeping
    try:
        doc = pyengine.extract(data, pyengine.Options(password=password))
    finally:
        imagecrypt.defer = original
    return doc, deferred


@pytest.mark.parametrize("algorithm", ["RC4-40", "RC4-128", "AES-128", "AES-256"])
def test_images_of_encrypted_page_not_decrypted(algorithm):
    doc, deferred = _extract_keeping_deferred(_built(algorithm), "u")
    assert doc.pages[0].text.strip() == "Hello image"
    assert doc.pages[0].verdict == "text"
    # Both images were read (for their dictionaries) and neither decrypted.
    assert len(deferred) == 2
    assert all(imagecrypt.is_deferred(obj) for obj in deferred)
    # Read now, their data is the pixels the file was written with.
    for obj in deferred:
        assert isinstance(obj, StreamObject) and obj["/Width"] == 16
        assert obj.get_data() == PIXELS
        assert not imagecrypt.is_deferred(obj)


def test_scanned_aes_page_decrypts_no_image():
    """pdfjs-issue3371: an AES-128 scan, six images drawn, no text."""
    found = corpus_dir()
    if found is None:
        pytest.skip("corpus not available")
    name = "pdfjs-issue3371"
    doc, deferred = _extract_keeping_deferred((found / "pdfs" / f"{name}.pdf").read_bytes(),
                                              manifest()[name]["password"])
    assert doc.pages[0].verdict == "scan"
    subtypes = sorted(str(obj.get("/Filter")) for obj in deferred)
    assert subtypes == ["/JBIG2Decode"] + ["/JPXDecode"] * 5
    assert all(imagecrypt.is_deferred(obj) for obj in deferred)
