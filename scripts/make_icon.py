#!/usr/bin/env python3
"""Draws assets/icon.png (256x256): a rounded dark tile holding a 13x13
range grid whose strongest hands are painted in the app's range colour.
Standard library only: `python3 scripts/make_icon.py`."""
import os, struct, zlib

N = 256
BG = (28, 31, 38)
CELL_EMPTY = (52, 58, 70)
FILL = (214, 120, 40)
PAIR = (240, 150, 60)

def rounded(x, y, r=44):
    cx = min(max(x, r), N - 1 - r)
    cy = min(max(y, r), N - 1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r

def in_range(row, col):
    # Pairs 66+, suited broadways and aces, offsuit broadway: a typical open.
    if row == col:
        return row <= 8
    if col > row:  # suited
        return row == 0 or col <= 5
    return col <= 3 and row <= 4  # offsuit

pixels = []
margin, gap = 28, 2
cell = (N - 2 * margin) / 13
for y in range(N):
    line = bytearray()
    for x in range(N):
        if not rounded(x, y):
            line += bytes((0, 0, 0, 0))
            continue
        color = BG
        gx, gy = (x - margin) / cell, (y - margin) / cell
        if 0 <= gx < 13 and 0 <= gy < 13:
            col, row = int(gx), int(gy)
            fx, fy = (x - margin) - col * cell, (y - margin) - row * cell
            if gap <= fx < cell - gap / 2 and gap <= fy < cell - gap / 2:
                if in_range(row, col):
                    color = PAIR if row == col else FILL
                else:
                    color = CELL_EMPTY
        line += bytes((*color, 255))
    pixels.append(b"\x00" + bytes(line))

def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

png = b"\x89PNG\r\n\x1a\n"
png += chunk(b"IHDR", struct.pack(">IIBBBBB", N, N, 8, 6, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(b"".join(pixels), 9))
png += chunk(b"IEND", b"")
out = os.path.join(os.path.dirname(__file__), "..", "assets", "icon.png")
with open(out, "wb") as f:
    f.write(png)
print(f"wrote {out} ({len(png)} bytes)")
