"""Resident memory of a set of processes counted once: the union of their resident pages.

Two processes that load the same library file share its clean pages, and the sum of their RSS
counts those pages twice; the union does not. As root, /proc/PID/pagemap gives each resident page's
frame number and the union is exact. Without root the frame numbers read as zero, so the fallback is
the sum of Pss (each shared page split between the processes mapping it), which is below the union
when processes outside the set map the same pages (libc); the result says which it is.
"""

import os
import struct
import subprocess

PAGE = os.sysconf("SC_PAGE_SIZE")


def _frames(pid):
    frames = set()
    with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for line in maps:
            addresses = line.split()[0]
            if line.rstrip().endswith("[vsyscall]"):
                continue
            start, end = (int(part, 16) for part in addresses.split("-"))
            pagemap.seek(start // PAGE * 8)
            data = pagemap.read((end - start) // PAGE * 8)
            for (entry,) in struct.iter_unpack("<Q", data):
                if entry >> 63 & 1:  # present in RAM
                    frames.add(entry & ((1 << 55) - 1))
    return frames


def _pss_kib(pid):
    with open(f"/proc/{pid}/smaps_rollup") as rollup:
        for line in rollup:
            if line.startswith("Pss:"):
                return int(line.split()[1])
    raise RuntimeError(f"no Pss in /proc/{pid}/smaps_rollup")


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS in /proc/{pid}/status")


def program_files(executable):
    """The executable and every shared library it loads (`ldd`), as real paths."""
    listing = subprocess.run(["ldd", executable], check=True, capture_output=True, text=True).stdout
    libraries = [line.split("=> ")[1].split(" (")[0] for line in listing.splitlines() if "=> /" in line]
    return [os.path.realpath(path) for path in [executable, *libraries]]


def evict_page_cache(paths):
    """Drops the page cache of `paths` (files, or directories walked), so the programs started next
    read them from disk, as after a reboot. posix_fadvise DONTNEED needs no root, and leaves alone
    pages another process maps (libc stays cached).

    How much of a program's file a process keeps resident depends on how the page cache holds it,
    not only on what the process touches: the kernel maps a file's pages into a process a block at a
    time around each touch (64 KiB, or the whole large folio the file is cached in), and a file just
    written by an installer is cached in large folios, so any touch maps most of it. Read from disk,
    the file is cached as read-ahead brings it in, and what stays resident follows what the programs
    run (scripts/link-order). Measured that way, the figures are those of a typist's login after a
    reboot, and do not depend on whether the install ran a minute or a week before.
    """
    os.sync()
    files = []
    for path in paths:
        if os.path.isdir(path):
            files += [os.path.join(parent, name) for parent, _, names in os.walk(path) for name in names]
        else:
            files.append(path)
    for path in files:
        if os.path.isfile(path) and not os.path.islink(path):
            descriptor = os.open(path, os.O_RDONLY)
            try:
                os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(descriptor)


def union_kib(pids):
    """(KiB, how): the union of the processes' resident pages, or the Pss sum without root."""
    frames = set()
    for pid in pids:
        frames |= _frames(pid)
    if 0 in frames or not frames:
        return sum(_pss_kib(pid) for pid in pids), "Pss sum (not root: no frame numbers)"
    return len(frames) * PAGE // 1024, "union of resident pages"


if __name__ == "__main__":
    import sys

    kib, how = union_kib([int(pid) for pid in sys.argv[1:]])
    print(f"{kib / 1024:.1f} MB ({how})")
