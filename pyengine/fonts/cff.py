"""Built-in encoding of an embedded CFF font program (/FontFile3 /Type1C).

ISO 32000-1 9.6.6.1: the implicit base encoding of an embedded font is its
built-in one.  For CFF (Adobe Technical Note 5176) that is the Top DICT's
Encoding (0 = StandardEncoding, 1 = ExpertEncoding, else an offset to a
format 0/1 table with optional supplements), read together with the
charset (glyph -> string id) to give {code: glyph name}.

CID-keyed CFF (Top DICT has ROS) has no encoding: returns None.  Damaged
data returns None (never raises).

``glyph_names`` gives the charset's glyph names by glyph id, for a CID font
whose descendant is a name-keyed CFF program (there the CID is the glyph id,
ISO 32000-1 9.7.4.2) and which has no other map to Unicode.
"""

from __future__ import annotations

import struct

from .truetype import table_directory

# The 391 standard strings of CFF (TN 5176 Appendix A), SID order.
_ISO_ADOBE = (
    ".notdef space exclam quotedbl numbersign dollar percent ampersand quoteright "
    "parenleft parenright asterisk plus comma hyphen period slash zero one two three "
    "four five six seven eight nine colon semicolon less equal greater question at "
    "A B C D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft backslash "
    "bracketright asciicircum underscore quoteleft a b c d e f g h i j k l m n o p q r "
    "s t u v w x y z braceleft bar braceright asciitilde exclamdown cent sterling "
    "fraction yen florin section currency quotesingle quotedblleft guillemotleft "
    "guilsinglleft guilsinglright fi fl endash dagger daggerdbl periodcentered "
    "paragraph bullet quotesinglbase quotedblbase quotedblright guillemotright "
    "ellipsis perthousand questiondown grave acute circumflex tilde macron breve "
    "dotaccent dieresis ring cedilla hungarumlaut ogonek caron emdash AE ordfeminine "
    "Lslash Oslash OE ordmasculine ae dotlessi lslash oslash oe germandbls "
    "onesuperior logicalnot mu trademark Eth onehalf plusminus Thorn onequarter "
    "divide brokenbar degree thorn threequarters twosuperior registered minus eth "
    "multiply threesuperior copyright Aacute Acircumflex Adieresis Agrave Aring "
    "Atilde Ccedilla Eacute Ecircumflex Edieresis Egrave Iacute Icircumflex "
    "Idieresis Igrave Ntilde Oacute Ocircumflex Odieresis Ograve Otilde Scaron "
    "Uacute Ucircumflex Udieresis Ugrave Yacute Ydieresis Zcaron aacute acircumflex "
    "adieresis agrave aring atilde ccedilla eacute ecircumflex edieresis egrave "
    "iacute icircumflex idieresis igrave ntilde oacute ocircumflex odieresis ograve "
    "otilde scaron uacute ucircumflex udieresis ugrave yacute ydieresis zcaron"
).split()
_EXPERT = (
    "exclamsmall Hungarumlautsmall dollaroldstyle dollarsuperior ampersandsmall "
    "Acutesmall parenleftsuperior parenrightsuperior twodotenleader onedotenleader "
    "zerooldstyle oneoldstyle twooldstyle threeoldstyle fouroldstyle fiveoldstyle "
    "sixoldstyle sevenoldstyle eightoldstyle nineoldstyle commasuperior "
    "threequartersemdash periodsuperior questionsmall asuperior bsuperior "
    "centsuperior dsuperior esuperior isuperior lsuperior msuperior nsuperior "
    "osuperior rsuperior ssuperior tsuperior ff ffi ffl parenleftinferior "
    "parenrightinferior Circumflexsmall hyphensuperior Gravesmall Asmall Bsmall "
    "Csmall Dsmall Esmall Fsmall Gsmall Hsmall Ismall Jsmall Ksmall Lsmall Msmall "
    "Nsmall Osmall Psmall Qsmall Rsmall Ssmall Tsmall Usmall Vsmall Wsmall Xsmall "
    "Ysmall Zsmall colonmonetary onefitted rupiah Tildesmall exclamdownsmall "
    "centoldstyle Lslashsmall Scaronsmall Zcaronsmall Dieresissmall Brevesmall "
    "Caronsmall Dotaccentsmall Macronsmall figuredash hypheninferior Ogoneksmall "
    "Ringsmall Cedillasmall questiondownsmall oneeighth "
    "threeeighths fiveeighths seveneighths onethird twothirds zerosuperior "
    "foursuperior fivesuperior sixsuperior sevensuperior eightsuperior ninesuperior "
    "zeroinferior oneinferior twoinferior threeinferior fourinferior fiveinferior "
    "sixinferior seveninferior eightinferior nineinferior centinferior "
    "dollarinferior periodinferior commainferior Agravesmall Aacutesmall "
    "Acircumflexsmall Atildesmall Adieresissmall Aringsmall AEsmall Ccedillasmall "
    "Egravesmall Eacutesmall Ecircumflexsmall Edieresissmall Igravesmall "
    "Iacutesmall Icircumflexsmall Idieresissmall Ethsmall Ntildesmall Ogravesmall "
    "Oacutesmall Ocircumflexsmall Otildesmall Odieresissmall OEsmall Oslashsmall "
    "Ugravesmall Uacutesmall Ucircumflexsmall Udieresissmall Yacutesmall "
    "Thornsmall Ydieresissmall 001.000 001.001 001.002 001.003 Black Bold Book "
    "Light Medium Regular Roman Semibold"
).split()
STANDARD_STRINGS = tuple(_ISO_ADOBE + _EXPERT)

