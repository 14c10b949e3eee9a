"""The verdict test set: text pages whose character maps are forged.

Built the way a published evaluation of PDF text extractors did: take a real
text page and write a copy in which every font's /ToUnicode CMap is replaced,
so the page renders identically (content stream, font programs and widths
are untouched) but its text layer says something else:

- ``pua``: every code maps to a private-use character (U+E000...);
- ``control``: every code maps to a C0/C1 control character (tab, line
  feed and carriage return left out: they read as spaces);
- ``shift``: the real text moved one letter along (a->b, ..., z->a, the
  same for capitals); other characters unchanged.

``identity`` writes the same maps back unchanged: the clean control copy.

The real text of each code comes from the font's own /ToUnicode when it has
one, else from the engine's decoder of the font (encoding, /Differences,
standard fonts), which the clean copies check against the original page.
Composite fonts without /ToUnicode are left alone (``forge`` reports how many
fonts it could not forge, and callers skip such pages).
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

from pypdf import PdfReader, PdfWriter
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

from pyengine.cmaps import parse_cmap
from pyengine.fonts import load_font

CONTROLS = tuple(chr(c) for c in (*range(0x01, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20),
                                  *range(0x7F, 0xA0)))
"""Control characters used by the ``control`` copies."""


def _pua(index: int, text: str) -> str:
    return chr(0xE000 + index % 6400)


def _control(index: int, text: str) -> str:
    return CONTROLS[index % len(CONTROLS)]


def shift_letters(text: str, k: int = 1) -> str:
    """Move each ASCII letter k places along the alphabet (cyclic)."""
    out = []
    for ch in text:
        if "a" <= ch <= "z":
            ch = chr((ord(ch) - 97 + k) % 26 + 97)
        elif "A" <= ch <= "Z":
            ch = chr((ord(ch) - 65 + k) % 26 + 65)
        out.append(ch)
    return "".join(out)


def _shift(index: int, text: str) -> str:
    return shift_letters(text, 1)


def _identity(index: int, text: str) -> str:
    return text


TRANSFORMS: dict[str, Callable[[int, str], str]] = {
    "identity": _identity, "pua": _pua, "control": _control, "shift": _shift}
"""Forgery name -> function (index of the code in the map, real text) -> new text."""


@dataclass(frozen=True)
class Forged:
    pdf: bytes
    fonts: int
    """Fonts whose map was replaced."""
    skipped: int
    """Fonts that could not be forged (composite, no /ToUnicode)."""


def _real_map(font: DictionaryObject) -> tuple[list[tuple[bytes, bytes]], dict[tuple[int, int], str]] | None:
    """(codespace ranges, {(code, byte length): text}) of one font, or None."""
    tu = font.get("/ToUnicode")
    if tu is not None:
        tu = tu.get_object()
        if hasattr(tu, "get_data"):
            cmap = parse_cmap(tu.get_data())
            if cmap.has_mappings():
                spaces = [(low, high) for _n, low, high in cmap.codespace] or [(b"\x00", b"\xff")]
                out = {}
                for code in cmap.unicode_codes():
                    text = cmap.lookup_unicode(code)
                    if text is None:
                        continue
                    n = next((len(lo) for lo, hi in spaces
                              if len(lo) >= (code.bit_length() + 7) // 8
                              and lo <= code.to_bytes(len(lo), "big") <= hi), None)
                    if n is not None:
                        out[(code, n)] = text
                return spaces, out
    if font.get("/Subtype") == "/Type0":
        return None
    decoder = load_font(font, [])
    out = {}
    for code in range(256):
        chars = decoder.decode(bytes([code]))
        if len(chars) == 1 and chars[0].text:
            out[(code, 1)] = chars[0].text
    return [(b"\x00", b"\xff")], out


def _utf16(text: str) -> str:
    return text.encode("utf-16-be").hex().upper()


def tounicode_cmap(spaces: list[tuple[bytes, bytes]], mapping: dict[tuple[int, int], str]) -> bytes:
    """A ToUnicode CMap (ISO 32000-1 9.10.3) of bfchar sections of <= 100 entries."""
    parts = [b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap\n",
             b"/CMapName /Forged def /CMapType 2 def\n",
             b"%d begincodespacerange\n" % len(spaces)]
    parts += [b"<%s> <%s>\n" % (lo.hex().encode(), hi.hex().encode()) for lo, hi in spaces]
    parts.append(b"endcodespacerange\n")
    items = sorted(mapping.items())
    for i in range(0, len(items), 100):
        chunk = items[i:i + 100]
        parts.append(b"%d beginbfchar\n" % len(chunk))
        for (code, n), text in chunk:
            parts.append(b"<%s> <%s>\n" % (code.to_bytes(n, "big").hex().encode(),
                                           _utf16(text).encode()))
        parts.append(b"endbfchar\n")
    parts.append(b"endcmap CMapName currentdict /CMap defineresource pop end end\n")
    return b"".join(parts)


def _fonts_of(resources, seen: set[int]):
    """Font dictionaries reachable from ``resources`` (form XObjects included)."""
    resources = resources.get_object() if resources is not None else None
    if not isinstance(resources, DictionaryObject):
        return
    fonts = resources.get("/Font")
    fonts = fonts.get_object() if fonts is not None else None
    if isinstance(fonts, DictionaryObject):
        for ref in fonts.values():
            font = ref.get_object()
            if id(font) not in seen and isinstance(font, DictionaryObject):
                seen.add(id(font))
                yield font
    xobjects = resources.get("/XObject")
    xobjects = xobjects.get_object() if xobjects is not None else None
    if isinstance(xobjects, DictionaryObject):
        for ref in xobjects.values():
            xo = ref.get_object()
            if id(xo) in seen or xo.get("/Subtype") != "/Form":
                continue
            seen.add(id(xo))
            yield from _fonts_of(xo.get("/Resources"), seen)


def forge(pdf: bytes, page_index: int, kind: str, password: str = "",
          only: frozenset[str] | None = None) -> Forged:
    """A one-page copy of page ``page_index`` with every font's map forged
    (``only``: just the fonts with these /BaseFont names, e.g. "/Courier")."""
    transform = TRANSFORMS[kind]
    reader = PdfReader(io.BytesIO(pdf))
    if reader.is_encrypted:
        reader.decrypt(password)
    writer = PdfWriter()
    page = writer.add_page(reader.pages[page_index])
    if "/Annots" in page:
        del page["/Annots"]  # the set is about the page's own text
    done = skipped = 0
    for font in list(_fonts_of(page.get("/Resources"), set())):
        if only is not None and font.get("/BaseFont") not in only:
            continue
        real = _real_map(font)
        if real is None:
            skipped += 1
            continue
        spaces, mapping = real
        forged = {key: transform(i, text) for i, (key, text) in enumerate(sorted(mapping.items()))}
        s = DecodedStreamObject()
        s.set_data(tounicode_cmap(spaces, forged))
        font[NameObject("/ToUnicode")] = writer._add_object(s)
        done += 1
    buf = io.BytesIO()
    writer.write(buf)
    return Forged(buf.getvalue(), done, skipped)


# --- synthetic pages ---------------------------------------------------------

TEXTS = {
    "en": "All human beings are born free and equal in dignity and rights. They are "
          "endowed with reason and conscience and should act towards one another in a "
          "spirit of brotherhood. Everyone is entitled to all the rights and freedoms set "
          "forth in this Declaration, without distinction of any kind, such as race, "
          "colour, sex, language, religion, political or other opinion.",
    "fr": "Tous les êtres humains naissent libres et égaux en dignité et en droits. Ils "
          "sont doués de raison et de conscience et doivent agir les uns envers les autres "
          "dans un esprit de fraternité. Chacun peut se prévaloir de tous les droits et de "
          "toutes les libertés proclamés dans la présente Déclaration, sans distinction "
          "aucune, notamment de race, de couleur, de sexe, de langue, de religion.",
    "de": "Alle Menschen sind frei und gleich an Würde und Rechten geboren. Sie sind mit "
          "Vernunft und Gewissen begabt und sollen einander im Geist der Brüderlichkeit "
          "begegnen. Jeder hat Anspruch auf alle in dieser Erklärung verkündeten Rechte und "
          "Freiheiten ohne irgendeinen Unterschied, etwa nach Rasse, Hautfarbe, Geschlecht, "
          "Sprache, Religion, politischer oder sonstiger Anschauung.",
    "es": "Todos los seres humanos nacen libres e iguales en dignidad y derechos y, dotados "
          "como están de razón y conciencia, deben comportarse fraternalmente los unos con "
          "los otros. Toda persona tiene todos los derechos y libertades proclamados en esta "
          "Declaración, sin distinción alguna de raza, color, sexo, idioma, religión, "
          "opinión política o de cualquier otra índole.",
    "it": "Tutti gli esseri umani nascono liberi ed eguali in dignità e diritti. Essi sono "
          "dotati di ragione e di coscienza e devono agire gli uni verso gli altri in "
          "spirito di fratellanza. Ad ogni individuo spettano tutti i diritti e tutte le "
          "libertà enunciate nella presente Dichiarazione, senza distinzione alcuna, per "
          "ragioni di razza, di colore, di sesso, di lingua, di religione.",
    "pt": "Todos os seres humanos nascem livres e iguais em dignidade e em direitos. Dotados "
          "de razão e de consciência, devem agir uns para com os outros em espírito de "
          "fraternidade. Todos os seres humanos podem invocar os direitos e as liberdades "
          "proclamados na presente Declaração, sem distinção alguma, nomeadamente de raça, "
          "de cor, de sexo, de língua, de religião, de opinião política.",
    "nl": "Alle mensen worden vrij en gelijk in waardigheid en rechten geboren. Zij zijn "
          "begiftigd met verstand en geweten, en behoren zich jegens elkander in een geest "
          "van broederschap te gedragen. Een ieder heeft aanspraak op alle rechten en "
          "vrijheden, in deze Verklaring opgesomd, zonder enig onderscheid van welke aard "
          "ook, zoals ras, kleur, geslacht, taal, godsdienst, politieke overtuiging.",
    "pl": "Wszyscy ludzie rodzą się wolni i równi pod względem swej godności i swych praw. "
          "Są oni obdarzeni rozumem i sumieniem i powinni postępować wobec innych w duchu "
          "braterstwa. Każdy człowiek posiada wszystkie prawa i wolności zawarte w "
          "niniejszej Deklaracji bez względu na różnice rasy, koloru skóry, płci, języka, "
          "wyznania, poglądów politycznych i innych przekonań.",
    "tr": "Bütün insanlar hür, haysiyet ve haklar bakımından eşit doğarlar. Akıl ve vicdana "
          "sahiptirler ve birbirlerine karşı kardeşlik zihniyeti ile hareket etmelidirler. "
          "Herkes, ırk, renk, cinsiyet, dil, din, siyasi veya diğer herhangi bir akide, "
          "milli veya içtimai menşe, servet, doğuş veya herhangi diğer bir fark gözetilmeksizin "
          "işbu Beyannamede ilan olunan tekmil haklardan ve hürriyetlerden istifade edebilir.",
    "id": "Semua orang dilahirkan merdeka dan mempunyai martabat dan hak-hak yang sama. "
          "Mereka dikaruniai akal dan hati nurani dan hendaknya bergaul satu sama lain dalam "
          "semangat persaudaraan. Setiap orang berhak atas semua hak dan kebebasan yang "
          "tercantum di dalam Pernyataan ini tanpa perkecualian apapun, seperti ras, warna "
          "kulit, jenis kelamin, bahasa, agama, politik atau pandangan lain.",
}
"""Article 1 and the start of article 2 of the Universal Declaration of Human
Rights in Latin-script languages (official translations, public), typed for
these tests."""


def _truetype_file() -> str:
    """DejaVu Sans (Debian's fonts-dejavu-core) or else Bitstream Vera, its
    ancestor, which ships inside reportlab."""
    import os

    import reportlab

    dejavu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    if os.path.exists(dejavu):
        return dejavu
    return os.path.join(os.path.dirname(reportlab.__file__), "fonts", "Vera.ttf")


def reportlab_page(text: str, font: str = "Helvetica") -> bytes:
    """One page of ``text`` wrapped in lines, in a standard font (no
    /ToUnicode, WinAnsi) or, for ``font="DejaVuSans"``, an embedded TrueType
    subset with reportlab's own /ToUnicode (see _truetype_file)."""
    import textwrap

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    if font == "DejaVuSans" and font not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(font, _truetype_file()))
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(612, 792), pageCompression=0)
    c.setFont(font, 11)
    y = 740
    for line in textwrap.wrap(text, 85):
        c.drawString(72, y, line)
        y -= 15
    c.showPage()
    c.save()
    return buf.getvalue()


__all__ = ["CONTROLS", "Forged", "TEXTS", "TRANSFORMS", "forge", "reportlab_page",
           "shift_letters", "tounicode_cmap"]
