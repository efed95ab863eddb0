#!/usr/bin/env python3
"""Code size per function of a wasm module, from its name section (an un-stripped build,
e.g. target/wasm32-unknown-unknown/release/halma.wasm).

    python3 scripts/wasm-sizes.py MODULE.wasm [PATTERN] [TOP]

Prints the TOP (default 40) largest function bodies (bytes, gzip -9 bytes of the body
alone, demangled-ish name), optionally only those whose name contains PATTERN ('x' or ''
for all), then totals per crate prefix and per section.
"""
import re
import sys
import zlib


def leb(b, i):
    r = s = 0
    while True:
        x = b[i]
        i += 1
        r |= (x & 0x7F) << s
        s += 7
        if x < 0x80:
            return r, i


def demangle(n):
    # Legacy Rust mangling: _ZN<len><ident>...17h<hash>E
    m = re.match(r"_ZN(.*)E$", n)
    if not m:
        return n
    s, parts = m.group(1), []
    while s and s[0].isdigit():
        k = re.match(r"\d+", s).group(0)
        ln = int(k)
        parts.append(s[len(k):len(k) + ln])
        s = s[len(k) + ln:]
    if parts and re.fullmatch(r"h[0-9a-f]{16}", parts[-1]):
        parts.pop()
    out = "::".join(parts)
    for a, b in (("$LT$", "<"), ("$GT$", ">"), ("$u20$", " "), ("$RF$", "&"), ("$C$", ","),
                 ("$u7b$", "{"), ("$u7d$", "}"), ("$BP$", "*"), ("$u27$", "'"), ("..", "::"),
                 ("$u5b$", "["), ("$u5d$", "]"), ("$u3b$", ";"), ("$u21$", "!")):
        out = out.replace(a, b)
    return out


def main():
    path = sys.argv[1]
    pat = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] not in ("x", "") else None
    top = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    b = open(path, "rb").read()
    i = 8
    sections, bodies, names, nimports, datasize = [], [], {}, 0, 0
    while i < len(b):
        sid = b[i]
        size, j = leb(b, i + 1)
        end = j + size
        name = str(sid)
        if sid == 0:
            ln, k = leb(b, j)
            name = "custom:" + b[k:k + ln].decode()
            if name == "custom:name":
                k += ln
                while k < end:
                    sub = b[k]
                    ssz, k2 = leb(b, k + 1)
                    if sub == 1:
                        cnt, q = leb(b, k2)
                        for _ in range(cnt):
                            idx, q = leb(b, q)
                            nl, q = leb(b, q)
                            names[idx] = b[q:q + nl].decode("utf8", "replace")
                            q += nl
                    k = k2 + ssz
        elif sid == 2:
            cnt, q = leb(b, j)
            for _ in range(cnt):
                for _ in range(2):
                    nl, q = leb(b, q)
                    q += nl
                kind = b[q]
                q += 1
                if kind == 0:
                    _, q = leb(b, q)
                    nimports += 1
                elif kind == 1:
                    q += 1
                    fl = b[q]
                    q += 1
                    _, q = leb(b, q)
                    if fl & 1:
                        _, q = leb(b, q)
                elif kind == 2:
                    fl = b[q]
                    q += 1
                    _, q = leb(b, q)
                    if fl & 1:
                        _, q = leb(b, q)
                elif kind == 3:
                    q += 2
        elif sid == 10:
            cnt, q = leb(b, j)
            for _ in range(cnt):
                sz, q2 = leb(b, q)
                bodies.append((q2, sz))
                q = q2 + sz
        elif sid == 11:
            datasize = size
        sections.append((name, size))
        i = end
    rows = []
    for n, (off, sz) in enumerate(bodies):
        nm = demangle(names.get(n + nimports, f"func{n + nimports}"))
        if pat and pat not in nm:
            continue
        rows.append((sz, len(zlib.compress(b[off:off + sz], 9)), nm))
    rows.sort(reverse=True)
    total = sum(r[0] for r in rows)
    print(f"{len(rows)} functions, {total} bytes of code")
    for sz, gz, nm in rows[:top]:
        print(f"{sz:8d} {gz:7d}  {nm[:150]}")
    crates = {}
    for sz, _, nm in rows:
        m = re.match(r"<?(?:&)?(?:mut )?([A-Za-z_][A-Za-z0-9_]*)", nm)
        c = m.group(1) if m else "?"
        crates[c] = crates.get(c, 0) + sz
    print("\nby first path segment:")
    for c, sz in sorted(crates.items(), key=lambda x: -x[1])[:25]:
        print(f"{sz:8d}  {c}")
    print("\nsections:")
    for nm, sz in sections:
        print(f"{sz:8d}  {nm}")


if __name__ == "__main__":
    main()
