"""libhangul's own hanja and symbol lookups, through ctypes: the expected values of the frontends'
hanja tests, read from the installed library and dictionaries rather than written into the tests.

- `match(kind, key, path=None)`: `hanja_table_match_exact`, `_prefix` or `_suffix` (kind "exact",
  "prefix", "suffix") on `path` (libhangul's default hanja.txt when None), as a list of
  (value, comment) pairs in libhangul's order.
- `longest_suffix(text, path=None)`: the word ending `text` that a hanja key with nothing composed
  converts (the longest suffix the dictionary knows, as `hanja_table_match_suffix` lists first) and
  its candidates, as (word, [(value, comment), ...]); ("", []) when none.
- `SYMBOLS`: Debian's mssymbol.txt, the symbols a lone jamo lists.

Needs Debian's libhangul1 and libhangul-data (scripts/setup installs them); a missing library raises
OSError naming the package.
"""

import ctypes

SYMBOLS = "/usr/share/libhangul/hanja/mssymbol.txt"

_library = None
_tables = {}


def _libhangul():
    global _library
    if _library is None:
        try:
            library = ctypes.CDLL("libhangul.so.1")
        except OSError as error:
            raise OSError(f"libhangul.so.1 cannot be loaded ({error}): install libhangul1 (scripts/setup)") from error
        library.hanja_table_load.restype = ctypes.c_void_p
        library.hanja_table_load.argtypes = [ctypes.c_char_p]
        for kind in ("exact", "prefix", "suffix"):
            function = getattr(library, f"hanja_table_match_{kind}")
            function.restype = ctypes.c_void_p
            function.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        library.hanja_list_get_size.restype = ctypes.c_int
        library.hanja_list_get_size.argtypes = [ctypes.c_void_p]
        for part in ("key", "value", "comment"):
            function = getattr(library, f"hanja_list_get_nth_{part}")
            function.restype = ctypes.c_char_p
            function.argtypes = [ctypes.c_void_p, ctypes.c_uint]
        library.hanja_list_delete.argtypes = [ctypes.c_void_p]
        _library = library
    return _library


def match(kind, key, path=None):
    """libhangul's candidates for `key`: a list of (value, comment), possibly empty."""
    return [(value, comment) for _, value, comment in _match_with_keys(kind, key, path)]


def longest_suffix(text, path=None):
    """(word, candidates): the longest word ending `text` that the dictionary knows, and its entries."""
    found = _match_with_keys("suffix", text, path)
    if not found:
        return "", []
    word = found[0][0]
    return word, [(value, comment) for key, value, comment in found if key == word]


def _match_with_keys(kind, key, path):
    library = _libhangul()
    if path not in _tables:
        table = library.hanja_table_load(path.encode() if path else None)
        if not table:
            raise OSError(f"libhangul could not load {path or 'its hanja.txt'}: install libhangul-data")
        _tables[path] = table
    found = getattr(library, f"hanja_table_match_{kind}")(_tables[path], key.encode())
    if not found:
        return []
    try:
        return [
            (
                library.hanja_list_get_nth_key(found, n).decode(),
                library.hanja_list_get_nth_value(found, n).decode(),
                (library.hanja_list_get_nth_comment(found, n) or b"").decode(),
            )
            for n in range(library.hanja_list_get_size(found))
        ]
    finally:
        library.hanja_list_delete(found)