_OP_CHARSET, _OP_ENCODING, _OP_CHARSTRINGS = 15, 16, 17
_OP_ROS = 1200 + 30  # escaped operator 12 30


class _Damaged(Exception):
    pass


def _index(buf: bytes, pos: int) -> tuple[list[bytes], int]:
    """An INDEX at pos: (items, position after it)."""
    if pos + 2 > len(buf):
        raise _Damaged
    count = struct.unpack_from(">H", buf, pos)[0]
    if count == 0:
        return [], pos + 2
    off_size = buf[pos + 2] if pos + 2 < len(buf) else 0
    if not 1 <= off_size <= 4:
        raise _Damaged
    p = pos + 3
    if off_size <= 2 and p >= 0:
        # The offsets read at once (1 or 2 bytes each, all of them whole).
        end = p + (count + 1) * off_size
        if end > len(buf):
            raise _Damaged
        offsets = list(buf[p:end]) if off_size == 1 else \
            list(struct.unpack_from(f">{count + 1}H", buf, p))
        p = end
    else:
        offsets = []
        for _ in range(count + 1):
            chunk = buf[p:p + off_size]
            if len(chunk) != off_size:
                raise _Damaged
            offsets.append(int.from_bytes(chunk, "big"))
            p += off_size
    base = p - 1
    items = [buf[base + offsets[i]:base + offsets[i + 1]] for i in range(count)]
    return items, base + offsets[-1]


def _index_span(buf: bytes, pos: int) -> tuple[int, int]:
    """(count of items, position after) of the INDEX at pos: ``_index``
    without its items (the CharStrings of a font are only counted: a whole
    font has thousands), refusing the same damage."""
    if pos < 0:
        items, end = _index(buf, pos)  # (slices from the end: read as _index reads them)
        return len(items), end
    if pos + 2 > len(buf):
        raise _Damaged
    count = struct.unpack_from(">H", buf, pos)[0]
    if count == 0:
        return 0, pos + 2
    off_size = buf[pos + 2] if pos + 2 < len(buf) else 0
    if not 1 <= off_size <= 4:
        raise _Damaged
    p = pos + 3 + (count + 1) * off_size  # after the offsets, all of them whole
    if p > len(buf):
        raise _Damaged
    return count, p - 1 + int.from_bytes(buf[p - off_size:p], "big")


def _dict(data: bytes) -> dict[int, list[float]]:
    """A Top DICT: operator -> operands (escaped operators as 1200 + b1)."""
    out: dict[int, list[float]] = {}
    operands: list[float] = []
    i, n = 0, len(data)
    while i < n:
        b0 = data[i]
        # The cases are of disjoint bytes; the most frequent, a small
        # integer operand, is tried first.
        if 32 <= b0 <= 246:
            operands.append(b0 - 139)
            i += 1
        elif b0 <= 21:
            op = b0
            i += 1
            if b0 == 12 and i < n:
                op = 1200 + data[i]
                i += 1
            out[op] = operands
            operands = []
        elif b0 == 28 and i + 2 < n:
            operands.append(struct.unpack_from(">h", data, i + 1)[0])
            i += 3
        elif b0 == 29 and i + 4 < n:
            operands.append(struct.unpack_from(">i", data, i + 1)[0])
            i += 5
        elif b0 == 30:
            i += 1
            while i < n and (data[i] & 0x0F) != 0x0F and (data[i] >> 4) != 0x0F:
                i += 1
            i += 1
            operands.append(0.0)  # reals are never offsets; value not needed
        elif 247 <= b0 <= 250 and i + 1 < n:
            operands.append((b0 - 247) * 256 + data[i + 1] + 108)
            i += 2
        elif 251 <= b0 <= 254 and i + 1 < n:
            operands.append(-(b0 - 251) * 256 - data[i + 1] - 108)
            i += 2
        else:
            raise _Damaged
    return out


def _charset(buf: bytes, offset: int, glyphs: int) -> list[int]:
    """SID per glyph id (glyph 0 is .notdef)."""
    if offset == 0:
        return list(range(min(glyphs, len(_ISO_ADOBE))))
    if offset in (1, 2):
        return []  # expert charsets: names not needed for text
    sids = [0]
    fmt = buf[offset]
    p = offset + 1
    if fmt == 0 and offset > 0 and glyphs > 1:
        # A SID per glyph read at once (a struct.error past the end, as
        # one at a time gave): the loop's 2 bytes a glyph was most of the
        # charset's time (deb-ko-cjk-ko-doc, 48 such programs).
        sids.extend(struct.unpack_from(f">{glyphs - 1}H", buf, p))
    while len(sids) < glyphs:
        if fmt == 0:
            sids.append(struct.unpack_from(">H", buf, p)[0])
            p += 2
        elif fmt in (1, 2):
            first = struct.unpack_from(">H", buf, p)[0]
            if fmt == 1:
                left = buf[p + 2]
                p += 3
            else:
                left = struct.unpack_from(">H", buf, p + 2)[0]
                p += 4
            sids.extend(range(first, first + left + 1))
        else:
            raise _Damaged
    return sids[:glyphs]


