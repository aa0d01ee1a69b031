"""libhangul's dictionaries as its own functions read them, for the expected candidates of the hanja
tests: Debian's libhangul-data files, `key:value:meaning` a line, `#` comments. Entries of one key
come in file order, the order libhangul's hanja_table_match_exact and hanguld both give."""

HANJA = "/usr/share/libhangul/hanja/hanja.txt"
SYMBOLS = "/usr/share/libhangul/hanja/mssymbol.txt"


def read(path, keys):
    """{key: [(value, meaning), ...]} for the wanted `keys` only."""
    wanted = set(keys)
    entries = {key: [] for key in wanted}
    with open(path, encoding="utf-8") as file:
        for line in file:
            if line.startswith("#"):
                continue
            parts = line.rstrip("\n").split(":", 2)
            if len(parts) == 3 and parts[0] in wanted and parts[1]:
                entries[parts[0]].append((parts[1], parts[2]))
    return entries


def longest_suffix_entries(text, path=HANJA, limit=32):
    """The candidates the daemon lists first for `text` before the cursor: the entries of the longest
    word of the dictionary that ends the text (PROTOCOL.md 9.5, rule 3)."""
    suffixes = [text[-length:] for length in range(min(limit, len(text)), 0, -1)]
    entries = read(path, suffixes)
    for suffix in suffixes:
        if entries[suffix]:
            return suffix, entries[suffix]
    return "", []
