"""Prints what an SVG of 'autotune-cache plot' shows, one line a thing, for
FileCheck: the document's title; per panel its heading and result line, its
chart (bars and their axis, or each heat map with its rows and columns, and
the colour legend); per point its classes, what marks it (outline, label,
cross, hatching, dashed box) and its tooltip. Parsing is the check that the
file is well-formed XML; a point without a <title> is an error.

    svg_marks.py FILE.svg
"""
import sys
import xml.etree.ElementTree as ET

SVG = '{http://www.w3.org/2000/svg}'


def classes(element):
    return element.get('class', '').split()


def text_of(parent, name):
    for t in parent.iter(SVG + 'text'):
        if name in classes(t):
            return t.text
    return None


def marks(point):
    found = []
    for child in point:
        c = classes(child)
        if 'winner-mark' in c:
            found.append('winner outline')
        elif 'default-mark' in c:
            found.append('default outline')
        elif 'role-label' in c:
            found.append('label ' + child.text)
    lines = point.findall(SVG + 'line')
    if len(lines) == 2:
        found.append('cross')
    for rect in point.findall(SVG + 'rect'):
        if rect.get('fill', '').startswith('url(#cut-hatch'):
            found.append('hatched')
        if rect.get('stroke-dasharray') and 'default-mark' not in classes(rect):
            found.append('dashed box')
    return found


def main():
    root = ET.parse(sys.argv[1]).getroot()
    if root.tag != SVG + 'svg':
        sys.exit('error: the root element is %s, not svg' % root.tag)
    print('title: ' + root.find(SVG + 'title').text)
    for panel in root.iter(SVG + 'g'):
        if 'panel' not in classes(panel):
            continue
        print('panel: ' + text_of(panel, 'panel-heading'))
        print('result: ' + text_of(panel, 'panel-result'))
        for g in panel.iter(SVG + 'g'):
            c = classes(g)
            if 'bars' in c:
                print('bars of ' + text_of(g, 'axis-title'))
            elif 'heat-map' in c:
                print('heat map %s: rows %s, columns %s' % (
                    g.get('data-fixed') or '-', text_of(g, 'row-title'),
                    text_of(g, 'column-title')))
            elif 'colour-legend' in c:
                ticks = [t.text for t in g.iter(SVG + 'text')][1:]
                print('colour legend: ' + ', '.join(ticks))
            elif 'point' in c:
                title = g.find(SVG + 'title')
                if title is None or not title.text:
                    sys.exit('error: a point without a <title>: %s' % c)
                print('  %s {%s} %s' % (' '.join(c[1:]), ', '.join(marks(g)),
                                        title.text))


main()
