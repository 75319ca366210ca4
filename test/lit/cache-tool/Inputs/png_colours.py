"""Says whether a PNG screenshot shows something, and which colours it has,
decoding it with zlib alone (8-bit RGB or RGBA, not interlaced: what
Chromium writes):

    png_colours.py FILE.png [#rrggbb ...]

prints 'blank: no' when more than 1% of the pixels are not white (else
'blank: yes'), then for each colour given '#rrggbb: present' or
'#rrggbb: absent'.
"""
import collections
import struct
import sys
import zlib


def rows(path):
    data = open(path, 'rb').read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        sys.exit('error: %s is not a PNG file' % path)
    at, idat = 8, b''
    while at < len(data):
        length, kind = struct.unpack('>I4s', data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b'IHDR':
            width, height, depth, colour, _, _, interlace = struct.unpack(
                '>IIBBBBB', body)
            if depth != 8 or colour not in (2, 6) or interlace:
                sys.exit('error: unsupported PNG (depth %d, colour type %d)'
                         % (depth, colour))
            channels = 3 if colour == 2 else 4
        elif kind == b'IDAT':
            idat += body
        at += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind = raw[start]
        row = bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(channels, stride):
                row[i] = (row[i] + row[i - channels]) & 0xFF
        elif kind == 2:
            row = bytearray((a + b) & 0xFF for a, b in zip(row, previous))
        elif kind == 3:
            for i in range(stride):
                left = row[i - channels] if i >= channels else 0
                row[i] = (row[i] + ((left + previous[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a = row[i - channels] if i >= channels else 0
                b = previous[i]
                c = previous[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                predictor = a if pa <= pb and pa <= pc else b if pb <= pc else c
                row[i] = (row[i] + predictor) & 0xFF
        yield channels, row
        previous = row


def main():
    counts = collections.Counter()
    for channels, row in rows(sys.argv[1]):
        counts.update(zip(row[0::channels], row[1::channels],
                          row[2::channels]))
    pixels = sum(counts.values())
    not_white = pixels - counts[(255, 255, 255)]
    print('blank: %s' % ('no' if not_white > pixels // 100 else 'yes'))
    for colour in sys.argv[2:]:
        rgb = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
        print('%s: %s' % (colour, 'present' if counts[rgb] else 'absent'))


main()
