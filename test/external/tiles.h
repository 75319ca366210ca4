// Found through the source's own directory, also when the source that
// includes it is autotune-rewrite's copy in the build tree.
#ifndef TILES_H
#define TILES_H

#define TILE_MAX 64

#endif
