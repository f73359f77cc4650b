"""lz-string's base64 codec (``compressToBase64`` / ``decompressFromBase64``
and the URI-safe variant), as f-puzzles and SudokuPad links use it.

A small port of pieroxy's lz-string 1.4 (MIT) rather than a dependency:
the PyPI package ``lzstring`` (1.0.4, 2019) is unmaintained and needs the
Python 2 shim ``future``.  Decoding is bounded (``limit`` characters of
output) and every malformed input raises :class:`LZStringError`.

>>> compress_to_base64('{"size":4}')
'N4IgzglgXgpiBcAWAvkA'
>>> decompress_from_base64('N4IgzglgXgpiBcAWAvkA')
'{"size":4}'
>>> decompress_from_base64(compress_to_base64("abababababab" * 50)) == "abababababab" * 50
True
"""

from __future__ import annotations

from typing import Callable

from ..errors import ParseError

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
URI_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$"
_B64_INDEX = {ch: i for i, ch in enumerate(BASE64)}
_URI_INDEX = {ch: i for i, ch in enumerate(URI_SAFE)}


class LZStringError(ParseError):
    """The payload is not valid lz-string base64."""


def compress_to_base64(text: str) -> str:
    out = _compress(text, 6, BASE64.__getitem__)
    return out + "=" * (-len(out) % 4)


def decompress_from_base64(data: str, limit: int = 1 << 22) -> str:
    data = data.rstrip("=")
    return _decompress(data, _B64_INDEX, limit)


def decompress_from_uri(data: str, limit: int = 1 << 22) -> str:
    return _decompress(data.replace(" ", "+"), _URI_INDEX, limit)


def _compress(text: str, bits_per_char: int, char_of: Callable[[int], str]) -> str:
    units = text.encode("utf-16-le", "surrogatepass")
    chars = [chr(units[i] | units[i + 1] << 8) for i in range(0, len(units), 2)]
    dictionary: dict[str, int] = {}
    to_create: set[str] = set()
    w = ""
    enlarge_in, dict_size, num_bits = 2, 3, 2
    out: list[str] = []
    val = pos = 0

    def emit(value: int, nbits: int) -> None:
        nonlocal val, pos
        for _ in range(nbits):
            val = (val << 1) | (value & 1)
            value >>= 1
            if pos == bits_per_char - 1:
                pos = 0
                out.append(char_of(val))
                val = 0
            else:
                pos += 1

    def emit_w() -> None:
        nonlocal enlarge_in, num_bits
        if w in to_create:
            code = ord(w[0])
            if code < 256:
                emit(0, num_bits)
                emit(code, 8)
            else:
                emit(1, num_bits)
                emit(code, 16)
            enlarge_in -= 1
            if enlarge_in == 0:
                enlarge_in, num_bits = 1 << num_bits, num_bits + 1
            to_create.discard(w)
        else:
            emit(dictionary[w], num_bits)
        enlarge_in -= 1
        if enlarge_in == 0:
            enlarge_in, num_bits = 1 << num_bits, num_bits + 1

    for c in chars:
        if c not in dictionary:
            dictionary[c] = dict_size
            dict_size += 1
            to_create.add(c)
        wc = w + c
        if wc in dictionary:
            w = wc
            continue
        emit_w()
        dictionary[wc] = dict_size
        dict_size += 1
        w = c
    if w:
        emit_w()
    emit(2, num_bits)
    while True:
        val <<= 1
        if pos == bits_per_char - 1:
            out.append(char_of(val))
            break
        pos += 1
    return "".join(out)


def _decompress(data: str, index: dict[str, int], limit: int) -> str:
    if not data:
        raise LZStringError("the compressed payload is empty")
    length = len(data)
    reset = 32
    state = {"val": 0, "pos": reset, "i": 0}

    def next_value(i: int) -> int:
        if i >= length:
            return 0
        try:
            return index[data[i]]
        except KeyError:
            raise LZStringError(f"{data[i]!r} (position {i + 1}) is not a base64 character") from None

    state["val"] = next_value(0)
    state["i"] = 1

    def read(nbits: int) -> int:
        bits, power = 0, 1
        for _ in range(nbits):
            resb = state["val"] & state["pos"]
            state["pos"] >>= 1
            if state["pos"] == 0:
                state["pos"] = reset
                state["val"] = next_value(state["i"])
                state["i"] += 1
            if resb:
                bits |= power
            power <<= 1
        return bits

    dictionary: list[str] = ["", "", ""]
    first = read(2)
    if first == 2:
        return ""
    if first not in (0, 1):
        raise LZStringError("the compressed payload does not start with a character")
    w = chr(read(8 if first == 0 else 16))
    dictionary.append(w)
    result = [w]
    total = 1
    enlarge_in, num_bits = 4, 3
    while True:
        if state["i"] > length:
            raise LZStringError("the compressed payload ends early (truncated?)")
        c = read(num_bits)
        if c in (0, 1):
            dictionary.append(chr(read(8 if c == 0 else 16)))
            c = len(dictionary) - 1
            enlarge_in -= 1
        elif c == 2:
            break
        if enlarge_in == 0:
            enlarge_in, num_bits = 1 << num_bits, num_bits + 1
        if c < len(dictionary):
            entry = dictionary[c]
        elif c == len(dictionary):
            entry = w + w[0]
        else:
            raise LZStringError("the compressed payload is corrupt")
        result.append(entry)
        total += len(entry)
        if total > limit:
            raise LZStringError(f"the payload unpacks to more than {limit} characters")
        dictionary.append(w + entry[0])
        enlarge_in -= 1
        w = entry
        if enlarge_in == 0:
            enlarge_in, num_bits = 1 << num_bits, num_bits + 1
    text = "".join(result)
    try:
        return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le")
    except UnicodeError:
        raise LZStringError("the payload holds broken characters") from None
