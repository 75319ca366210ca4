// What app.cu's kernel computes; found through '-Iexamples/nvcc/include', so
// the rewrite needs the same -I as nvcc.
#pragma once

#define SCALE_FACTOR 3.0f