def _encoding(buf: bytes, offset: int, sids: list[int]) -> dict[int, int]:
    """code -> SID for a custom encoding."""
    fmt = buf[offset]
    p = offset + 1
    out: dict[int, int] = {}
    gid = 1
    if fmt & 0x7F == 0 and offset >= 0:
        # The codes of the glyphs the charset has, read at once: the loop
        # below indexes a code only for a glyph the charset has, so an
        # IndexError comes only where one of those runs past the end.
        count = buf[p]
        shown = min(count, len(sids) - 1)
        codes = buf[p + 1:p + 1 + shown] if shown > 0 else b""
        if len(codes) < shown:
            raise IndexError("encoding past the end of the program")
        out.update(zip(codes, sids[1:shown + 1]))
        p += 1 + count
    elif fmt & 0x7F == 0:
        count = buf[p]
        for k in range(count):
            if gid < len(sids):
                out[buf[p + 1 + k]] = sids[gid]
            gid += 1
        p += 1 + count
    elif fmt & 0x7F == 1:
        ranges = buf[p]
        for k in range(ranges):
            first, left = buf[p + 1 + 2 * k], buf[p + 2 + 2 * k]
            # A range's codes with the next glyphs the charset has (zip
            # stops where they run out), not a code at a time.
            codes = range(first, min(first + left, 255) + 1)
            out.update(zip(codes, sids[gid:gid + len(codes)]))
            gid += len(codes)
        p += 1 + 2 * ranges
    else:
        raise _Damaged
    if fmt & 0x80:
        for k in range(buf[p]):
            code, sid = struct.unpack_from(">BH", buf, p + 1 + 3 * k)
            out[code] = sid
    return out


def cff_from_opentype(program: bytes) -> bytes | None:
    entry = table_directory(program).get(b"CFF ")
    if entry is None:
        return None
    return program[entry[0]:entry[0] + entry[1]]


def _top(cff: bytes):
    """(Top DICT, String INDEX) of the first font of a CFF program."""
    if len(cff) < 4:
        raise _Damaged
    _names, pos = _index_span(cff, cff[2])
    top_dicts, pos = _index(cff, pos)
    strings, _pos = _index(cff, pos)
    if not top_dicts:
        raise _Damaged
    return _dict(top_dicts[0]), strings


def _sids(cff: bytes, top: dict[int, list[float]]) -> list[int]:
    """SID per glyph id, from the charset and the CharStrings count."""
    charstrings = top.get(_OP_CHARSTRINGS)
    if not charstrings:
        raise _Damaged
    glyphs = _index_span(cff, int(charstrings[-1]))[0]
    charset_off = int(top[_OP_CHARSET][-1]) if top.get(_OP_CHARSET) else 0
    return _charset(cff, charset_off, glyphs)


def _sid_name(sid: int, strings: list[bytes]) -> str | None:
    if sid < len(STANDARD_STRINGS):
        return STANDARD_STRINGS[sid]
    if sid - len(STANDARD_STRINGS) < len(strings):
        return strings[sid - len(STANDARD_STRINGS)].decode("latin-1")
    return None


def builtin_encoding(cff: bytes) -> dict[int, str] | str | None:
    """{code: glyph name}, "standard", "expert", or None (CID-keyed/damaged)."""
    try:
        top, strings = _top(cff)
        if _OP_ROS in top:
            return None
        enc = int(top.get(_OP_ENCODING, [0])[-1]) if top.get(_OP_ENCODING) else 0
        if enc == 0:
            return "standard"
        if enc == 1:
            return "expert"
        codes = _encoding(cff, enc, _sids(cff, top))
    except (_Damaged, struct.error, IndexError, ValueError):
        return None
    # (_sid_name written out: a name per code of the font)
    standard, count = STANDARD_STRINGS, len(STANDARD_STRINGS)
    custom = len(strings)
    out: dict[int, str] = {}
    for code, sid in codes.items():
        if sid < count:
            out[code] = standard[sid]
        elif sid - count < custom:
            out[code] = strings[sid - count].decode("latin-1")
    return out


def glyph_names(cff: bytes) -> dict[int, str]:
    """{glyph id: glyph name} of a name-keyed CFF program (its charset).

    Empty for a CID-keyed program (its charset holds CIDs, not names) and
    for damaged data.
    """
    try:
        top, strings = _top(cff)
        if _OP_ROS in top:
            return {}
        sids = _sids(cff, top)
    except (_Damaged, struct.error, IndexError, ValueError):
        return {}
    out: dict[int, str] = {}
    for gid, sid in enumerate(sids):
        glyph = _sid_name(sid, strings) if gid else None
        if glyph is not None:
            out[gid] = glyph
    return out
